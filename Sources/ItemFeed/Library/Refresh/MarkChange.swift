import Foundation

/// A change of marks, as the library's writer makes it: on the writer's
/// connection, so marking never waits on the UI thread for a refresh's
/// batch to be written (SQLite lets one connection write at a time).
public enum MarkChange: Sendable, Equatable {
    case read(Bool, [LibraryItem.Key])
    case starred(Bool, [LibraryItem.Key])
    /// Every unread item of a view.
    case allRead(LibraryView)

    /// Makes the change; returns the items it was about (for `allRead`, those
    /// it marked, so Undo marks exactly them unread again).
    public func apply(to store: LibraryStore) throws -> [LibraryItem.Key] {
        switch self {
        case let .read(isRead, keys):
            try store.setRead(isRead, keys)
            return keys
        case let .starred(isStarred, keys):
            try store.setStarred(isStarred, keys)
            return keys
        case let .allRead(view):
            return try store.markAllRead(view)
        }
    }
}

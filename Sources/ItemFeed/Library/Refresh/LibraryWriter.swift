import Foundation

/// Where every change of the library is written: the store, on whatever
/// thread owns the writing connection, the answer back on the caller's
/// thread, in the order asked. The window's UI thread only reads.
public protocol LibraryWriter: AnyObject {
    func apply(_ refreshes: [FeedRefresh], completion: @escaping (Result<[URL: Int], Error>) -> Void)
    func mark(_ change: MarkChange, completion: @escaping (Result<[LibraryItem.Key], Error>) -> Void)
    /// Any other change (subscribe, rename, import…), made in one transaction.
    func write<Value: Sendable>(_ change: @escaping @Sendable (LibraryStore) throws -> Value, completion: @escaping (Result<Value, Error>) -> Void)
    /// A number that moves when another connection to the library commits
    /// (the command line, a second window), never for this writer's own
    /// writes: SQLite's `data_version` on its connection. `nil`: not known.
    func versionOfOtherWrites(completion: @escaping (Int64?) -> Void)
}

/// Writes in place, on the caller's thread: the command line (which has
/// nothing else to do meanwhile) and tests.
public final class ImmediateLibraryWriter: LibraryWriter {
    private let store: LibraryStore

    public init(store: LibraryStore) {
        self.store = store
    }

    public func apply(_ refreshes: [FeedRefresh], completion: @escaping (Result<[URL: Int], Error>) -> Void) {
        completion(Result { try store.apply(refreshes) })
    }

    public func mark(_ change: MarkChange, completion: @escaping (Result<[LibraryItem.Key], Error>) -> Void) {
        completion(Result { try change.apply(to: store) })
    }

    public func write<Value: Sendable>(_ change: @escaping @Sendable (LibraryStore) throws -> Value, completion: @escaping (Result<Value, Error>) -> Void) {
        completion(Result { [store] in try store.changing { try change(store) } })
    }

    /// Nothing writes beside the command line's one run that it must follow.
    public func versionOfOtherWrites(completion: @escaping (Int64?) -> Void) {
        completion(nil)
    }
}

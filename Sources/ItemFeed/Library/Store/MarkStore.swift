import Foundation

/// The user's marks on items: what opening an item, the star and Mark All
/// as Read write.
public protocol MarkStore: AnyObject {
    func setRead(_ isRead: Bool, _ keys: [LibraryItem.Key]) throws
    func setStarred(_ isStarred: Bool, _ keys: [LibraryItem.Key]) throws
    /// Marks every unread item of a view read; returns those it marked, so
    /// Undo can mark exactly them unread again.
    func markAllRead(_ view: LibraryView) throws -> [LibraryItem.Key]
}

import Foundation

/// The reader's marks on items, as a list's rows show them: a read item is
/// dimmed, an unread one says so to screen readers. The library keeps
/// them; a feed opened by address has none (no marks, nothing dimmed).
@MainActor
public protocol ItemMarks: AnyObject {
    func isRead(_ item: Item) -> Bool
    func isStarred(_ item: Item) -> Bool
    /// Kept by the library, which then says the marks changed.
    func setRead(_ isRead: Bool, _ items: [Item])
    func setStarred(_ isStarred: Bool, _ items: [Item])
}

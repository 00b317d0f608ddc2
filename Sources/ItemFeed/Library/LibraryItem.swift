import Foundation

/// An item as the library holds it: the feed's item, which feed it came
/// from, and the user's marks on it.
public struct LibraryItem: Equatable, Sendable {
    /// The store's key for the item: stable while the item is kept.
    public typealias Key = Int64

    public var key: Key
    public var feedAddress: URL
    public var item: Item
    public var isRead: Bool
    public var isStarred: Bool

    public init(key: Key, feedAddress: URL, item: Item, isRead: Bool = false, isStarred: Bool = false) {
        self.key = key
        self.feedAddress = feedAddress
        self.item = item
        self.isRead = isRead
        self.isStarred = isStarred
    }
}

import Foundation

/// A view's items, counted and read a page at a time, and what an open
/// item shows: what the lists and the reading pane read.
public protocol LibraryViewStore: AnyObject {
    /// How many items a view shows.
    func count(_ view: LibraryView) throws -> Int
    /// A page of a view's items, newest first (an item's date, else when it
    /// was first seen); a search's, the most recently stored first (the
    /// full-text index's own order, so a keystroke stops at the page).
    func items(_ view: LibraryView, in range: Range<Int>) throws -> [LibraryItem]
    /// The same, with positions counted from the view's end (0 is its last
    /// item), in the view's order: a page near the end without stepping
    /// over every row before it.
    func items(_ view: LibraryView, fromEnd range: Range<Int>) throws -> [LibraryItem]

    /// Where an item is in a view (0: its first), `nil` when the view does
    /// not show it: a notification's or a search result's item opened in
    /// the list without reading every row before it.
    func position(of key: LibraryItem.Key, in view: LibraryView) throws -> Int?

    /// The `count` items a local feed's refreshes stored last, the last
    /// first, whatever their dates: a refresh's new items, which its
    /// notification names (one) or follows until they are read.
    func lastStored(_ count: Int, of feed: URL) throws -> [LibraryItem]

    /// Which of `keys` are unread (a notification withdrawn once its items are read).
    func unreadKeys(among keys: [LibraryItem.Key]) throws -> Set<LibraryItem.Key>

    /// Whether the library holds the item (the command line's marks name items by key).
    func contains(_ key: LibraryItem.Key) throws -> Bool

    /// An item's article as the feed gave it (HTML), if it gave one.
    func articleHTML(_ key: LibraryItem.Key) throws -> String?
    /// An item's enclosure (a podcast's file), if it has one.
    func enclosure(_ key: LibraryItem.Key) throws -> Enclosure?
}

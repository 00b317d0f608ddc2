import Foundation

/// The library: subscriptions, their items and the user's marks, the one
/// source of truth the window's lists and the command line read.
///
/// The SQLite store (`ItemFeedStore`) and the in-memory fake
/// (`InMemoryLibraryStore`) both pass one behaviour suite,
/// `LibraryStoreSpecs`, so a test on the fake proves what the app does.
/// Calls are synchronous and made from one thread per store.
public protocol LibraryStore: AnyObject {
    /// Every subscription with its counts: those in folders first, by
    /// folder, then the rest; by title within each.
    func subscriptions() throws -> [Subscription]
    /// Folders by name, including empty ones.
    func folders() throws -> [String]

    /// Adds feeds and folders in one transaction (an OPML import is all or
    /// nothing); returns the addresses that were new. One already
    /// subscribed keeps its items, marks, name and folder.
    @discardableResult func add(_ subscriptions: [Subscription], folders: [String]) throws -> [URL]
    /// Removes a feed and its items; `false` when it was not subscribed.
    @discardableResult func unsubscribe(_ address: URL) throws -> Bool
    /// The user's name for a feed, kept over the feed's own title.
    func rename(_ address: URL, to title: String) throws
    /// `nil`: out of any folder. A new folder name makes the folder.
    func move(_ address: URL, toFolder folder: String?) throws

    /// One batch of a refresh, in one transaction: new items inserted,
    /// changed ones updated with their marks kept, none ever deleted
    /// because a feed dropped it. Returns each feed's count of new items;
    /// a feed not subscribed is ignored (unsubscribed while it loaded).
    @discardableResult func apply(_ refreshes: [FeedRefresh]) throws -> [URL: Int]

    /// How many items a view shows.
    func count(_ view: LibraryView) throws -> Int
    /// A page of a view's items, newest first (an item's date, else when it
    /// was first seen); a search's, the most recently stored first (the
    /// full-text index's own order, so a keystroke stops at the page).
    func items(_ view: LibraryView, in range: Range<Int>) throws -> [LibraryItem]
    /// The same, with positions counted from the view's end (0 is its last
    /// item), in the view's order: a page near the end without stepping
    /// over every row before it (OFFSET 999,800 took 1.35 s over 1,000,000).
    func items(_ view: LibraryView, fromEnd range: Range<Int>) throws -> [LibraryItem]

    /// An item's article as the feed gave it (HTML), if it gave one.
    func articleHTML(_ key: LibraryItem.Key) throws -> String?
    /// An item's enclosure (a podcast's file), if it has one.
    func enclosure(_ key: LibraryItem.Key) throws -> Enclosure?

    func setRead(_ isRead: Bool, _ keys: [LibraryItem.Key]) throws
    func setStarred(_ isStarred: Bool, _ keys: [LibraryItem.Key]) throws
    /// Marks every unread item of a view read; returns those it marked, so
    /// Undo can mark exactly them unread again.
    func markAllRead(_ view: LibraryView) throws -> [LibraryItem.Key]
    /// Deletes read items first seen before `date`, except starred ones;
    /// returns how many.
    @discardableResult func pruneRead(before date: Date) throws -> Int

    /// A preference or a fact the library keeps by name (`ReadRetention`,
    /// `RefreshSettings`); `nil` removes it.
    func setting(_ name: String) throws -> String?
    func setSetting(_ name: String, to value: String?) throws
}

extension LibraryStore {
    /// Adds one feed; `false` when its address was already subscribed.
    @discardableResult public func subscribe(_ subscription: Subscription) throws -> Bool {
        try !add([subscription], folders: []).isEmpty
    }
}

/// Why the library refused a change.
public enum LibraryError: Error, Equatable, LocalizedError {
    case notSubscribed(URL)

    public var errorDescription: String? {
        switch self {
        case let .notSubscribed(address):
            return tr("{address} is not in the library", ["address": address.absoluteString])
        }
    }
}

import Foundation

/// The library's feeds and folders, and what refreshing them writes: what
/// the sidebar, the refresh and the subscribe, rename and move commands need.
public protocol SubscriptionStore: AnyObject {
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
    /// Deletes read items first seen before `date`, except starred ones;
    /// returns how many.
    @discardableResult func pruneRead(before date: Date) throws -> Int
}

extension SubscriptionStore {
    /// Adds one feed; `false` when its address was already subscribed.
    @discardableResult public func subscribe(_ subscription: Subscription) throws -> Bool {
        try !add([subscription], folders: []).isEmpty
    }
}

import Foundation

/// What a library can be asked to do, whoever keeps it: the local library
/// today (`LocalAccount`), a feed server's account later, each behind this
/// one boundary. The window, the command line and OPML call only this; an
/// account writes through its library's writer, so the UI thread only
/// reads, and answers on the caller's thread.
@MainActor
public protocol Account: AnyObject {
    /// A refresh of this account's feeds (the caller picks which).
    func makeRefresh() -> LibraryRefresh

    /// Loads the feed at `request.address` (a web page is followed to the
    /// first feed it names), then keeps it with everything the load
    /// brought, at once. Cancelling stops the load; nothing is kept then.
    @discardableResult
    func subscribe(_ request: SubscribeRequest, completion: @escaping (Result<Subscribed, Error>) -> Void) -> FeedLoadTask
    /// Removes a feed and its items; answers what Undo needs to put them
    /// back, `nil` when it was not in the library.
    func unsubscribe(_ address: URL, completion: @escaping (Result<RemovedSubscription?, Error>) -> Void)
    /// Undo of an unsubscribe: the feed, its items and their marks as they were.
    func restore(_ removed: RemovedSubscription, completion: @escaping (Result<Void, Error>) -> Void)
    func rename(_ address: URL, to title: String, completion: @escaping (Result<Void, Error>) -> Void)
    /// `nil`: out of any folder; a new name makes the folder.
    func move(_ address: URL, toFolder folder: String?, completion: @escaping (Result<Void, Error>) -> Void)
    /// Read, unread, starred, unstarred, Mark All as Read; answers the items
    /// it was about (Mark All as Read: those it marked, for Undo).
    func mark(_ change: MarkChange, completion: @escaping (Result<[LibraryItem.Key], Error>) -> Void)
    /// An OPML file's feeds and folders, all or none; answers the addresses
    /// that were new. Stopped while it is written (a file of 100,000
    /// feeds), it keeps nothing and answers `CancellationError`.
    func importSubscriptions(_ subscriptions: [Subscription], folders: [String], stop: SyncStop, completion: @escaping (Result<[URL], Error>) -> Void)
}

extension Account {
    public func importSubscriptions(_ subscriptions: [Subscription], folders: [String], completion: @escaping (Result<[URL], Error>) -> Void) {
        importSubscriptions(subscriptions, folders: folders, stop: SyncStop(), completion: completion)
    }
}

/// What Subscribe (the window's button, Add Feed, `--subscribe`) asks for.
public struct SubscribeRequest: Sendable {
    public var address: URL
    /// The user's name for it; `nil`: the feed's own title.
    public var title: String?
    public var folder: String?
    /// A feed the window shows already: its items, articles and enclosures
    /// (every page it read) are kept too, and kept alone if the feed
    /// cannot be reached at this moment.
    public var shown: ShownFeed?

    public init(address: URL, title: String? = nil, folder: String? = nil, shown: ShownFeed? = nil) {
        (self.address, self.title, self.folder, self.shown) = (address, title, folder, shown)
    }
}

/// A feed as a window showed it, held while it was open.
public struct ShownFeed: Sendable {
    public var title: String?
    public var items: [Item]
    public var articles: [String: String]
    public var enclosures: [String: Enclosure]

    public init(title: String?, items: [Item], articles: [String: String] = [:], enclosures: [String: Enclosure] = [:]) {
        (self.title, self.items, self.articles, self.enclosures) = (title, items, articles, enclosures)
    }
}

/// What a subscribe did.
public struct Subscribed: Equatable, Sendable {
    /// The feed's address: the one asked for, or the feed its page named.
    public var address: URL
    /// The page asked for, when it was a page and not the feed.
    public var page: URL?
    public var title: String
    /// Items kept; `nil` when the feed was in the library already, which
    /// was left as it was.
    public var added: Int?

    public init(address: URL, page: URL? = nil, title: String, added: Int?) {
        (self.address, self.page, self.title, self.added) = (address, page, title, added)
    }
}

/// A feed unsubscribed, with what Undo needs to put it back as it was.
public struct RemovedSubscription: Sendable {
    public let subscription: Subscription
    public let items: [LibraryItem]

    public init(subscription: Subscription, items: [LibraryItem]) {
        (self.subscription, self.items) = (subscription, items)
    }
}

/// Why a feed could not be subscribed.
public enum SubscribeError: Error, Equatable, LocalizedError {
    /// The feed could not be loaded: why, as the sidebar would say it.
    case unreadable(reason: String)

    public var errorDescription: String? {
        switch self {
        case let .unreadable(reason): return reason
        }
    }
}

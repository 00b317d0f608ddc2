import Foundation

/// Which of the library's items a list shows: a value, so presenters and
/// tests speak of views and the store alone turns them into queries.
public struct LibraryView: Hashable, Sendable {
    public enum Scope: Hashable, Sendable {
        case all
        case unread
        case starred
        /// The feeds in a folder.
        case folder(String)
        /// One feed, the local library's or an account's.
        case feed(FeedID)
        /// Every item of an account on a feed server.
        case account(SyncAccount.ID)
        /// One of an account's folders, by the server's id for it.
        case accountFolder(SyncAccount.ID, String)
        /// The items a `LibraryQuery` matches, local and accounts' alike: a saved view.
        case query(String)
        /// The items a rule hid: in this view only.
        case hiddenByRules
    }

    public var scope: Scope
    /// A `LibraryQuery` the shown items match (SPEC 17: words, "phrases",
    /// `-word`, `OR`, fields, dates); `nil` or blank: no search.
    public var search: String?

    public init(_ scope: Scope, search: String? = nil) {
        self.scope = scope
        self.search = search
    }

    public static let all = LibraryView(.all)
    public static let unread = LibraryView(.unread)
    public static let starred = LibraryView(.starred)
    public static let hiddenByRules = LibraryView(.hiddenByRules)

    /// Whether the view shows the feed's items (what F5 on it refreshes).
    public func includes(_ subscription: Subscription) -> Bool {
        switch scope {
        case .all, .unread, .starred, .query, .hiddenByRules: return true
        case let .folder(name): return subscription.folder == name
        case let .feed(feed): return feed.localAddress == subscription.address
        case .account, .accountFolder: return false
        }
    }

    /// Whether the view shows accounts' items: F5 on it syncs them too.
    /// The one account the view shows, whose sync F5 there asks for.
    public var account: SyncAccount.ID? {
        switch scope {
        case let .account(id), let .accountFolder(id, _): return id
        case let .feed(feed): return feed.isLocal ? nil : feed.account
        default: return nil
        }
    }

    public var spansAccounts: Bool {
        switch scope {
        case .all, .unread, .starred, .account, .accountFolder, .query, .hiddenByRules: return true
        case let .feed(feed): return !feed.isLocal
        case .folder: return false
        }
    }

}

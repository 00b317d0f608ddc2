import Foundation
import ItemFeed

/// What a sidebar row's menu acts on: a feed of the library's own, a feed
/// of an account on a server, or a saved view. One Rename, Copy Address,
/// Mark All as Read and Remove serve all three (`RowCommands`).
public enum RowSubject: Equatable, Sendable {
    case feed(Subscription)
    case accountFeed(SyncAccount, AccountFeed)
    case savedView(SavedView)

    public var title: String {
        switch self {
        case let .feed(subscription): return subscription.title
        case let .accountFeed(_, feed): return feed.title
        case let .savedView(saved): return saved.name
        }
    }

    /// The feed's address; a saved view has none.
    public var address: URL? {
        switch self {
        case let .feed(subscription): return subscription.address
        case let .accountFeed(_, feed): return feed.address
        case .savedView: return nil
        }
    }

    /// Whether its feed's pages are fetched whole ("Always Fetch Full Articles").
    public var fetchesFullArticles: Bool {
        switch self {
        case let .feed(subscription): return subscription.fetchesFullArticles
        case let .accountFeed(_, feed): return feed.fetchesFullArticles
        case .savedView: return false
        }
    }

    /// The items the row shows.
    public var view: LibraryView {
        switch self {
        case let .feed(subscription): return LibraryView(.feed(subscription.address))
        case let .accountFeed(account, feed): return LibraryView(.feed(FeedID(account: account.id, id: feed.id)))
        case let .savedView(saved): return saved.view
        }
    }
}

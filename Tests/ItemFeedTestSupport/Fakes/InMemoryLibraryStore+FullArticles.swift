import Foundation
import ItemFeed

/// Full articles kept with their items; the fake keeps no server accounts
/// (they come only from a sync, which runs on the SQLite store).
extension InMemoryLibraryStore {
    public func fullArticleHTML(_ key: LibraryItem.Key) throws -> String? {
        stored[key]?.fullArticle?.html
    }

    public func setFullArticle(_ html: String?, fetched: Date, of key: LibraryItem.Key) throws {
        stored[key]?.fullArticle = (html, fetched)
    }

    public func fetchesFullArticles(of key: LibraryItem.Key) throws -> Bool {
        stored[key].flatMap { feeds[$0.item.feedAddress]?.subscription.fetchesFullArticles } ?? false
    }

    public func setFetchesFullArticles(_ fetches: Bool, for feed: LibraryView.Scope) throws {
        guard case let .feed(feed) = feed, let address = feed.localAddress else { return }
        feeds[address]?.subscription.fetchesFullArticles = fetches
    }

    public func pagesWantingFullArticles(limit: Int) throws -> [FullArticlePage] {
        let wanted = stored.values.filter { stored in
            !stored.item.isRead && stored.fullArticle == nil && feeds[stored.item.feedAddress]?.subscription.fetchesFullArticles == true
        }
        return wanted.sorted { $0.sortDate != $1.sortDate ? $0.sortDate > $1.sortDate : $0.item.key > $1.item.key }
            .compactMap { stored -> FullArticlePage? in
                guard let link = stored.item.item.linkAddress.flatMap(URL.init(string:)), ["http", "https"].contains(link.scheme?.lowercased() ?? "") else { return nil }
                return FullArticlePage(key: stored.item.key, address: link)
            }
            .prefix(max(0, limit)).map { $0 }
    }

    public func accounts() throws -> [SyncAccount] { [] }
    public func feeds(of account: SyncAccount.ID) throws -> [AccountFeed] { [] }
}

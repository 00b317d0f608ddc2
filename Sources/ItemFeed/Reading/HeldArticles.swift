import Foundation

/// The articles of a feed opened by address (not in the library), for the
/// reading pane: held from each page its loaders map, for as long as the
/// feed is shown. The library keeps its own in the store. No larger than
/// the feed's body: each article is a part of it, capped.
public final class HeldArticles: Sendable {
    private struct Held {
        var articles: [String: String] = [:]
        var enclosures: [String: Enclosure] = [:]
    }

    private let held = Locked(Held())

    public init() {}

    /// A page's articles and enclosures; the newest for an item held
    /// already (the feed reloaded brings its articles as they are now).
    public func hold(_ feed: Feed) {
        guard !feed.articles.isEmpty || !feed.enclosures.isEmpty else { return }
        held.withLock { held in
            held.articles.merge(feed.articles) { _, newest in newest }
            held.enclosures.merge(feed.enclosures) { _, newest in newest }
        }
    }

    public func articleHTML(of item: Item) -> String? { held.withLock { $0.articles[item.id] } }
    public func enclosure(of item: Item) -> Enclosure? { held.withLock { $0.enclosures[item.id] } }

    /// What is held for `items`, by item id: kept in the library when the
    /// feed is subscribed to.
    public func held(for items: [Item]) -> (articles: [String: String], enclosures: [String: Enclosure]) {
        held.withLock { held in
            var articles: [String: String] = [:], enclosures: [String: Enclosure] = [:]
            for item in items {
                articles[item.id] = held.articles[item.id]
                enclosures[item.id] = held.enclosures[item.id]
            }
            return (articles, enclosures)
        }
    }
}

/// A feed's loaders, whose pages' articles are held as they arrive.
public struct ArticleHoldingLoader: ItemLoader, ItemPageLoader {
    private let first: ItemLoader
    private let later: ItemPageLoader
    private let articles: HeldArticles

    public init(first: ItemLoader, later: ItemPageLoader, holdingIn articles: HeldArticles) {
        self.first = first
        self.later = later
        self.articles = articles
    }

    @discardableResult
    public func load(batches: (([Item]) -> Void)?, completion: @escaping (Result<Feed, Error>) -> Void) -> FeedLoadTask {
        first.load(batches: batches) { [articles] result in
            if case let .success(feed) = result { articles.hold(feed) }
            completion(result)
        }
    }

    @discardableResult
    public func loadPage(at url: URL, completion: @escaping (Result<Feed, Error>) -> Void) -> FeedLoadTask {
        later.loadPage(at: url) { [articles] result in
            if case let .success(feed) = result { articles.hold(feed) }
            completion(result)
        }
    }
}

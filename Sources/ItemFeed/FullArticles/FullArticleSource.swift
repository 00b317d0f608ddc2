import Foundation

/// Where the pane's full articles come from: the item's page, fetched and
/// read (kept in the library, so the next time it reads offline). The
/// answer comes on the caller's thread, once, unless cancelled.
@MainActor
public protocol FullArticleSource {
    func fullArticle(of item: Item, completion: @escaping (Result<Article, FullArticleError>) -> Void) -> FeedLoadTask
    /// Whether the item's feed is set to "Always Fetch Full Articles": the
    /// pane then asks for its full article as it opens it.
    func fetchesAlways(_ item: Item) -> Bool
}

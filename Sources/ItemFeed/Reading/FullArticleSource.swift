import Foundation

/// Where the pane's full articles come from: the item's page, fetched and
/// read (kept in the library, so the next time it reads offline). The
/// answer comes on the caller's thread, once, unless cancelled.
@MainActor
public protocol FullArticleSource {
    func fullArticle(of item: Item, completion: @escaping (Result<Article, FullArticleError>) -> Void) -> FeedLoadTask
}

/// The full articles a library keeps beside its items' own.
public protocol FullArticleStore: AnyObject {
    /// The article's HTML as the readability pass left it, if fetched.
    func fullArticleHTML(_ key: LibraryItem.Key) throws -> String?
    func setFullArticle(_ html: String, fetched: Date, of key: LibraryItem.Key) throws
}

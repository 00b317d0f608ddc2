import Foundation

/// The full articles a library keeps beside its items' own, and which
/// feeds want theirs fetched after each refresh.
public protocol FullArticleStore: AnyObject {
    /// The article's HTML as the readability pass left it, if fetched.
    func fullArticleHTML(_ key: LibraryItem.Key) throws -> String?
    /// `nil`: the page was asked and gave none; "Always Fetch" does not
    /// ask it again (the pane's toggle still does).
    func setFullArticle(_ html: String?, fetched: Date, of key: LibraryItem.Key) throws
    /// Whether the item's feed is set to "Always Fetch Full Articles".
    func fetchesFullArticles(of key: LibraryItem.Key) throws -> Bool
    /// A feed's (`.feed`), the local library's or an account's; other scopes are ignored.
    func setFetchesFullArticles(_ fetches: Bool, for feed: LibraryView.Scope) throws
    /// Unread items of those feeds whose page was never asked, newest first.
    func pagesWantingFullArticles(limit: Int) throws -> [FullArticlePage]
}

/// An item whose full article is wanted, and its page.
public struct FullArticlePage: Equatable, Sendable {
    public let key: LibraryItem.Key
    public let address: URL

    public init(key: LibraryItem.Key, address: URL) {
        (self.key, self.address) = (key, address)
    }
}

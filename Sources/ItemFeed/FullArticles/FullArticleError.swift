import Foundation

/// Why an item's page gave no full article: said under the feed's text,
/// which stays.
public enum FullArticleError: Error, Equatable, Sendable, LocalizedError {
    case http(status: Int)
    case unreachable(reason: String)
    case notHTML(contentType: String)
    case tooLarge
    case noArticle
    /// The item links to no web page.
    case noPage

    public var errorDescription: String? {
        switch self {
        case let .http(status): tr("The page answered HTTP {status}", ["status": String(status)])
        case let .unreachable(reason): tr("The page could not be reached: {reason}", ["reason": reason])
        case let .notHTML(type): tr("The page is not HTML but {type}", ["type": type])
        case .tooLarge: tr("The page is too large to read")
        case .noArticle: tr("No article was found on the page")
        case .noPage: tr("The item links to no web page")
        }
    }
}

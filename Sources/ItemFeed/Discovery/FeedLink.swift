import Foundation

/// A feed a web page names in its `<link rel="alternate">`: users paste a
/// blog's or a news site's address far more often than its feed's.
public struct FeedLink: Equatable, Sendable {
    public let url: URL
    /// The link's `title`, when the page gives one.
    public let title: String?
    /// "RSS", "Atom" or "JSON Feed", from the link's type.
    public let format: String

    public init(url: URL, title: String?, format: String) {
        self.url = url
        self.title = title
        self.format = format
    }
}

/// Finds the feeds a web page names (SPEC 14).
public protocol FeedLinkReader: Sendable {
    /// The feeds `response` names, in the page's order; `nil` when it is
    /// not a web page at all.
    func links(in response: HTTPResponse, from url: URL) -> [FeedLink]?
}

extension FeedLinkReader {
    /// What a body no format reads turns out to be: a page naming feeds,
    /// a page naming none, or not a page at all.
    func failure(for response: HTTPResponse, from url: URL) -> RemoteLoadError {
        guard let links = links(in: response, from: url) else { return .invalidData }
        return links.isEmpty ? .pageNamesNoFeed : .pageNamesFeeds(links)
    }
}

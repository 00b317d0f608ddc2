import Foundation
import ItemFeed

/// An item's HTML body as the plain text its row shows and search indexes,
/// for items that come from a feed server rather than a feed file. One
/// libxml2 parser context, reused: one per batch of items, on one thread.
public final class HTMLSummarizer {
    private let text: HTMLText

    public init() throws {
        text = try HTMLText()
    }

    public func summary(of html: String) -> String? {
        text.plainText(html, limit: FeedText.summaryLimit)
    }
}

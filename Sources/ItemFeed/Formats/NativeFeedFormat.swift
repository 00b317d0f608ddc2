import Foundation

/// ItemFeed's own format:
///
///     {"title": "…", "next": "page2.json",
///      "items": [{"id": "…", "name": "…", "image_url": "…", "author": "…",
///                 "priority": 1, "date": "2026-01-31T12:00:00Z",
///                 "link": "https://…", "summary": "…"}]}
///
/// Any JSON object is offered to it last, after the formats that announce
/// themselves; one without an `items` array is not a feed.
public struct NativeFeedFormat: FeedFormat {
    public let id = "native"
    public let name = "ItemFeed"

    public init() {}

    public func recognises(_ response: HTTPResponse, from url: URL) -> Bool {
        BodyStart.firstSignificantByte(of: response.body) == UInt8(ascii: "{")
    }

    public func map(_ response: HTTPResponse, from url: URL, batches: ItemBatches?) throws -> Feed {
        let entries = try JSONEntryList(response.body, listKey: "items")
        guard let document = entries.feed else { throw RemoteLoadError.invalidData }
        let resolver = FeedURLResolver(feedURL: url)
        let collector = try FeedItemCollector(entries: entries, batches: batches) { item(from: $0, resolver: resolver) }
        return Feed(
            items: collector.items,
            skippedItemCount: collector.skipped,
            title: document.text("title", limit: FeedText.nameLimit),
            nextPage: document.string("next").flatMap { resolver.nextPageURL($0) }
        )
    }

    private func item(from entry: JSONFields, resolver: FeedURLResolver) -> Item? {
        guard let id = entry.identifier("id"),
              let name = entry.text("name", limit: FeedText.titleLimit)
        else { return nil }
        return Item(
            id: id,
            name: name,
            imageAddress: entry.string("image_url").flatMap { resolver.imageAddress($0) },
            author: entry.text("author", limit: FeedText.nameLimit),
            date: entry.string("date").flatMap(InternetDate.parse),
            linkAddress: entry.string("link").flatMap { resolver.linkAddress($0) },
            summary: entry.text("summary", limit: FeedText.summaryLimit),
            priority: entry.int("priority")
        )
    }
}

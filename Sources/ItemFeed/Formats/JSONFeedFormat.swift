import Foundation

/// JSON Feed 1.0 and 1.1 (https://jsonfeed.org/version/1.1).
///
/// Recognised by its mandatory `version` address, looked for in the first
/// 64 KiB (publishers put it first; a JSON Feed also has `items`, so
/// without this look it would be taken for the native format and every
/// entry skipped).
public struct JSONFeedFormat: FeedFormat {
    public let id = "json-feed"
    public let name = "JSON Feed"

    /// Whether the mapping keeps each item's article (`Feed.articles`).
    private let keepsArticles: Bool

    public init(keepsArticles: Bool = false) {
        self.keepsArticles = keepsArticles
    }

    public func recognises(_ response: HTTPResponse, from url: URL) -> Bool {
        BodyStart.firstSignificantByte(of: response.body) == UInt8(ascii: "{")
            && (BodyStart.contains("jsonfeed.org/version", inFirst: 65_536, of: response.body)
                || BodyStart.contains(#"jsonfeed.org\/version"#, inFirst: 65_536, of: response.body))
    }

    public func map(_ response: HTTPResponse, from url: URL, batches: ItemBatches?) throws -> Feed {
        let entries = try JSONEntryList(response.body, listKey: "items")
        guard let document = entries.feed, document.string("version")?.contains("jsonfeed.org/version/") == true else {
            throw RemoteLoadError.invalidData
        }
        let resolver = FeedURLResolver(feedURL: url)
        let feedAuthor = author(of: document)
        var articles: [String: String] = [:]
        var enclosures: [String: Enclosure] = [:]
        let collector = try FeedItemCollector(entries: entries, batches: batches) { entry in
            let item = item(from: entry, feedAuthor: feedAuthor, resolver: resolver)
            if keepsArticles, let item, articles[item.id] == nil {
                articles[item.id] = article(of: entry).map(FeedArticles.capped)
                enclosures[item.id] = enclosure(of: entry, resolver: resolver)
            }
            return item
        }
        var feed = Feed(
            items: collector.items,
            skippedItemCount: collector.skipped,
            title: document.text("title", limit: FeedText.nameLimit),
            nextPage: document.string("next_url").flatMap { resolver.nextPageURL($0) }
        )
        feed.articles = articles
        feed.enclosures = enclosures
        feed.iconAddress = (document.string("icon") ?? document.string("favicon")).flatMap { resolver.imageAddress($0) }
        return feed
    }

    /// The first attachment that is not an image.
    private func enclosure(of entry: JSONFields, resolver: FeedURLResolver) -> Enclosure? {
        for attachment in entry.array("attachments") ?? [] {
            guard let attachment = JSONFields(attachment), attachment.string("mime_type")?.lowercased().hasPrefix("image/") != true,
                  let url = attachment.string("url").flatMap({ resolver.linkAddress($0) }).flatMap(URL.init(string:))
            else { continue }
            return Enclosure(
                url: url, type: attachment.string("mime_type"), length: attachment.int("size_in_bytes"),
                duration: attachment.int("duration_in_seconds").map(TimeInterval.init)
            )
        }
        return nil
    }

    /// `content_html`, else `content_text`, else `summary`.
    private func article(of entry: JSONFields) -> String? {
        entry.string("content_html") ?? (entry.string("content_text") ?? entry.string("summary")).map(FeedArticles.html(fromText:))
    }

    private func item(from entry: JSONFields, feedAuthor: String?, resolver: FeedURLResolver) -> Item? {
        let summary = (entry.string("summary") ?? entry.string("content_text"))
            .flatMap { FeedText.clean($0, limit: FeedText.summaryLimit) }
        // A title is optional in JSON Feed (micro-blogs have none): the
        // first sentence of the text stands in, as feed readers show it;
        // an item without an id gets its link or a digest.
        let title = entry.text("title", limit: FeedText.titleLimit)
        let date = entry.string("date_published").flatMap(InternetDate.parse)
        let link = (entry.string("url") ?? entry.string("external_url")).flatMap { resolver.linkAddress($0) }
        guard let id = entry.identifier("id") ?? EntryFallback.id(link: link, title: title, date: date, text: summary) else { return nil }
        return Item(
            id: id,
            name: title ?? EntryFallback.title(fromText: summary),
            imageAddress: imageAddress(of: entry, resolver: resolver),
            author: author(of: entry) ?? feedAuthor,
            date: date,
            linkAddress: link,
            summary: summary
        )
    }

    /// `image`, then `banner_image`, then the first attachment that is an image.
    private func imageAddress(of entry: JSONFields, resolver: FeedURLResolver) -> String? {
        if let url = entry.string("image").flatMap({ resolver.imageAddress($0) }) { return url }
        if let url = entry.string("banner_image").flatMap({ resolver.imageAddress($0) }) { return url }
        for attachment in entry.array("attachments") ?? [] {
            guard let attachment = JSONFields(attachment),
                  attachment.string("mime_type")?.lowercased().hasPrefix("image/") == true,
                  let url = attachment.string("url").flatMap({ resolver.imageAddress($0) })
            else { continue }
            return url
        }
        return nil
    }

    /// 1.1's `authors[0]`, else 1.0's `author`.
    private func author(of object: JSONFields) -> String? {
        let author = object.array("authors")?.first.flatMap(JSONFields.init) ?? object.fields("author")
        return author?.text("name", limit: FeedText.nameLimit)
    }
}

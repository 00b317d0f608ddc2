import Foundation
import ItemFeed

/// Atom (RFC 4287), with paging by `link rel="next"` (RFC 5005) and Media
/// RSS thumbnails. Text constructs are read by their `type`: `text` as it
/// is, `html` and `xhtml` as the text of their markup.
public struct AtomFormat: FeedFormat {
    public let id = "atom"
    public let name = "Atom"

    public init() {}

    public func recognises(_ response: HTTPResponse, from url: URL) -> Bool {
        XMLRoot(of: response.body, url: url)?.matches("feed", namespace: XMLNamespace.atom) == true
    }

    public func map(_ response: HTTPResponse, from url: URL, batches: ItemBatches?) throws -> Feed {
        let reader = try XMLReader(data: response.body, url: url)
        let resolver = FeedURLResolver(feedURL: url)
        let html = try HTMLText()
        var collector = FeedItemCollector(capacity: 64, batches: batches)
        var feed = AtomEntry()
        var entry: AtomEntry?
        var path: [String] = []

        while try reader.read() {
            switch reader.nodeType {
            case .element:
                let name = reader.namespace == XMLNamespace.atom ? reader.localName
                    : reader.namespace == XMLNamespace.media ? "media:" + reader.localName : "other:" + reader.localName
                if name == "entry", path.last == "feed" {
                    entry = AtomEntry()
                    if reader.isEmptyElement { collector.add(Item?.none); entry = nil } else { path.append(name) }
                    continue
                }
                let consumed: Bool
                if entry != nil {
                    consumed = try entry!.read(name, parent: path.last, from: reader, resolver: resolver, html: html)
                } else {
                    consumed = try feed.read(name, parent: path.last, from: reader, resolver: resolver, html: html)
                }
                if !consumed, !reader.isEmptyElement { path.append(name) }
            case .endElement:
                if path.popLast() == "entry", let finished = entry {
                    collector.add(finished.item(feedAuthor: feed.author))
                    entry = nil
                }
            default:
                break
            }
        }
        return Feed(
            items: collector.items,
            skippedItemCount: collector.skipped,
            title: feed.title.flatMap { FeedText.clean($0, limit: FeedText.nameLimit) },
            nextPage: feed.next
        )
    }
}

/// The fields of an entry, or of the feed itself (its title, author and
/// next page), as they are read.
private struct AtomEntry {
    var id: String?
    var title: String?
    var link: String?
    var next: URL?
    var published: Date?
    var updated: Date?
    var summary: String?
    var content: String?
    var author: String?
    var thumbnail: String?
    var enclosureImage: String?

    /// Returns whether it consumed the element (read past it).
    mutating func read(_ name: String, parent: String?, from reader: XMLReader, resolver: FeedURLResolver, html: HTMLText) throws -> Bool {
        let isOwn = parent == "entry" || parent == "feed"
        switch (name, isOwn) {
        case ("id", true):
            id = FeedText.clean(try reader.readText(), limit: FeedText.idLimit)
        case ("title", true):
            title = try Self.text(of: reader, html: html, limit: FeedText.titleLimit)
        case ("summary", true):
            summary = try Self.text(of: reader, html: html, limit: FeedText.summaryLimit)
        case ("content", true):
            content = try Self.text(of: reader, html: html, limit: FeedText.summaryLimit)
        case ("published", true):
            published = InternetDate.parse(try reader.readText())
        case ("updated", true):
            updated = InternetDate.parse(try reader.readText())
        case ("name", false) where parent == "author":
            let text = try reader.readText()
            author = author ?? FeedText.clean(text, limit: FeedText.nameLimit)
        case ("link", true):
            readLink(reader, resolver: resolver)
            return false
        case ("media:thumbnail", _):
            thumbnail = thumbnail ?? reader.attribute("url").flatMap { resolver.imageAddress($0, base: reader.baseURL) }
            return false
        default:
            return false
        }
        return true
    }

    private mutating func readLink(_ reader: XMLReader, resolver: FeedURLResolver) {
        guard let href = reader.attribute("href") else { return }
        let base = reader.baseURL
        switch reader.attribute("rel")?.lowercased() ?? "alternate" {
        case "alternate":
            link = link ?? resolver.linkAddress(href, base: base)
        case "next":
            next = next ?? resolver.nextPageURL(href, base: base)
        case "enclosure" where reader.attribute("type")?.lowercased().hasPrefix("image/") == true:
            enclosureImage = enclosureImage ?? resolver.imageAddress(href, base: base)
        default:
            break
        }
    }

    /// A text construct by its `type`.
    private static func text(of reader: XMLReader, html: HTMLText, limit: Int) throws -> String? {
        switch reader.attribute("type")?.lowercased() {
        case "html", "text/html":
            return html.plainText(try reader.readText(), limit: limit)
        case "xhtml", "application/xhtml+xml":
            return html.plainText(try reader.readInnerMarkup(), limit: limit)
        default:
            return FeedText.clean(try reader.readText(), limit: limit)
        }
    }

    func item(feedAuthor: String?) -> Item? {
        guard let id, let title else { return nil }
        return Item(
            id: id,
            name: title,
            imageAddress: thumbnail ?? enclosureImage,
            author: author ?? feedAuthor,
            date: published ?? updated,
            linkAddress: link,
            summary: summary ?? content
        )
    }
}

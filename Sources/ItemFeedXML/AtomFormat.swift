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
        let summaries = try SummaryPipeline<AtomEntry>(batches: batches)
        defer { summaries.drain() }
        var feed = AtomEntry()
        var entry: AtomEntry?
        var path: [String] = []

        while try reader.read() {
            switch reader.nodeType {
            case .element:
                let namespace = reader.namespace
                let name = namespace == XMLNamespace.atom ? reader.localName
                    : namespace == XMLNamespace.media ? "media:" + reader.localName : "other:" + reader.localName
                if name == "entry", path.last == "feed" {
                    entry = AtomEntry()
                    if reader.isEmptyElement { summaries.add(AtomEntry(), fallbackImage: nil); entry = nil } else { path.append(name) }
                    continue
                }
                let consumed: Bool
                if entry != nil {
                    consumed = try entry!.read(name, parent: path.last, from: reader, resolver: resolver)
                } else {
                    consumed = try feed.read(name, parent: path.last, from: reader, resolver: resolver)
                }
                if !consumed, !reader.isEmptyElement { path.append(name) }
            case .endElement:
                if path.popLast() == "entry", var finished = entry {
                    finished.author = finished.author ?? feed.author
                    summaries.add(finished, fallbackImage: nil)
                    entry = nil
                }
            default:
                break
            }
        }
        let collector = summaries.finish()
        return Feed(
            items: collector.items,
            skippedItemCount: collector.skipped,
            // A parser for the feed's own title only if it is markup.
            title: try feed.title.flatMap { try $0.plainText(html: HTMLText(), limit: FeedText.nameLimit) },
            nextPage: feed.next
        )
    }
}

/// The fields of an entry, or of the feed itself (its title, author and
/// next page), as they are read; its text constructs are made plain text
/// with the item (`SummaryPipeline`).
private struct AtomEntry: SummarisedEntry {
    var id: String?
    var title: TextConstruct?
    var link: String?
    var next: URL?
    var published: Date?
    var updated: Date?
    var summary: TextConstruct?
    var content: TextConstruct?
    var author: String?
    var thumbnail: String?
    var enclosureImage: String?

    /// Returns whether it consumed the element (read past it).
    mutating func read(_ name: String, parent: String?, from reader: XMLReader, resolver: FeedURLResolver) throws -> Bool {
        let isOwn = parent == "entry" || parent == "feed"
        switch (name, isOwn) {
        case ("id", true):
            id = FeedText.clean(try reader.readText(), limit: FeedText.idLimit)
        case ("title", true):
            title = try TextConstruct(reader)
        case ("summary", true):
            summary = try TextConstruct(reader)
        case ("content", true):
            content = try TextConstruct(reader)
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

    func item(html: HTMLText) -> Item? {
        guard let id, let title = title?.plainText(html: html, limit: FeedText.titleLimit) else { return nil }
        return Item(
            id: id,
            name: title,
            imageAddress: thumbnail ?? enclosureImage,
            author: author,
            date: published ?? updated,
            linkAddress: link,
            summary: summary?.plainText(html: html, limit: FeedText.summaryLimit)
                ?? content?.plainText(html: html, limit: FeedText.summaryLimit)
        )
    }
}

/// An Atom text construct as read, by its `type`: `text` as it is, `html`
/// and `xhtml` as markup whose text is shown.
private enum TextConstruct: Sendable {
    case text(String)
    case markup(String)

    init(_ reader: XMLReader) throws {
        switch reader.attribute("type")?.lowercased() {
        case "html", "text/html": self = .markup(try reader.readText())
        case "xhtml", "application/xhtml+xml": self = .markup(try reader.readInnerMarkup())
        default: self = .text(try reader.readText())
        }
    }

    /// `html` is asked for only for markup.
    func plainText(html: @autoclosure () throws -> HTMLText, limit: Int) rethrows -> String? {
        switch self {
        case let .text(text): FeedText.clean(text, limit: limit)
        case let .markup(markup): try html().plainText(markup, limit: limit)
        }
    }
}

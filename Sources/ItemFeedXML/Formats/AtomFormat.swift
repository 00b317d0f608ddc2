import Foundation
import ItemFeed

/// Atom (RFC 4287), with paging by `link rel="next"` (RFC 5005) and Media
/// RSS thumbnails. Text constructs are read by their `type`: `text` as it
/// is, `html` and `xhtml` as the text of their markup. Atom 0.3 (its own
/// namespace, `issued` and `modified` for dates) and Atom written without
/// its namespace read the same: the root's namespace is the feed's.
public struct AtomFormat: FeedFormat {
    public let id = "atom"
    public let name = "Atom"

    /// Whether the mapping keeps each item's article (`Feed.articles`).
    private let keepsArticles: Bool

    public init(keepsArticles: Bool = false) {
        self.keepsArticles = keepsArticles
    }

    public func recognises(_ response: HTTPResponse, from url: URL) -> Bool {
        guard let root = XMLRoot(of: response, url: url) else { return false }
        return [XMLNamespace.atom, XMLNamespace.atom03, ""].contains { root.matches("feed", namespace: $0) }
    }

    public func map(_ response: HTTPResponse, from url: URL, batches: ItemBatches?) throws -> Feed {
        try XMLMapping.map(response, from: url, batches: batches) { reader, batches in
            try read(reader, from: url, batches: batches)
        }
    }

    private func read(_ reader: XMLReader, from url: URL, batches: ItemBatches?) throws -> Feed {
        let resolver = FeedURLResolver(feedURL: url)
        let summaries = try SummaryPipeline<AtomEntry>(batches: batches, keepsArticles: keepsArticles)
        defer { summaries.drain() }
        var feed = AtomEntry()
        var entry: AtomEntry?
        var path: [String] = []
        /// The root's: Atom 1.0's, Atom 0.3's, or none.
        var atom: String?
        var entryCount = 0

        while try reader.read() {
            switch reader.nodeType {
            case .element:
                let namespace = reader.namespace
                if atom == nil { atom = namespace }
                let name = namespace == atom ? reader.localName
                    : namespace == XMLNamespace.media ? "media:" + reader.localName : "other:" + reader.localName
                if name == "entry", path.last == "feed" {
                    entry = AtomEntry(position: entryCount)
                    entryCount += 1
                    if reader.isEmptyElement { summaries.add(entry!, fallbackImage: nil); entry = nil } else { path.append(name) }
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
        let (collector, articles, enclosures) = summaries.finish()
        var mapped = Feed(
            items: collector.items,
            skippedItemCount: collector.skipped,
            // A parser for the feed's own title only if it is markup.
            title: try feed.title.flatMap { try $0.plainText(html: HTMLText(), limit: FeedText.nameLimit) },
            nextPage: feed.next
        )
        mapped.articles = articles
        mapped.enclosures = enclosures
        mapped.iconAddress = feed.icon ?? feed.logo
        return mapped
    }
}

/// The fields of an entry, or of the feed itself (its title, author and
/// next page), as they are read; its text constructs are made plain text
/// with the item (`SummaryPipeline`).
private struct AtomEntry: SummarisedEntry {
    /// Where the entry is in the feed: its id when it has nothing else.
    var position: Int?
    var id: String?
    var title: TextConstruct?
    var link: String?
    var next: URL?
    var published: Date?
    var updated: Date?
    var summary: TextConstruct?
    var content: TextConstruct?
    var author: String?
    var media = MediaRSS()
    var enclosureImage: String?
    /// A file that is not an image (a podcast's episode).
    var enclosure: Enclosure?
    /// The feed's `<icon>` (square, small) and `<logo>` (wide).
    var icon: String?
    var logo: String?

    /// Returns whether it consumed the element (read past it).
    mutating func read(_ name: String, parent: String?, from reader: XMLReader, resolver: FeedURLResolver) throws -> Bool {
        let isOwn = parent == "entry" || parent == "feed"
        switch (name, isOwn) {
        case ("icon", true) where parent == "feed":
            let text = try reader.readText().trimmingCharacters(in: .whitespacesAndNewlines)
            icon = icon ?? resolver.imageAddress(text, base: reader.baseURL)
        case ("logo", true) where parent == "feed":
            let text = try reader.readText().trimmingCharacters(in: .whitespacesAndNewlines)
            logo = logo ?? resolver.imageAddress(text, base: reader.baseURL)
        case ("id", true):
            id = FeedText.clean(try reader.readText(), limit: FeedText.idLimit)
        case ("title", true):
            title = try TextConstruct(reader)
        case ("summary", true):
            summary = try TextConstruct(reader)
        case ("content", true):
            content = try TextConstruct(reader)
        case ("published", true), ("issued", true), ("created", true):
            let date = InternetDate.parse(try reader.readText())
            published = published ?? date
        case ("updated", true), ("modified", true):
            updated = InternetDate.parse(try reader.readText())
        case ("name", false) where parent == "author":
            let text = try reader.readText()
            author = author ?? FeedText.clean(text, limit: FeedText.nameLimit)
        case ("link", true):
            readLink(reader, resolver: resolver)
            return false
        case ("media:thumbnail", _), ("media:content", _), ("media:description", _), ("media:title", _), ("media:player", _):
            return try media.read(name, from: reader, resolver: resolver)
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
        case "enclosure":
            guard enclosure == nil, let url = resolver.linkAddress(href, base: base).flatMap(URL.init(string:)) else { break }
            enclosure = Enclosure(url: url, type: reader.attribute("type"), length: reader.attribute("length").flatMap { Int($0.trimmingCharacters(in: .whitespaces)) })
        default:
            break
        }
    }

    /// `content`, else `summary`: markup as it is, text as HTML that says
    /// it; with its Media RSS (a YouTube entry has nothing else).
    var articleHTML: String? { media.article(after: (content ?? summary)?.html, link: link) }

    /// An entry without a title is titled from its text, one without an
    /// id gets its link or a digest (`EntryFallback`).
    func item(html: HTMLText) -> Item? {
        let summary = summary?.plainText(html: html, limit: FeedText.summaryLimit)
            ?? content?.plainText(html: html, limit: FeedText.summaryLimit)
            ?? media.description.flatMap { html.plainText($0, limit: FeedText.summaryLimit) }
        let title = title?.plainText(html: html, limit: FeedText.titleLimit) ?? media.title
        let date = published ?? updated
        let image = media.image ?? enclosureImage
        // An id that is a web address is the entry's link when it has no
        // other, as feedparser reads it.
        let link = link ?? id.flatMap { $0.hasPrefix("http://") || $0.hasPrefix("https://") ? URL(string: $0)?.absoluteString : nil }
        guard let id = id ?? EntryFallback.id(link: link, title: title, date: date, text: summary, other: [author, image], position: position) else { return nil }
        return Item(
            id: id,
            name: title ?? EntryFallback.title(fromText: summary),
            imageAddress: image,
            author: author,
            date: date,
            linkAddress: link,
            summary: summary
        )
    }
}

/// An Atom text construct as read, by its `type`: `text` as it is, `html`
/// and `xhtml` as markup whose text is shown.
private enum TextConstruct: Sendable {
    case text(String)
    case markup(String)

    /// Atom 0.3's `mode="escaped"` is HTML when its type is (its default);
    /// its `mode="base64"`, and Atom 1.0's content of a media type that is
    /// neither text nor XML (RFC 4287 4.1.3.3), are decoded first.
    init(_ reader: XMLReader) throws {
        let type = reader.attribute("type")?.lowercased() ?? ""
        let isBinaryType = type.contains("/") && !type.hasPrefix("text/") && !type.hasSuffix("+xml") && !type.hasSuffix("/xml")
        if reader.attribute("mode")?.lowercased() == "base64" || isBinaryType {
            let encoded = try reader.readText().filter { !$0.isWhitespace }
            let decoded = Data(base64Encoded: encoded).map { String(decoding: $0, as: UTF8.self) } ?? ""
            self = reader.attribute("type")?.lowercased().contains("html") == true ? .markup(decoded) : .text(decoded)
            return
        }
        switch reader.attribute("type")?.lowercased() {
        case "html", "text/html": self = .markup(try reader.readText())
        case nil where reader.attribute("mode")?.lowercased() == "escaped": self = .markup(try reader.readText())
        case "xhtml", "application/xhtml+xml": self = .markup(try reader.readInnerMarkup())
        default: self = .text(try reader.readText())
        }
    }

    var html: String {
        switch self {
        case let .text(text): FeedArticles.html(fromText: text)
        case let .markup(markup): markup
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

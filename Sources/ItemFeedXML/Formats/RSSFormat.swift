import Foundation
import ItemFeed

/// RSS 2.0 with the Media RSS, iTunes, Dublin Core and content modules
/// podcasts and blogs use, and the dialects before it: 0.91 and 0.92 (the
/// same elements), 0.90 and 1.0 (RDF, whose items have the same shape).
///
/// Titles carry no type in RSS and publishers put HTML in them, so a title
/// is read as HTML, as feedparser reads it ("A <b>bold</b> move" shows as
/// "A bold move"; a `<` that opens no tag stays). An item without a title
/// is titled from its text, one without a guid or link gets a stable id
/// (`EntryFallback`).
///
/// An item's image is the first of `media:thumbnail`, `media:content`
/// with `medium="image"` (or an image type), an image `enclosure`,
/// `itunes:image`, and finally the channel's own image. RSS has no paging.
public struct RSSFormat: FeedFormat {
    public let id = "rss"
    public let name = "RSS"

    /// Whether the mapping keeps each item's article (`Feed.articles`).
    private let keepsArticles: Bool

    public init(keepsArticles: Bool = false) {
        self.keepsArticles = keepsArticles
    }

    public func recognises(_ response: HTTPResponse, from url: URL) -> Bool {
        guard let root = XMLRoot(of: response, url: url) else { return false }
        return root.matches("rss", namespace: "") || root.matches("RDF", namespace: XMLNamespace.rdf)
    }

    public func map(_ response: HTTPResponse, from url: URL, batches: ItemBatches?) throws -> Feed {
        try XMLMapping.map(response, from: url, batches: batches) { reader, batches in
            try read(reader, from: url, batches: batches)
        }
    }

    private func read(_ reader: XMLReader, from url: URL, batches: ItemBatches?) throws -> Feed {
        let resolver = FeedURLResolver(feedURL: url)
        let summaries = try SummaryPipeline<RSSEntry>(batches: batches, keepsArticles: keepsArticles)
        defer { summaries.drain() }
        var channel = RSSChannel()
        var entry: RSSEntry?
        var path: [String] = []
        var entryCount = 0

        while try reader.read() {
            switch reader.nodeType {
            case .element:
                let name = qualifiedName(reader)
                if name == "item" {
                    // RSS 1.0's items are named by their `rdf:about`, asked
                    // of RDF items only: RSS 2.0's never have one.
                    let isRDF = !reader.namespace.isEmpty
                    entry = RSSEntry(position: entryCount, about: isRDF ? reader.attribute("about", namespace: XMLNamespace.rdf) : nil)
                    entryCount += 1
                    if reader.isEmptyElement { summaries.add(entry!, fallbackImage: nil); entry = nil }
                    else { path.append(name) }
                } else if entry != nil {
                    if try !entry!.read(name, from: reader, resolver: resolver), !reader.isEmptyElement { path.append(name) }
                } else if try !channel.read(name, parent: path.last, from: reader, resolver: resolver), !reader.isEmptyElement {
                    path.append(name)
                }
            case .endElement:
                let name = path.popLast()
                if name == "item", let finished = entry {
                    // The channel's image, when it came first (as it nearly
                    // always does), already in the items handed on in batches.
                    summaries.add(finished, fallbackImage: channel.imageAddress)
                    entry = nil
                }
            default:
                break
            }
        }
        let (collector, articles, enclosures) = summaries.finish()
        var feed = Feed(
            items: channel.imageAddress.map { image in collector.items.map { $0.withFallbackImage(image) } } ?? collector.items,
            skippedItemCount: collector.skipped,
            title: channel.title,
            refreshInterval: channel.refreshInterval
        )
        feed.articles = articles
        feed.enclosures = enclosures
        feed.iconAddress = channel.iconAddress ?? channel.imageAddress
        return feed
    }

    /// RSS 2.0's elements have no namespace and RSS 1.0's have its own;
    /// both read as bare names. Module elements read as `prefix:name`.
    private func qualifiedName(_ reader: XMLReader) -> String {
        switch reader.namespace {
        case "", XMLNamespace.rss10, XMLNamespace.rdf, XMLNamespace.rss090: return reader.localName
        case XMLNamespace.media: return "media:" + reader.localName
        case XMLNamespace.itunes, XMLNamespace.itunesCapitalised: return "itunes:" + reader.localName
        case XMLNamespace.dublinCore: return "dc:" + reader.localName
        case XMLNamespace.dublinCoreTerms: return "dcterms:" + reader.localName
        case XMLNamespace.content: return "content:" + reader.localName
        case XMLNamespace.syndication: return "sy:" + reader.localName
        default: return "other:" + reader.localName
        }
    }
}

/// What the channel says about itself, outside its items.
private struct RSSChannel {
    var title: String?
    var imageAddress: String?
    /// The channel's `<image><url>` alone (not iTunes' cover art): its icon.
    var iconAddress: String?
    /// `<ttl>`, in minutes.
    var timeToLive: Double?
    var updatePeriod: String?
    var updateFrequency: Double?

    /// How often the channel says it changes: its `ttl`, else what the
    /// syndication module says (`sy:updatePeriod` over `sy:updateFrequency`).
    var refreshInterval: TimeInterval? {
        if let timeToLive, timeToLive > 0 { return timeToLive * 60 }
        let periods: [String: TimeInterval] = ["hourly": 3_600, "daily": 86_400, "weekly": 604_800, "monthly": 2_592_000, "yearly": 31_536_000]
        guard let period = updatePeriod.flatMap({ periods[$0] }) else { return nil }
        return period / max(1, updateFrequency ?? 1)
    }

    private static func number(_ text: String) -> Double? {
        Double(text.trimmingCharacters(in: .whitespacesAndNewlines)).flatMap { $0.isFinite ? $0 : nil }
    }

    /// Returns whether it consumed the element (read past it).
    mutating func read(_ name: String, parent: String?, from reader: XMLReader, resolver: FeedURLResolver) throws -> Bool {
        switch (parent, name) {
        case ("channel", "title"):
            let text = try reader.readText()
            title = title ?? FeedText.clean(text, limit: FeedText.nameLimit)
        case ("image", "url"):
            let text = try reader.readText()
            imageAddress = imageAddress ?? resolver.imageAddress(text, base: reader.baseURL)
            iconAddress = iconAddress ?? resolver.imageAddress(text, base: reader.baseURL)
        case ("channel", "ttl"):
            timeToLive = Self.number(try reader.readText())
        case ("channel", "sy:updatePeriod"):
            updatePeriod = try reader.readText().trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        case ("channel", "sy:updateFrequency"):
            updateFrequency = Self.number(try reader.readText())
        case ("channel", "itunes:image"):
            imageAddress = reader.attribute("href").flatMap { resolver.imageAddress($0, base: reader.baseURL) } ?? imageAddress
            return false
        default:
            return false
        }
        return true
    }
}

/// One item's fields as they are read, turned into an `Item` at its end
/// (its summary's HTML made text then, by `SummaryPipeline`).
private struct RSSEntry: SummarisedEntry {
    /// Where the item is in the feed: its id when it has nothing else.
    var position: Int?
    var about: String?
    /// As the feed has it: HTML, made text with the item.
    var title: String?
    var link: String?
    var guid: String?
    var guidLink: String?
    var date: Date?
    var description: String?
    var content: String?
    var author: String?
    var creator: String?
    var media = MediaRSS()
    var enclosureImage: String?
    var itunesImage: String?
    /// A file that is not an image (a podcast's episode), and how long it plays.
    var enclosureFile: Enclosure?
    var itunesDuration: TimeInterval?

    /// Returns whether it consumed the element (read past it).
    mutating func read(_ name: String, from reader: XMLReader, resolver: FeedURLResolver) throws -> Bool {
        // Looked up only where an address is read, not made for every element.
        var base: URL? { reader.baseURL }
        func image(_ attribute: String) -> String? { reader.attribute(attribute).flatMap { resolver.imageAddress($0, base: base) } }
        switch name {
        case "title", "dc:title":
            let text = try reader.readText()
            title = title ?? text
        case "link":
            // The item's own, not an `<image>`'s inside it, which follows.
            let text = try reader.readText()
            link = link ?? resolver.linkAddress(text, base: base)
        case "guid":
            let isPermaLink = reader.attribute("isPermaLink")?.lowercased() != "false"
            guid = FeedText.clean(try reader.readText(), limit: FeedText.idLimit)
            // A permalink guid is a whole address; a bare key is not a link.
            if isPermaLink, let guid, guid.contains(":") { guidLink = resolver.linkAddress(guid, base: base) }
        case "pubDate", "dc:date", "dcterms:issued", "dcterms:created", "dcterms:modified":
            let text = try reader.readText()
            date = date ?? InternetDate.parse(text)
        case "description":
            description = try reader.readText()
        case "content:encoded":
            content = try reader.readText()
        case "author":
            author = Self.name(fromAuthor: try reader.readText())
        case "dc:creator", "dc:author", "itunes:author":
            let text = try reader.readText()
            creator = creator ?? Self.name(fromAuthor: text)
        case "media:thumbnail", "media:content", "media:description", "media:title", "media:player":
            return try media.read(name, from: reader, resolver: resolver)
        case "enclosure":
            if reader.attribute("type")?.lowercased().hasPrefix("image/") == true {
                enclosureImage = enclosureImage ?? image("url")
            } else if enclosureFile == nil, let url = reader.attribute("url").flatMap({ resolver.linkAddress($0, base: reader.baseURL) }).flatMap(URL.init(string:)) {
                enclosureFile = Enclosure(url: url, type: reader.attribute("type"), length: reader.attribute("length").flatMap { Int($0.trimmingCharacters(in: .whitespaces)) })
            }
            return false
        case "itunes:duration":
            itunesDuration = Enclosure.duration(try reader.readText())
        case "itunes:image":
            itunesImage = itunesImage ?? image("href")
            return false
        default:
            return false
        }
        return true
    }

    /// `content:encoded`, else `description`, with its Media RSS.
    var articleHTML: String? { media.article(after: content ?? description, link: link ?? guidLink) }

    /// The enclosure, with `itunes:duration`'s time.
    var enclosure: Enclosure? {
        guard var file = enclosureFile else { return nil }
        file.duration = file.duration ?? itunesDuration
        return file
    }

    /// `description`, else `content:encoded`, as plain text.
    func item(html: HTMLText) -> Item? {
        let summary = description.flatMap { html.plainText($0, limit: FeedText.summaryLimit) }
            ?? content.flatMap { html.plainText($0, limit: FeedText.summaryLimit) }
            ?? media.description.flatMap { html.plainText($0, limit: FeedText.summaryLimit) }
        let title = title.flatMap { html.plainText($0, limit: FeedText.titleLimit) }
            ?? media.title
        let image = media.image ?? enclosureImage ?? itunesImage
        guard let id = guid ?? EntryFallback.id(
            link: link ?? guidLink ?? about, title: title, date: date, text: summary, other: [creator ?? author, image], position: position
        )
        else { return nil }
        return Item(
            id: id,
            name: title ?? EntryFallback.title(fromText: summary),
            imageAddress: image,
            author: creator ?? author,
            date: date,
            linkAddress: link ?? guidLink,
            summary: summary
        )
    }

    /// RSS's `author` is an address, often with the name beside it:
    /// `jo@example.com (Jo Doe)`, `Jo Doe (jo@example.com)` and
    /// `Jo Doe <jo@example.com>` all show as "Jo Doe", as feedparser reads
    /// them.
    private static func name(fromAuthor text: String) -> String? {
        // Read as bytes: the delimiters are ASCII, and the author is read
        // for every item on the thread that parses the feed.
        let bytes = text.utf8
        func string(_ range: Range<String.Index>) -> String { String(Substring(text.utf8[range])) }
        if let open = bytes.firstIndex(of: UInt8(ascii: "(")), let close = bytes.lastIndex(of: UInt8(ascii: ")")), open < close {
            let inside = bytes.index(after: open)..<close
            let outside = bytes.startIndex..<open
            let name = bytes[inside].contains(UInt8(ascii: "@")) && !bytes[outside].contains(UInt8(ascii: "@")) ? outside : inside
            return FeedText.clean(string(name), limit: FeedText.nameLimit)
        }
        if let open = bytes.firstIndex(of: UInt8(ascii: "<")), bytes[open...].contains(UInt8(ascii: "@")),
           let name = FeedText.clean(string(bytes.startIndex..<open), limit: FeedText.nameLimit) {
            return name
        }
        return FeedText.clean(text, limit: FeedText.nameLimit)
    }
}

extension Item {
    /// The item with `address` as its image when it has none of its own
    /// (RSS's channel image).
    func withFallbackImage(_ address: String?) -> Item {
        guard !hasImage, let address else { return self }
        return Item(
            id: id, name: name, imageAddress: address, author: author, date: date, linkAddress: linkAddress,
            summary: summary, priority: priority, likes: likes, tags: tags
        )
    }
}

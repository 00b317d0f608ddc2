import Foundation
import ItemFeed

/// An entry's Media RSS (`media:group`, `media:content`, `media:thumbnail`,
/// `media:description`, `media:title`, `media:player`), as YouTube,
/// PeerTube, Vimeo, Flickr and Mastodon write it, read by both RSS and
/// Atom: its description becomes the article when the entry has none (a
/// YouTube video's), its pictures follow the article with their own
/// descriptions as alt text (a Mastodon post's), and its video or audio is
/// a card that plays it.
struct MediaRSS: Sendable {
    enum Medium: Sendable { case image, video, audio, other }

    struct Content: Sendable {
        var url: String
        var medium: Medium
        /// A `media:description` inside it: a picture's alt text.
        var description: String?
    }

    var contents: [Content] = []
    var thumbnail: String?
    var title: String?
    /// The entry's (or its group's) description, and whether it is HTML.
    var description: String?
    var descriptionIsHTML = false
    var player: String?
    /// The depth of the `media:content` still open, for what is inside it.
    private var openContentDepth: Int?

    /// A Mastodon post's pictures, a gallery: past these, no more are kept.
    static let maxContents = 32

    /// Returns whether it consumed the element (read past it).
    mutating func read(_ name: String, from reader: XMLReader, resolver: FeedURLResolver) throws -> Bool {
        let depth = reader.depth
        if let open = openContentDepth, depth <= open { openContentDepth = nil }
        let base = reader.baseURL
        switch name {
        case "media:content":
            guard contents.count < Self.maxContents, let url = reader.attribute("url").flatMap({ resolver.linkAddress($0, base: base) }) else { return false }
            contents.append(Content(url: url, medium: Self.medium(reader.attribute("medium"), type: reader.attribute("type"))))
            if !reader.isEmptyElement { openContentDepth = depth }
            return false
        case "media:thumbnail":
            thumbnail = thumbnail ?? reader.attribute("url").flatMap { resolver.imageAddress($0, base: base) }
            return false
        case "media:player":
            player = player ?? reader.attribute("url").flatMap { resolver.linkAddress($0, base: base) }
            return false
        case "media:title":
            let text = try reader.readText()
            title = title ?? FeedText.clean(text, limit: FeedText.titleLimit)
        case "media:description":
            let isHTML = reader.attribute("type")?.lowercased() == "html"
            let text = try reader.readText()
            if openContentDepth != nil, let last = contents.indices.last {
                contents[last].description = contents[last].description ?? FeedText.clean(text, limit: FeedText.titleLimit)
            } else if description == nil {
                description = String(text.prefix(FeedArticles.maxBytes))
                descriptionIsHTML = isHTML
            }
        default:
            return false
        }
        return true
    }

    /// What the row shows: the thumbnail, else the first picture.
    var image: String? { thumbnail ?? contents.first { $0.medium == .image }?.url }

    var isEmpty: Bool { contents.isEmpty && thumbnail == nil && description == nil && player == nil }

    /// The article: the entry's own HTML, else this description (plain
    /// text with its links made links and its line breaks kept), then the
    /// player's card and the pictures the HTML does not show already.
    func article(after html: String?, link: String?) -> String? {
        guard !isEmpty else { return html }
        var parts: [String] = []
        if let html, !html.isEmpty {
            parts.append(html)
        } else if let description, !description.isEmpty {
            parts.append(descriptionIsHTML ? description : Self.html(fromText: description))
        }
        let video = contents.first { $0.medium == .video || $0.medium == .audio }
        if let address = player ?? (video?.medium == .video ? link ?? video?.url : video?.url) {
            let tag = video?.medium == .audio ? "audio" : "video"
            let poster = thumbnail.map { " poster=\"\(Self.escaped($0))\"" } ?? ""
            let named = title.map { " title=\"\(Self.escaped($0))\"" } ?? ""
            parts.append("<\(tag) src=\"\(Self.escaped(address))\"\(poster)\(named)></\(tag)>")
        } else if thumbnail != nil, contents.allSatisfy({ $0.medium != .image }), html?.isEmpty != false, let thumbnail {
            parts.append("<img src=\"\(Self.escaped(thumbnail))\" alt=\"\(Self.escaped(title ?? ""))\">")
        }
        for picture in contents where picture.medium == .image && !(html ?? "").contains(picture.url) {
            parts.append("<img src=\"\(Self.escaped(picture.url))\" alt=\"\(Self.escaped(picture.description ?? ""))\">")
        }
        return parts.joined(separator: "\n")
    }

    /// A plain-text description as HTML: escaped, each line kept, each web
    /// address a link.
    static func html(fromText text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.split(separator: " ", omittingEmptySubsequences: false).map { word -> String in
                let escapedWord = escaped(String(word))
                guard word.hasPrefix("https://") || word.hasPrefix("http://") else { return escapedWord }
                return "<a href=\"\(escapedWord)\">\(escapedWord)</a>"
            }.joined(separator: " ")
        }.joined(separator: "<br>")
    }

    private static func medium(_ medium: String?, type: String?) -> Medium {
        switch medium?.lowercased() {
        case "image": return .image
        case "video": return .video
        case "audio": return .audio
        case nil: break
        default: return .other
        }
        let type = type?.lowercased() ?? ""
        if type.hasPrefix("image/") { return .image }
        if type.hasPrefix("video/") || type == "application/x-shockwave-flash" { return .video }
        if type.hasPrefix("audio/") { return .audio }
        return .other
    }

    private static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}

import CXML
import Foundation
import ItemFeed

/// The feeds a web page names: its `<link rel="alternate">` elements whose
/// type is RSS, Atom or JSON Feed, read by libxml2's HTML parser (which
/// copes with the tag soup of real pages), their addresses resolved against
/// the page's `<base href>` or else its own address.
///
/// Only `http` and `https` feeds are named: a page from the network cannot
/// send ItemFeed to a local file.
public struct HTMLFeedLinks: FeedLinkReader {
    public init() {}

    /// A page is what says it is HTML, or starts like HTML.
    public func links(in response: HTTPResponse, from url: URL) -> [FeedLink]? {
        Self.read(response, from: url)?.links
    }

    /// The site's icon a page names: its first `<link rel="icon">` (or
    /// "shortcut icon"), else its `apple-touch-icon`; `nil` when it names
    /// none, or is not a page.
    public func icon(in response: HTTPResponse, from url: URL) -> URL? {
        Self.read(response, from: url)?.icon
    }

    private static func read(_ response: HTTPResponse, from url: URL) -> (links: [FeedLink], icon: URL?)? {
        guard Self.isHTML(response) else { return nil }
        XMLLibrary.prepare()
        let options = Int32(HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue
            | HTML_PARSE_NONET.rawValue | HTML_PARSE_NOBLANKS.rawValue)
        // A page's links are in its head: the first 1 MiB holds them.
        let body = response.body.prefix(1 << 20)
        let charset = XMLBody.charset(of: response)
        let document = body.withUnsafeBytes { bytes in
            htmlReadMemory(bytes.baseAddress?.assumingMemoryBound(to: CChar.self), Int32(bytes.count), url.absoluteString, charset, options)
        }
        guard let document else { return ([], nil) }
        defer { xmlFreeDoc(document) }
        var base = url
        var links: [FeedLink] = []
        var icon: URL?, touchIcon: URL?
        Self.visit(xmlDocGetRootElement(document)) { element in
            switch Self.name(of: element) {
            case "base":
                if let href = Self.attribute("href", of: element), let resolved = URL(string: href, relativeTo: url)?.absoluteURL,
                   Self.isWebAddress(resolved) {
                    base = resolved
                }
            case "link":
                if let link = Self.feedLink(element, base: base), !links.contains(where: { $0.url == link.url }) {
                    links.append(link)
                }
                let rel = Self.attribute("rel", of: element)?.lowercased().split(whereSeparator: \.isWhitespace) ?? []
                if icon == nil, rel.contains("icon") { icon = Self.address(element, base: base) }
                if touchIcon == nil, rel.contains("apple-touch-icon") { touchIcon = Self.address(element, base: base) }
            default:
                break
            }
        }
        return (links, icon ?? touchIcon)
    }

    private static func address(_ element: xmlNodePtr, base: URL) -> URL? {
        guard let href = attribute("href", of: element)?.trimmingCharacters(in: .whitespacesAndNewlines), !href.isEmpty,
              let url = URL(string: href, relativeTo: base)?.absoluteURL, isWebAddress(url)
        else { return nil }
        return url
    }

    static func isHTML(_ response: HTTPResponse) -> Bool {
        if let type = response.headers["content-type"]?.lowercased(), type.contains("html") { return true }
        let head = String(decoding: response.body.prefix(1024), as: UTF8.self).lowercased()
        let start = head.drop { $0.isWhitespace || $0 == "\u{FEFF}" }
        return start.hasPrefix("<!doctype html") || start.hasPrefix("<html") || start.hasPrefix("<head")
    }

    private static let formats = [
        "application/rss+xml": "RSS",
        "application/rdf+xml": "RSS",
        "application/atom+xml": "Atom",
        "application/feed+json": "JSON Feed",
        "application/json": "JSON Feed",
    ]

    private static func feedLink(_ element: xmlNodePtr, base: URL) -> FeedLink? {
        guard let rel = attribute("rel", of: element)?.lowercased(),
              rel.split(whereSeparator: \.isWhitespace).contains("alternate"),
              let type = attribute("type", of: element)?.lowercased().split(separator: ";").first?.trimmingCharacters(in: .whitespaces),
              let format = formats[type],
              let href = attribute("href", of: element)?.trimmingCharacters(in: .whitespacesAndNewlines),
              let url = URL(string: href, relativeTo: base)?.absoluteURL, isWebAddress(url)
        else { return nil }
        let title = attribute("title", of: element).flatMap { FeedText.clean($0, limit: FeedText.nameLimit) }
        return FeedLink(url: url, title: title, format: format)
    }

    /// An absolute http(s) address with a host (`https:g` has none: found
    /// by `make fuzz`, as a `<base>` that made every link hostless).
    private static func isWebAddress(_ url: URL) -> Bool {
        ["http", "https"].contains(url.scheme?.lowercased()) && url.host?.isEmpty == false
    }

    /// Every element in document order, without recursion: a page nested
    /// thousands deep must not exhaust the stack.
    private static func visit(_ root: xmlNodePtr?, _ body: (xmlNodePtr) -> Void) {
        var node = root
        while let current = node {
            let isElement = current.pointee.type == XML_ELEMENT_NODE
            if isElement { body(current) }
            if isElement, let child = current.pointee.children {
                node = child
                continue
            }
            // The next sibling of this node or of the nearest ancestor
            // that has one, never climbing past the root.
            node = nil
            var cursor: xmlNodePtr? = current
            while let climbing = cursor, climbing != root {
                if let sibling = climbing.pointee.next {
                    node = sibling
                    break
                }
                cursor = climbing.pointee.parent
            }
        }
    }

    private static func name(of element: xmlNodePtr) -> String {
        element.pointee.name.map { String(cString: $0).lowercased() } ?? ""
    }

    private static func attribute(_ name: String, of element: xmlNodePtr) -> String? {
        guard let value = xmlGetProp(element, name) else { return nil }
        defer { itemfeed_xml_free(value) }
        return String(cString: value)
    }
}

import CXML
import Foundation
import ItemFeed

/// HTML as the plain text a row shows. libxml2's HTML parser decodes the
/// entities and copes with the tag soup feeds carry; its SAX events are
/// collected as text, with a space where an element other than an inline
/// one begins or ends, so paragraphs do not run into each other; the text
/// of scripts and styles is left out.
///
/// SAX rather than a parsed tree, and one parser context per feed reset for
/// each text rather than one per text: building trees, then contexts, was
/// most of the time mapping a 20,000-item RSS feed took. Not thread-safe:
/// one per mapping.
final class HTMLText {
    private let parser: htmlParserCtxtPtr
    private let collector = HTMLTextCollector()

    /// One per feed's mapping.
    init() throws {
        XMLLibrary.prepare()
        guard let parser = htmlNewParserCtxt() else { throw RemoteLoadError.malformedFeed(reason: "libxml2's HTML parser could not start") }
        self.parser = parser
        var handler = htmlSAXHandler()
        // Every callback gets the context; the collector rides on it.
        handler.characters = { context, bytes, length in
            guard let bytes, let collector = HTMLText.collector(context) else { return }
            collector.append(bytes, Int(length))
        }
        handler.startElement = { context, name, _ in
            HTMLText.collector(context)?.start(name)
        }
        handler.endElement = { context, name in
            HTMLText.collector(context)?.end(name)
        }
        // The context owns its handler and frees it: ours is copied in.
        parser.pointee.sax.pointee = handler
        parser.pointee._private = Unmanaged.passUnretained(collector).toOpaque()
    }

    deinit {
        htmlFreeParserCtxt(parser)
    }

    private static func collector(_ context: UnsafeMutableRawPointer?) -> HTMLTextCollector? {
        guard let context, let collector = context.assumingMemoryBound(to: htmlParserCtxt.self).pointee._private else { return nil }
        return Unmanaged<HTMLTextCollector>.fromOpaque(collector).takeUnretainedValue()
    }

    func plainText(_ html: String, limit: Int) -> String? {
        guard html.utf8.contains(where: { $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: "&") }) else {
            return FeedText.clean(html, limit: limit)
        }
        collector.reset(capacity: min(html.utf8.count, limit * 4))
        // The parser's work grows with its input: a summary shows at most
        // `limit` characters, so a few times that in markup is plenty.
        var html = html
        html.withUTF8 { bytes in
            let input = UnsafeBufferPointer(rebasing: bytes.prefix(limit * 8))
            input.withMemoryRebound(to: CChar.self) { input in
                // userData is the context itself: the callbacks find the
                // collector through it, whatever a reset does to userData.
                parser.pointee.userData = UnsafeMutableRawPointer(parser)
                _ = htmlCtxtReadMemory(parser, input.baseAddress, Int32(input.count), nil, "UTF-8", Self.options)
            }
        }
        return collector.bytes.withUnsafeBufferPointer { FeedText.clean(utf8: $0, limit: limit) }
    }

    private static let options = Int32(HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue
        | HTML_PARSE_NOWARNING.rawValue | HTML_PARSE_NONET.rawValue | HTML_PARSE_NOIMPLIED.rawValue)
}

/// The text of one HTML fragment as UTF-8, as the SAX events deliver it.
///
/// Its state is unchecked for exclusive access: it is touched only from the
/// parser's callbacks, one at a time on one thread, so the checks Swift
/// would make at run time on every event guard nothing.
private final class HTMLTextCollector {
    @exclusivity(unchecked) private(set) var bytes: [UInt8] = []
    /// How deep inside elements whose text is not shown (scripts, styles).
    @exclusivity(unchecked) private var hiddenDepth = 0

    func reset(capacity: Int) {
        bytes.removeAll(keepingCapacity: true)
        bytes.reserveCapacity(capacity)
        hiddenDepth = 0
    }

    func append(_ text: UnsafePointer<xmlChar>, _ length: Int) {
        guard hiddenDepth == 0 else { return }
        bytes.append(contentsOf: UnsafeBufferPointer(start: text, count: length))
    }

    func start(_ name: UnsafePointer<xmlChar>?) {
        guard let name else { return }
        let element = Self.packed(name)
        if Self.hidden.contains(element) { hiddenDepth += 1 }
        if !Self.inline.contains(element) { bytes.append(0x20) }
    }

    func end(_ name: UnsafePointer<xmlChar>?) {
        guard let name else { return }
        let element = Self.packed(name)
        if Self.hidden.contains(element) { hiddenDepth = max(0, hiddenDepth - 1) }
        if !Self.inline.contains(element) { bytes.append(0x20) }
    }

    /// An element name of up to 8 bytes as one number (0 for a longer
    /// one, which is in neither set): a `String` and its hash per tag was
    /// a tenth of mapping a feed of HTML descriptions.
    private static func packed(_ name: UnsafePointer<xmlChar>) -> UInt64 {
        var value: UInt64 = 0
        for index in 0..<9 {
            let byte = name[index]
            if byte == 0 { return value }
            if index == 8 { return 0 }
            value = value << 8 | UInt64(byte)
        }
        return 0
    }

    private static func packed(_ name: StaticString) -> UInt64 {
        name.withUTF8Buffer { $0.reduce(0) { $0 << 8 | UInt64($1) } }
    }

    private static let hidden = Set<UInt64>(["script", "style", "head", "template", "noscript"].map(packed))
    private static let inline = Set<UInt64>([
        "a", "abbr", "b", "bdi", "bdo", "cite", "code", "data", "dfn", "em", "font", "i", "kbd", "mark",
        "q", "s", "samp", "small", "span", "strong", "sub", "sup", "time", "u", "var", "wbr",
    ].map(packed))
}

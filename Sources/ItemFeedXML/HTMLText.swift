import CXML
import Foundation
import ItemFeed

/// HTML as the plain text a row shows. libxml2's HTML parser decodes the
/// entities and copes with the tag soup feeds carry; its SAX events are
/// collected as text, with a space where an element other than an inline
/// one begins or ends, so paragraphs do not run into each other; the text
/// of scripts and styles is left out.
///
/// SAX rather than a parsed tree: building and freeing a tree for every
/// description was 40% of mapping a 20,000-item RSS feed.
enum HTMLText {
    static func plainText(_ html: String, limit: Int) -> String? {
        guard html.utf8.contains(where: { $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: "&") }) else {
            return FeedText.clean(html, limit: limit)
        }
        XMLLibrary.prepare()
        // The parser's work grows with its input: a summary shows at most
        // `limit` characters, so a few times that in markup is plenty.
        let input = Array(html.utf8.prefix(limit * 8))
        let text = HTMLTextCollector(capacity: min(input.count, limit * 4))
        var handler = htmlSAXHandler()
        handler.characters = { context, bytes, length in
            guard let context, let bytes else { return }
            Unmanaged<HTMLTextCollector>.fromOpaque(context).takeUnretainedValue().append(bytes, Int(length))
        }
        handler.startElement = { context, name, _ in
            guard let context else { return }
            Unmanaged<HTMLTextCollector>.fromOpaque(context).takeUnretainedValue().start(name)
        }
        handler.endElement = { context, name in
            guard let context else { return }
            Unmanaged<HTMLTextCollector>.fromOpaque(context).takeUnretainedValue().end(name)
        }
        let parsed: Void? = input.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { bytes -> Void? in
                guard let parser = htmlCreateMemoryParserCtxt(bytes.baseAddress, Int32(bytes.count)) else { return nil }
                defer { htmlFreeParserCtxt(parser) }
                htmlCtxtUseOptions(parser, Int32(HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue
                    | HTML_PARSE_NOWARNING.rawValue | HTML_PARSE_NONET.rawValue | HTML_PARSE_NOIMPLIED.rawValue))
                // The context owns its handler and frees it: ours is copied in.
                parser.pointee.sax.pointee = handler
                parser.pointee.userData = Unmanaged.passUnretained(text).toOpaque()
                _ = xmlSwitchEncoding(parser, XML_CHAR_ENCODING_UTF8)
                htmlParseDocument(parser)
            }
        }
        guard parsed != nil else { return nil }
        return text.bytes.withUnsafeBufferPointer { FeedText.clean(utf8: $0, limit: limit) }
    }
}

/// The text of one HTML fragment as UTF-8, as the SAX events deliver it.
private final class HTMLTextCollector {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    /// How deep inside elements whose text is not shown (scripts, styles).
    private var hiddenDepth = 0

    func append(_ text: UnsafePointer<xmlChar>, _ length: Int) {
        guard hiddenDepth == 0 else { return }
        bytes.append(contentsOf: UnsafeBufferPointer(start: text, count: length))
    }

    func start(_ name: UnsafePointer<xmlChar>?) {
        guard let name else { return }
        let element = String(cString: name)
        if Self.hidden.contains(element) { hiddenDepth += 1 }
        if !Self.inline.contains(element) { bytes.append(0x20) }
    }

    func end(_ name: UnsafePointer<xmlChar>?) {
        guard let name else { return }
        let element = String(cString: name)
        if Self.hidden.contains(element) { hiddenDepth = max(0, hiddenDepth - 1) }
        if !Self.inline.contains(element) { bytes.append(0x20) }
    }

    private static let hidden: Set<String> = ["script", "style", "head", "template", "noscript"]

    private static let inline: Set<String> = [
        "a", "abbr", "b", "bdi", "bdo", "cite", "code", "data", "dfn", "em", "font", "i", "kbd", "mark",
        "q", "s", "samp", "small", "span", "strong", "sub", "sup", "time", "u", "var", "wbr",
    ]
}

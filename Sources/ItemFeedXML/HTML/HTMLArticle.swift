import CXML
import Foundation
import ItemFeed

/// An item's HTML as an `Article` (SPEC 13): parsed by libxml2's HTML
/// parser, which copes with the tag soup feeds carry and decodes their
/// entities, never loading anything; its SAX events mapped through a
/// whitelist. Paragraphs, headings, lists, quotes, preformatted text,
/// emphasis, code, web links, images and table rows are kept; scripts,
/// styles, frames, forms and embedded objects go with their text; a link
/// or an image that is not a web address (`javascript:`, `data:`, a file)
/// keeps only its text.
public enum HTMLArticle {
    /// The most HTML read (512 KiB): an article longer than that is cut.
    public static let maxHTMLBytes = 512 * 1024
    /// The most text and blocks kept, whatever the markup makes of it.
    public static let maxTextBytes = 1024 * 1024
    public static let maxBlocks = 20_000

    /// `base`: the address relative links and images are read against (the
    /// item's link, else the feed's).
    public static func article(fromHTML html: String, base: URL?) -> Article {
        XMLLibrary.prepare()
        guard let parser = htmlNewParserCtxt() else { return Article(blocks: []) }
        defer { htmlFreeParserCtxt(parser) }
        let builder = ArticleBuilder(base: base)
        var handler = htmlSAXHandler()
        handler.characters = { context, bytes, length in
            guard let bytes else { return }
            articleBuilder(context)?.text(UnsafeBufferPointer(start: bytes, count: Int(length)))
        }
        handler.cdataBlock = handler.characters
        handler.startElement = { context, name, attributes in
            guard let name else { return }
            articleBuilder(context)?.start(String(cString: name), attributes: Self.attributes(attributes))
        }
        handler.endElement = { context, name in
            guard let name else { return }
            articleBuilder(context)?.end(String(cString: name))
        }
        parser.pointee.sax.pointee = handler
        parser.pointee._private = Unmanaged.passUnretained(builder).toOpaque()
        parser.pointee.userData = UnsafeMutableRawPointer(parser)
        var html = html
        html.withUTF8 { bytes in
            let input = UnsafeBufferPointer(rebasing: bytes.prefix(maxHTMLBytes))
            input.withMemoryRebound(to: CChar.self) { input in
                _ = htmlCtxtReadMemory(parser, input.baseAddress, Int32(input.count), nil, "UTF-8", options)
            }
        }
        return withExtendedLifetime(builder) { builder.finish() }
    }

    private static func attributes(_ list: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?) -> [String: String] {
        guard let list else { return [:] }
        var attributes: [String: String] = [:]
        var index = 0
        while let name = list[index] {
            // A bare attribute (`reversed`, `controls`) has no value, and is there.
            attributes[String(cString: name).lowercased()] = list[index + 1].map { String(cString: $0) } ?? ""
            index += 2
        }
        return attributes
    }

    private static let options = Int32(HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue
        | HTML_PARSE_NOWARNING.rawValue | HTML_PARSE_NONET.rawValue | HTML_PARSE_NOIMPLIED.rawValue)
}

/// Where an element's SAX callbacks find the builder: a C function pointer
/// cannot capture it.
private func articleBuilder(_ context: UnsafeMutableRawPointer?) -> ArticleBuilder? {
    guard let context, let builder = context.assumingMemoryBound(to: htmlParserCtxt.self).pointee._private else { return nil }
    return Unmanaged<ArticleBuilder>.fromOpaque(builder).takeUnretainedValue()
}

import CXML
import Foundation
import ItemFeed

/// HTML as the plain text a row shows: libxml2's HTML parser decodes the
/// entities and copes with the tag soup feeds carry; this keeps the text,
/// drops scripts and styles, and puts a space where a block ends so
/// paragraphs do not run into each other.
enum HTMLText {
    static func plainText(_ html: String, limit: Int) -> String? {
        guard html.utf8.contains(where: { $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: "&") }) else {
            return FeedText.clean(html, limit: limit)
        }
        XMLLibrary.prepare()
        // The parser's work grows with its input: a summary shows at most
        // `limit` characters, so a few times that in markup is plenty.
        let input = Array(html.utf8.prefix(limit * 8))
        let options = Int32(HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue
            | HTML_PARSE_NONET.rawValue | HTML_PARSE_NOIMPLIED.rawValue)
        guard let document = input.withUnsafeBufferPointer({ buffer in
            buffer.withMemoryRebound(to: CChar.self) { htmlReadMemory($0.baseAddress, Int32($0.count), nil, "UTF-8", options) }
        }) else { return nil }
        defer { xmlFreeDoc(document) }
        var text = ""
        append(document.pointee.children, to: &text, limit: limit)
        return FeedText.clean(text, limit: limit)
    }

    private static func append(_ first: xmlNodePtr?, to text: inout String, limit: Int) {
        var node = first
        while let current = node, text.utf8.count <= limit * 8 {
            switch current.pointee.type {
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                if let content = current.pointee.content { text += String(cString: content) }
            case XML_ELEMENT_NODE:
                let name = current.pointee.name.map { String(cString: $0).lowercased() } ?? ""
                if !skipped.contains(name) {
                    let isBlock = blocks.contains(name)
                    if isBlock { text += " " }
                    append(current.pointee.children, to: &text, limit: limit)
                    if isBlock { text += " " }
                }
            default:
                break
            }
            node = current.pointee.next
        }
    }

    private static let skipped: Set<String> = ["script", "style", "head", "template", "noscript"]
    private static let blocks: Set<String> = [
        "p", "br", "div", "li", "ul", "ol", "h1", "h2", "h3", "h4", "h5", "h6", "tr", "td", "th",
        "blockquote", "pre", "section", "article", "figure", "figcaption", "hr", "dd", "dt", "table",
    ]
}

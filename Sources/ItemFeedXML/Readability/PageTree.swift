import CXML
import Foundation

/// A web page parsed by libxml2's HTML parser (tag soup mended, entities
/// decoded, nothing loaded from anywhere) and copied into `PageNode`s.
/// Comments and processing instructions go; so does everything past the
/// size and element caps, which keep a hostile page's cost bounded.
enum PageTree {
    /// The most HTML read (5 MiB): a page longer than that is refused.
    static let maxBytes = 5 * 1024 * 1024
    /// The most elements kept.
    static let maxElements = 100_000
    /// Elements nested deeper than this are read as their ancestor's at
    /// this depth: no real page nests so deep, and the pass walks ancestors.
    static let maxDepth = 128

    enum Refusal: Error, Equatable {
        case tooLarge
        case notHTML
    }

    /// The document's root element (`html`). `encoding`: the HTTP header's;
    /// without one, UTF-8 when the bytes are, else what the page declares.
    static func parse(_ data: Data, encoding: String? = nil) throws -> PageNode {
        guard data.count <= maxBytes else { throw Refusal.tooLarge }
        XMLLibrary.prepare()
        let chosen = encoding ?? (String(data: data, encoding: .utf8) != nil ? "UTF-8" : nil)
        let document = data.withUnsafeBytes { bytes -> htmlDocPtr? in
            guard let base = bytes.baseAddress else { return nil }
            return htmlReadMemory(base.assumingMemoryBound(to: CChar.self), Int32(bytes.count), nil, chosen, options)
        }
        guard let document else { throw Refusal.notHTML }
        defer { xmlFreeDoc(document) }
        guard let root = xmlDocGetRootElement(document) else { throw Refusal.notHTML }
        var budget = maxElements
        let tree = PageNode(element: name(root), attributes: attributes(root))
        copyChildren(of: root, into: tree, depth: 1, budget: &budget)
        return tree
    }

    private static func copyChildren(of node: xmlNodePtr, into element: PageNode, depth: Int, budget: inout Int) {
        var child = node.pointee.children
        while let current = child, budget > 0 {
            switch current.pointee.type {
            case XML_ELEMENT_NODE:
                budget -= 1
                if depth < maxDepth {
                    let copy = PageNode(element: name(current), attributes: attributes(current))
                    element.append(copy)
                    copyChildren(of: current, into: copy, depth: depth + 1, budget: &budget)
                } else {
                    copyChildren(of: current, into: element, depth: depth, budget: &budget)
                }
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                if let content = current.pointee.content {
                    element.append(PageNode(text: String(cString: content)))
                }
            default:
                break
            }
            child = current.pointee.next
        }
    }

    private static func name(_ node: xmlNodePtr) -> String {
        node.pointee.name.map { String(cString: $0).lowercased() } ?? "div"
    }

    private static func attributes(_ node: xmlNodePtr) -> [(name: String, value: String)] {
        var found: [(name: String, value: String)] = []
        var attribute = node.pointee.properties
        while let current = attribute {
            if let name = current.pointee.name {
                var value = ""
                var text = current.pointee.children
                while let part = text {
                    if let content = part.pointee.content { value += String(cString: content) }
                    text = part.pointee.next
                }
                found.append((String(cString: name).lowercased(), value))
            }
            attribute = current.pointee.next
        }
        return found
    }

    private static let options = Int32(HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue
        | HTML_PARSE_NOWARNING.rawValue | HTML_PARSE_NONET.rawValue)
}

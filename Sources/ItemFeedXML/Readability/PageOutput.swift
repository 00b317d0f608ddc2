import Foundation

/// The extracted content as it leaves the pass: addresses resolved against
/// the page (a `javascript:` link only its text), nested wrappers and empty
/// ones gone, classes dropped; then written as HTML and as text.
enum PageOutput {
    static func finish(_ content: PageNode, base: URL?) {
        resolveAddresses(content, base: base)
        simplify(content)
        removeClasses(content)
    }

    static func address(_ value: String, base: URL?) -> URL? {
        let trimmed = PageText.trimmed(value)
        guard !trimmed.isEmpty, let url = URL(string: trimmed, relativeTo: base)?.absoluteURL ?? URL(string: trimmed) else { return nil }
        return url
    }

    private static func resolveAddresses(_ content: PageNode, base: URL?) {
        for link in content.elements(["a"]) {
            guard let href = link.attribute("href") else { continue }
            if href.trimmingCharacters(in: .whitespaces).lowercased().hasPrefix("javascript:") {
                let replacement = link.children.count == 1 && link.children[0].isText ? PageNode(text: link.textContent) : PageNode(element: "span")
                if replacement.isElement { for child in link.removeChildren() { replacement.append(child) } }
                link.replace(with: replacement)
            } else if !href.hasPrefix("#") || base == nil {
                set("href", of: link, to: address(href, base: base))
            }
        }
        // Any element may carry an address, a made-up one too (`<artic href=…>`).
        var node = content.firstElementChild
        while let element = node {
            for name in addressAttributes where element.name != "a" || name != "href" {
                if let value = element.attribute(name) { set(name, of: element, to: address(value, base: base)) }
            }
            node = element.nextElement()
        }
        for media in content.elements(["img", "picture", "figure", "video", "audio", "source"]) {
            if let set = media.attribute("srcset") {
                let resolved = set.split(separator: ",").compactMap { candidate -> String? in
                    let parts = candidate.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
                    guard let first = parts.first, let url = address(String(first), base: base), ["http", "https"].contains(url.scheme?.lowercased() ?? "") else { return nil }
                    return ([url.absoluteString] + parts.dropFirst().map(String.init)).joined(separator: " ")
                }
                if resolved.isEmpty { media.removeAttribute("srcset") } else { media.setAttribute("srcset", resolved.joined(separator: ", ")) }
            }
        }
    }

    private static let addressAttributes = ["href", "src", "poster", "action", "formaction", "cite", "background", "data", "longdesc", "lowsrc", "ping"]

    /// Web and mail addresses only: anything else (`data:`, `file:`, a
    /// script's) is dropped with its attribute.
    private static func set(_ name: String, of element: PageNode, to url: URL?) {
        if let url, ["http", "https", "mailto"].contains(url.scheme?.lowercased() ?? "") {
            element.setAttribute(name, url.absoluteString)
        } else {
            element.removeAttribute(name)
        }
    }

    /// A div or section holding only another: the inner one takes its place.
    private static func simplify(_ content: PageNode) {
        var node: PageNode? = content
        while let current = node {
            if current.parent != nil, current.name == "div" || current.name == "section", !current.id.hasPrefix("readability") {
                if current.isWithoutContent {
                    node = current.removeAndGetNext()
                    continue
                }
                if current.hasSingle("div") || current.hasSingle("section") {
                    let child = current.elementChildren[0]
                    for attribute in current.attributes { child.setAttribute(attribute.name, attribute.value) }
                    current.replace(with: child)
                    node = child
                    continue
                }
            }
            node = current.nextElement()
        }
    }

    private static func removeClasses(_ node: PageNode) {
        if let classes = node.attribute("class") {
            let kept = classes.split(whereSeparator: \.isWhitespace).filter { $0 == "page" }
            if kept.isEmpty { node.removeAttribute("class") } else { node.setAttribute("class", kept.joined(separator: " ")) }
        }
        for child in node.elementChildren { removeClasses(child) }
    }

    // MARK: Writing

    private static let void: [String] = ["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"]

    static func html(_ node: PageNode) -> String {
        var output = ""
        for child in node.children { write(child, to: &output) }
        return output
    }

    private static func write(_ node: PageNode, to output: inout String) {
        guard let name = node.name else {
            output += escaped(node.text, quotes: false)
            return
        }
        output += "<" + name
        for attribute in node.attributes where isAttributeName(attribute.name) {
            output += " " + attribute.name + "=\"" + escaped(attribute.value, quotes: true) + "\""
        }
        output += ">"
        guard !void.contains(name) else { return }
        for child in node.children { write(child, to: &output) }
        output += "</" + name + ">"
    }

    private static func isAttributeName(_ name: String) -> Bool {
        !name.isEmpty && !name.hasPrefix("on") && name.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_".unicodeScalars.contains($0)) }
    }

    private static func escaped(_ text: String, quotes: Bool) -> String {
        var output = ""
        output.reserveCapacity(text.utf8.count)
        for character in text.unicodeScalars {
            switch character {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"" where quotes: output += "&quot;"
            default: output.unicodeScalars.append(character)
            }
        }
        return output
    }

    private static let blocks: [String] = ["p", "div", "h1", "h2", "h3", "h4", "h5", "h6", "li", "blockquote", "pre", "tr", "table", "section",
                                              "article", "ul", "ol", "dl", "dt", "dd", "figure", "figcaption", "header", "footer", "aside", "br", "hr"]

    /// Each block's text on a line of its own, blank lines between.
    static func text(_ node: PageNode) -> String {
        var paragraphs: [String] = []
        var current = ""
        func flush() {
            let line = PageText.normalized(current)
            if !line.isEmpty { paragraphs.append(line) }
            current = ""
        }
        func walk(_ node: PageNode) {
            guard let name = node.name else { current += node.text; return }
            let isBlock = blocks.contains(name)
            if isBlock { flush() }
            for child in node.children { walk(child) }
            if isBlock { flush() }
        }
        walk(node)
        flush()
        return paragraphs.joined(separator: "\n\n")
    }
}

import Foundation

/// What the readability pass measures of an element.
extension PageNode {
    /// Seen by the reader: not `display: none`, `visibility: hidden`,
    /// `hidden` or `aria-hidden` (a fallback image aside).
    var isProbablyVisible: Bool {
        if let style = attribute("style")?.lowercased().filter({ !$0.isWhitespace }),
           style.contains("display:none") || style.contains("visibility:hidden") { return false }
        if attribute("hidden") != nil { return false }
        if attribute("aria-hidden") == "true", !className.contains("fallback-image") { return false }
        return true
    }

    /// 25 for a class or id that says content, -25 for one that says
    /// otherwise, for each of the two.
    func classWeight(weighing: Bool) -> Double {
        guard weighing else { return 0 }
        var weight = 0.0
        for hint in [className, id] where !hint.isEmpty {
            if ReadabilityHints.isNegative(hint) { weight -= 25 }
            if ReadabilityHints.matches(hint, ReadabilityHints.positive) { weight += 25 }
        }
        return weight
    }

    /// How much of the text is in links (those to the same page count less).
    var linkDensity: Double {
        let length = innerTextLength
        guard length > 0 else { return 0 }
        var links = 0.0
        for link in elements(["a"]) {
            let coefficient = (link.attribute("href").map { $0.count > 1 && $0.hasPrefix("#") } ?? false) ? 0.3 : 1
            links += Double(link.innerTextLength) * coefficient
        }
        return links / Double(length)
    }

    /// How much of the text is in elements named `names`.
    func textDensity(_ names: [String]) -> Double {
        let length = innerTextLength
        guard length > 0 else { return 0 }
        let inside = elements(names).reduce(0) { $0 + $1.innerTextLength }
        return Double(inside) / Double(length)
    }

    /// Whether all its text is white space, stopping at the first that is
    /// not: no string is made of the whole.
    var isTextBlank: Bool {
        if isText { return PageText.isBlank(text) }
        var child = firstChild
        while let current = child {
            if !current.isTextBlank { return false }
            child = current.nextSibling
        }
        return true
    }

    /// Counted text node by text node: no string is made of the whole.
    var commaCount: Int {
        if isText { return PageText.commas(text) }
        var count = 0
        var child = firstChild
        while let current = child {
            count += current.commaCount
            child = current.nextSibling
        }
        return count
    }

    var isPhrasingContent: Bool {
        guard let name else { return true }
        if ReadabilityHints.phrasing.contains(name) { return true }
        return (name == "a" || name == "del" || name == "ins") && children.allSatisfy(\.isPhrasingContent)
    }

    var hasChildBlockElement: Bool {
        children.contains { child in
            guard let name = child.name else { return false }
            return ReadabilityHints.divToParagraph.contains(name) || child.hasChildBlockElement
        }
    }

    /// One element named `name` inside, and no text beside it.
    func hasSingle(_ name: String) -> Bool {
        let elements = elementChildren
        guard elements.count == 1, elements[0].name == name else { return false }
        return !children.contains { $0.isText && !PageText.isBlank($0.text) }
    }

    var isWithoutContent: Bool {
        guard isElement, isTextBlank else { return false }
        let elements = elementChildren
        return elements.isEmpty || elements.count == self.elements(["br"]).count + self.elements(["hr"]).count
    }

    /// A byline: `rel="author"`, an `itemprop` with "author", or a hint in
    /// its class or id; not empty, not long.
    var isByline: Bool {
        let marked = attribute("rel") == "author" || (attribute("itemprop")?.contains("author") ?? false)
            || ReadabilityHints.matches(matchString, ReadabilityHints.byline)
        guard marked else { return false }
        let length = PageText.trimmed(textContent).utf16.count
        return length > 0 && length < 100
    }

    /// A table of data, by its markup or its size, rather than one for layout.
    var looksLikeDataTable: Bool {
        if attribute("role") == "presentation" || attribute("datatable") == "0" { return false }
        if attribute("summary").map({ !$0.isEmpty }) ?? false { return true }
        if let caption = elements(["caption"]).first, !caption.children.isEmpty { return true }
        if hasDescendant(["col", "colgroup", "tfoot", "thead", "th"]) { return true }
        if hasDescendant(["table"]) { return false }
        var rows = 0, columns = 0
        for row in elements(["tr"]) {
            rows += Int(row.attribute("rowspan") ?? "") ?? 1
            columns = max(columns, row.elements(["td"]).reduce(0) { $0 + (Int($1.attribute("colspan") ?? "") ?? 1) })
        }
        if rows == 1 || columns == 1 { return false }
        if rows >= 10 || columns > 4 { return true }
        return rows * columns > 10
    }

    /// A copy of the subtree, for a retry from the page as it was.
    func clone() -> PageNode {
        let copy = isText ? PageNode(text: text) : PageNode(element: name!, attributes: attributes)
        for child in children { copy.append(child.clone()) }
        return copy
    }
}

import Foundation

/// The chosen content made fit for reading, as Readability's
/// `_prepArticle` does: presentational attributes gone, lazy images given
/// their addresses, forms, embeds, asides, share bars and low-scoring
/// headings removed, tables, lists and divs that look like boilerplate
/// removed (unless data tables or the cleaning is off), `h1` made `h2`,
/// empty paragraphs dropped, and a table holding a single cell unwrapped.
struct ReadabilityCleaner {
    let flags: ReadabilityPass.Flags
    let title: String

    func prepare(_ content: PageNode) {
        cleanStyles(content)
        for table in content.elements(["table"]) { table.isDataTable = table.looksLikeDataTable }
        LazyImages.fix(content)
        cleanConditionally(content, "form")
        cleanConditionally(content, "fieldset")
        for name in ["object", "embed", "footer", "link", "aside"] { clean(content, name) }
        for child in content.elementChildren { removeShareBars(in: child) }
        for name in ["iframe", "input", "textarea", "select", "button"] { clean(content, name) }
        for heading in content.elements(["h1", "h2"]) where heading.classWeight(weighing: flags.contains(.weightClasses)) < 0 {
            heading.remove()
        }
        cleanConditionally(content, "table")
        cleanConditionally(content, "ul")
        cleanConditionally(content, "div")
        for heading in content.elements(["h1"]) { heading.name = "h2" }
        for paragraph in content.elements(["p"])
        where !paragraph.hasDescendant(["img", "embed", "object", "iframe"]) && paragraph.isTextBlank {
            paragraph.remove()
        }
        for lineBreak in content.elements(["br"]) {
            var next = lineBreak.nextSibling
            while let current = next, current.isText, PageText.isBlank(current.text) { next = current.nextSibling }
            if next?.name == "p" { lineBreak.remove() }
        }
        for table in content.elements(["table"]) { unwrapSingleCell(table) }
    }

    private func cleanStyles(_ node: PageNode) {
        guard node.name != "svg" else { return }
        for attribute in ReadabilityHints.presentational { node.removeAttribute(attribute) }
        if ReadabilityHints.sizedElements.contains(node.name ?? "") {
            node.removeAttribute("width")
            node.removeAttribute("height")
        }
        for child in node.elementChildren { cleanStyles(child) }
    }

    /// Removes every `name` element, embedded players of video sites aside.
    private func clean(_ content: PageNode, _ name: String) {
        let embeds = ["object", "embed", "iframe"]
        for element in content.elements([name]) {
            if embeds.contains(name), element.attributes.contains(where: { ReadabilityHints.isVideo($0.value) }) { continue }
            element.remove()
        }
    }

    private func removeShareBars(in root: PageNode) {
        let end = root.nextElement(skippingChildren: true)
        var next = root.nextElement()
        while let node = next, node !== end {
            if ReadabilityHints.isShare(node.matchString), node.textContent.utf16.count < ReadabilityPass.charThreshold {
                next = node.removeAndGetNext()
            } else {
                next = node.nextElement()
            }
        }
    }

    private func unwrapSingleCell(_ table: PageNode) {
        let body = table.hasSingle("tbody") ? table.firstElementChild! : table
        guard body.hasSingle("tr"), let row = body.firstElementChild, row.hasSingle("td"), let cell = row.firstElementChild else { return }
        cell.name = cell.children.allSatisfy(\.isPhrasingContent) ? "p" : "div"
        table.replace(with: cell)
    }

    /// Readability's `_cleanConditionally`: what looks like boilerplate by
    /// its class, its images, list items, inputs, links and embeds for the
    /// text it holds.
    private func cleanConditionally(_ content: PageNode, _ name: String) {
        guard flags.contains(.cleanConditionally) else { return }
        for node in content.elements([name]) where node.parent != nil && isBoilerplate(node, name) {
            node.remove()
        }
    }

    private func isBoilerplate(_ node: PageNode, _ name: String) -> Bool {
        let length = node.innerTextLength
        var measure = ContentMeasure()
        measure.walk(node)
        let isList = name == "ul" || name == "ol" || (length > 0 && Double(measure.listText) / Double(length) > 0.9)
        if name == "table", node.isDataTable { return false }
        if node.hasAncestor("table", depth: -1, where: \.isDataTable) { return false }
        if node.hasAncestor("code") { return false }
        if measure.hasDataTable { return false }
        let weight = node.classWeight(weighing: flags.contains(.weightClasses))
        if weight < 0 { return true }
        guard node.commaCount < 10 else { return false }
        if measure.hasVideo { return false }
        // The words of an ad or a loading line are short: only a short text is made a string.
        if length <= 20, ReadabilityHints.isAdOrLoading(node.innerText) { return true }
        let ratio = { (part: Int) in length == 0 ? 0 : Double(part) / Double(length) }
        let (paragraphs, images, listItems, inputs, embeds) = (measure.paragraphs, measure.images, measure.listItems - 100, measure.inputs, measure.embeds)
        let linkDensity = length == 0 ? 0 : measure.linkText / Double(length), headingDensity = ratio(measure.headingText), textDensity = ratio(measure.textishText)
        let inFigure = node.hasAncestor("figure")
        var remove = false
        if !inFigure, images > 1, Double(paragraphs) / Double(images) < 0.5 { remove = true }
        if !isList, listItems > paragraphs { remove = true }
        if inputs > paragraphs / 3 { remove = true }
        if !isList, !inFigure, headingDensity < 0.9, length < 25, images == 0 || images > 2, linkDensity > 0 { remove = true }
        if !isList, weight < 25, linkDensity > 0.2 { remove = true }
        if weight >= 25, linkDensity > 0.5 { remove = true }
        if (embeds == 1 && length < 75) || embeds > 1 { remove = true }
        if images == 0, textDensity == 0 { remove = true }
        if isList, remove {
            if node.elementChildren.contains(where: { $0.elementChildren.count > 1 }) { return true }
            if images == measure.listItems { return false }
        }
        return remove
    }
}

/// What `_cleanConditionally` counts inside an element, in one walk: its
/// paragraphs, images, list items, inputs and embeds, and the text of its
/// lists, links (those to the same page at 0.3), headings and text-holding
/// elements (nested ones counted at each level, as Readability's lists of
/// descendants count them).
private struct ContentMeasure {
    var paragraphs = 0, images = 0, listItems = 0, inputs = 0, embeds = 0
    var listText = 0, headingText = 0, textishText = 0
    /// Same-page links count 0.3 of their length.
    var linkText = 0.0
    var hasDataTable = false, hasVideo = false

    private static let textish = ReadabilityHints.divToParagraph + ["span", "li", "td"]

    mutating func walk(_ node: PageNode) {
        var child = node.firstChild
        while let current = child {
            if let name = current.name { visit(current, name) }
            child = current.nextSibling
        }
    }

    private mutating func visit(_ element: PageNode, _ name: String) {
        switch name {
        case "p": paragraphs += 1
        case "img": images += 1
        case "li": listItems += 1
        case "input": inputs += 1
        case "object", "embed", "iframe":
            if element.attributes.contains(where: { ReadabilityHints.isVideo($0.value) }) { hasVideo = true }
            embeds += 1
        case "table": if element.isDataTable { hasDataTable = true }
        default: break
        }
        if name == "ul" || name == "ol" { listText += element.innerTextLength }
        if ReadabilityHints.headings.contains(name) { headingText += element.innerTextLength }
        if Self.textish.contains(name) { textishText += element.innerTextLength }
        if name == "a" {
            let sameDocument = element.attribute("href").map { $0.count > 1 && $0.hasPrefix("#") } ?? false
            linkText += Double(element.innerTextLength) * (sameDocument ? 0.3 : 1)
        }
        var child = element.firstChild
        while let current = child {
            if let childName = current.name { visit(current, childName) }
            child = current.nextSibling
        }
    }
}

/// Images a page loads by script (`data-src`, `data-srcset`, a class
/// "lazy"): their addresses moved where a reader without script finds them.
enum LazyImages {
    static func fix(_ root: PageNode) {
        for element in root.elements(["img", "picture", "figure"]) {
            if let source = element.attribute("src"), source.lowercased().hasPrefix("data:"), !source.lowercased().hasPrefix("data:image/svg+xml"),
               source.utf8.count - (source.firstIndex(of: ",").map { source.utf8.distance(from: source.startIndex, to: $0) + 1 } ?? 0) < 133,
               element.attributes.contains(where: { $0.name != "src" && isImageAddress($0.value) }) {
                element.removeAttribute("src")
            }
            let hasSource = element.attribute("src").map { !$0.isEmpty } ?? false
            let hasSet = element.attribute("srcset").map { !$0.isEmpty && $0 != "null" } ?? false
            if hasSource || hasSet, !element.className.lowercased().contains("lazy") { continue }
            for attribute in element.attributes where !["src", "srcset", "alt"].contains(attribute.name) {
                let target: String
                if attribute.value.range(of: #"\.(jpg|jpeg|png|webp)\s+\d"#, options: [.regularExpression, .caseInsensitive]) != nil {
                    target = "srcset"
                } else if attribute.value.range(of: #"^\s*\S+\.(jpg|jpeg|png|webp)\S*\s*$"#, options: [.regularExpression, .caseInsensitive]) != nil {
                    target = "src"
                } else {
                    continue
                }
                if element.name == "img" || element.name == "picture" {
                    element.setAttribute(target, attribute.value)
                } else if !element.hasDescendant(["img", "picture"]) {
                    element.append(PageNode(element: "img", attributes: [(target, attribute.value)]))
                }
            }
        }
    }

    private static func isImageAddress(_ value: String) -> Bool {
        value.range(of: #"\.(jpg|jpeg|png|webp)"#, options: [.regularExpression, .caseInsensitive]) != nil
    }
}

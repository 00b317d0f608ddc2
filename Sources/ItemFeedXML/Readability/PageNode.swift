import Foundation

/// A web page's element or text, as the readability pass reshapes the page:
/// removed, moved, renamed, wrapped, scored. libxml2 parses (`PageTree`);
/// the tree lives in Swift because the pass changes it all the time.
final class PageNode {
    /// `nil` for text.
    var name: String?
    var attributes: [(name: String, value: String)]
    var text: String
    private(set) var children: [PageNode] = []
    private(set) weak var parent: PageNode?
    /// The readability score, once the node is a candidate.
    var score: Double?
    /// Whether a table holds data (kept) rather than layout.
    var isDataTable = false

    init(element name: String, attributes: [(name: String, value: String)] = []) {
        self.name = name
        self.attributes = attributes
        text = ""
    }

    init(text: String) {
        name = nil
        attributes = []
        self.text = text
    }

    var isElement: Bool { name != nil }
    var isText: Bool { name == nil }

    func attribute(_ name: String) -> String? {
        attributes.first { $0.name == name }?.value
    }

    func setAttribute(_ name: String, _ value: String) {
        if let index = attributes.firstIndex(where: { $0.name == name }) {
            attributes[index].value = value
        } else {
            attributes.append((name, value))
        }
    }

    func removeAttribute(_ name: String) {
        attributes.removeAll { $0.name == name }
    }

    var className: String { attribute("class") ?? "" }
    var id: String { attribute("id") ?? "" }
    /// What the class and id hints are read in.
    var matchString: String { className + " " + id }

    // MARK: Tree

    var elementChildren: [PageNode] { children.filter(\.isElement) }

    var firstElementChild: PageNode? { children.first(where: \.isElement) }

    var index: Int? { parent?.children.firstIndex { $0 === self } }

    var nextSibling: PageNode? {
        guard let parent, let index else { return nil }
        return index + 1 < parent.children.count ? parent.children[index + 1] : nil
    }

    var nextElementSibling: PageNode? {
        guard let parent, let index else { return nil }
        return parent.children[(index + 1)...].first(where: \.isElement)
    }

    func append(_ child: PageNode) {
        child.remove()
        child.parent = self
        children.append(child)
    }

    func insert(_ child: PageNode, before sibling: PageNode?) {
        child.remove()
        child.parent = self
        if let sibling, let index = children.firstIndex(where: { $0 === sibling }) {
            children.insert(child, at: index)
        } else {
            children.append(child)
        }
    }

    func remove() {
        guard let parent else { return }
        if let index { parent.children.remove(at: index) }
        self.parent = nil
    }

    /// `other` takes this node's place.
    func replace(with other: PageNode) {
        guard let parent else { return }
        other.remove()
        guard let index else { return }
        parent.children[index] = other
        other.parent = parent
        self.parent = nil
    }

    func removeChildren() -> [PageNode] {
        let old = children
        for child in old { child.parent = nil }
        children = []
        return old
    }

    /// Every element below, in document order, whose name is in `names`.
    func elements(_ names: Set<String>) -> [PageNode] {
        var found: [PageNode] = []
        collect(names, into: &found)
        return found
    }

    private func collect(_ names: Set<String>, into found: inout [PageNode]) {
        for child in children where child.isElement {
            if names.contains(child.name!) { found.append(child) }
            child.collect(names, into: &found)
        }
    }

    func hasDescendant(_ names: Set<String>) -> Bool {
        children.contains { $0.isElement && (names.contains($0.name!) || $0.hasDescendant(names)) }
    }

    func ancestors(upTo depth: Int = 0) -> [PageNode] {
        var found: [PageNode] = []
        var node = parent
        while let current = node {
            found.append(current)
            if depth > 0, found.count == depth { break }
            node = current.parent
        }
        return found
    }

    /// Whether an ancestor named `name` is within `depth` levels (0: any).
    func hasAncestor(_ name: String, depth: Int = 3, where test: (PageNode) -> Bool = { _ in true }) -> Bool {
        var level = 0
        var node = self
        while let parent = node.parent {
            if depth > 0, level > depth { return false }
            if parent.name == name, test(parent) { return true }
            node = parent
            level += 1
        }
        return false
    }

    /// The next element in document order; past this one's own elements when `skippingChildren`.
    func nextElement(skippingChildren: Bool = false) -> PageNode? {
        if !skippingChildren, let child = firstElementChild { return child }
        var node: PageNode? = self
        while let current = node {
            if let sibling = current.nextElementSibling { return sibling }
            node = current.parent
        }
        return nil
    }

    /// Removed; answers the element after it in document order.
    func removeAndGetNext() -> PageNode? {
        let next = nextElement(skippingChildren: true)
        remove()
        return next
    }

    // MARK: Text

    var textContent: String {
        if isText { return text }
        var text = ""
        appendText(to: &text)
        return text
    }

    private func appendText(to text: inout String) {
        for child in children {
            if child.isText { text += child.text } else { child.appendText(to: &text) }
        }
    }

    /// The text trimmed, runs of white space as one space.
    var innerText: String { PageText.normalized(textContent) }

    /// Its length as Readability counts (UTF-16 units).
    var innerTextLength: Int { innerText.utf16.count }

    var isWhitespace: Bool {
        (isText && PageText.isBlank(text)) || name == "br"
    }
}

/// Text as the readability pass measures it.
enum PageText {
    static func isBlank(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy(isSpace)
    }

    static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isWhitespace
    }

    /// Trimmed, each run of white space one space.
    static func normalized(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            if isSpace(scalar) {
                pendingSpace = !result.isEmpty
            } else {
                if pendingSpace { result.append(" ") }
                pendingSpace = false
                result.append(scalar)
            }
        }
        return String(result)
    }
}

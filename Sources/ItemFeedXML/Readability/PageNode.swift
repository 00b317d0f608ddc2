import Foundation

/// A web page's element or text, as the readability pass reshapes the page:
/// removed, moved, renamed, wrapped, scored. libxml2 parses (`PageTree`);
/// the tree lives in Swift because the pass changes it all the time.
final class PageNode {
    /// `nil` for text.
    var name: String?
    var attributes: [(name: String, value: String)]
    var text: String
    /// Siblings are linked, so walking, removing and inserting cost the
    /// same however many children a node has. A node owns its first child
    /// and each child its next sibling; the links back are not owned and not
    /// weak either (a weak reference moves every count of the node to a
    /// slower table): a node going away unlinks its children first, so none
    /// ever points at a node that is gone.
    private(set) unowned(unsafe) var parent: PageNode?
    private(set) var firstChild: PageNode?
    private(set) unowned(unsafe) var lastChild: PageNode?
    private(set) var nextSibling: PageNode?
    private(set) unowned(unsafe) var previousSibling: PageNode?
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

    /// The children let go one by one (released recursively, a long chain
    /// of siblings would overflow the stack), each told it has no parent.
    deinit {
        var child = firstChild
        firstChild = nil
        lastChild = nil
        while let current = child {
            child = current.nextSibling
            current.nextSibling = nil
            current.previousSibling = nil
            current.parent = nil
        }
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

    var children: [PageNode] {
        var found: [PageNode] = []
        var child = firstChild
        while let current = child {
            found.append(current)
            child = current.nextSibling
        }
        return found
    }

    var elementChildren: [PageNode] { children.filter(\.isElement) }

    var firstElementChild: PageNode? {
        var child = firstChild
        while let current = child, current.isText { child = current.nextSibling }
        return child
    }

    var nextElementSibling: PageNode? {
        var sibling = nextSibling
        while let current = sibling, current.isText { sibling = current.nextSibling }
        return sibling
    }

    var previousElementSibling: PageNode? {
        var sibling = previousSibling
        while let current = sibling, current.isText { sibling = current.previousSibling }
        return sibling
    }

    func append(_ child: PageNode) {
        insert(child, before: nil)
    }

    /// At the end when `sibling` is `nil` (or not a child).
    func insert(_ child: PageNode, before sibling: PageNode?) {
        child.remove()
        child.parent = self
        if let sibling, sibling.parent === self {
            child.nextSibling = sibling
            child.previousSibling = sibling.previousSibling
            if let previous = sibling.previousSibling { previous.nextSibling = child } else { firstChild = child }
            sibling.previousSibling = child
        } else {
            child.previousSibling = lastChild
            if let last = lastChild { last.nextSibling = child } else { firstChild = child }
            lastChild = child
        }
    }

    func remove() {
        guard let parent else { return }
        if let previous = previousSibling { previous.nextSibling = nextSibling } else { parent.firstChild = nextSibling }
        if let next = nextSibling { next.previousSibling = previousSibling } else { parent.lastChild = previousSibling }
        self.parent = nil
        nextSibling = nil
        previousSibling = nil
    }

    /// `other` takes this node's place.
    func replace(with other: PageNode) {
        guard let parent, other !== self else { return }
        let next = nextSibling
        other.remove()
        remove()
        parent.insert(other, before: next)
    }

    func removeChildren() -> [PageNode] {
        let old = children
        for child in old { child.remove() }
        return old
    }

    /// Every element below, in document order, whose name is in `names`.
    func elements(_ names: [String]) -> [PageNode] {
        var found: [PageNode] = []
        collect(names, into: &found)
        return found
    }

    private func collect(_ names: [String], into found: inout [PageNode]) {
        var child = firstChild
        while let current = child {
            if let name = current.name {
                if names.contains(name) { found.append(current) }
                current.collect(names, into: &found)
            }
            child = current.nextSibling
        }
    }

    func hasDescendant(_ names: [String]) -> Bool {
        var child = firstChild
        while let current = child {
            if let name = current.name, names.contains(name) || current.hasDescendant(names) { return true }
            child = current.nextSibling
        }
        return false
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
        var child = firstChild
        while let current = child {
            if current.isText { text += current.text } else { current.appendText(to: &text) }
            child = current.nextSibling
        }
    }

    /// The text trimmed, runs of white space as one space.
    var innerText: String { PageText.normalized(textContent) }

    /// The length of `innerText` as Readability counts (UTF-16 units),
    /// without making the string: the pass asks it of every candidate.
    var innerTextLength: Int {
        var counter = InnerTextCounter()
        count(into: &counter)
        return counter.length
    }

    private func count(into counter: inout InnerTextCounter) {
        if isText { counter.add(text); return }
        var child = firstChild
        while let current = child {
            current.count(into: &counter)
            child = current.nextSibling
        }
    }

    var isWhitespace: Bool {
        (isText && PageText.isBlank(text)) || name == "br"
    }
}

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

    var hasChildren: Bool { firstChild != nil }

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

/// Counts text as `PageText.normalized` would leave it.
private struct InnerTextCounter {
    private(set) var length = 0
    private var pendingSpace = false

    mutating func add(_ text: String) {
        PageText.forEachScalar(text) { value, width in
            if PageText.isSpace(value) {
                pendingSpace = length > 0
            } else {
                if pendingSpace { length += 1 }
                pendingSpace = false
                length += width
            }
        }
    }
}

/// Text as the readability pass measures it, read straight from its UTF-8.
enum PageText {
    /// Each scalar's value and its length in UTF-16 units (JavaScript's).
    @inline(__always)
    static func forEachScalar(_ text: String, _ body: (UInt32, Int) -> Void) {
        var text = text
        text.withUTF8 { bytes in
            var index = 0
            let count = bytes.count
            while index < count {
                let lead = UInt32(bytes[index])
                if lead < 0x80 {
                    body(lead, 1)
                    index += 1
                } else if lead < 0xE0 {
                    body((lead & 0x1F) << 6 | UInt32(bytes[min(index + 1, count - 1)] & 0x3F), 1)
                    index += 2
                } else if lead < 0xF0 {
                    let value = (lead & 0x0F) << 12 | UInt32(bytes[min(index + 1, count - 1)] & 0x3F) << 6 | UInt32(bytes[min(index + 2, count - 1)] & 0x3F)
                    body(value, 1)
                    index += 3
                } else {
                    body(0x10000, 2)
                    index += 4
                }
            }
        }
    }

    static func isBlank(_ text: String) -> Bool {
        var blank = true
        forEachScalar(text) { value, _ in if blank, !isSpace(value) { blank = false } }
        return blank
    }

    static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        isSpace(scalar.value)
    }

    /// JavaScript's `\s`.
    @inline(__always)
    static func isSpace(_ value: UInt32) -> Bool {
        switch value {
        case 0x20, 0x09...0x0D: true
        case 0..<0x80: false
        case 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000, 0xFEFF: true
        default: false
        }
    }

    /// Trimmed, each run of white space one space.
    static func normalized(_ text: String) -> String {
        var output: [UInt8] = []
        var text = text
        text.withUTF8 { bytes in
            output.reserveCapacity(bytes.count)
            var pendingSpace = false
            var index = 0
            while index < bytes.count {
                let lead = bytes[index]
                let width = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
                let end = min(index + width, bytes.count)
                var value = UInt32(lead)
                if width == 2, end - index == 2 { value = UInt32(lead & 0x1F) << 6 | UInt32(bytes[index + 1] & 0x3F) }
                if width == 3, end - index == 3 { value = UInt32(lead & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6 | UInt32(bytes[index + 2] & 0x3F) }
                if width < 4, isSpace(value) {
                    pendingSpace = !output.isEmpty
                } else {
                    if pendingSpace { output.append(0x20) }
                    pendingSpace = false
                    output.append(contentsOf: bytes[index..<end])
                }
                index = end
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Trimmed of white space at both ends.
    static func trimmed(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isSpace($0) }), let last = scalars.lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(scalars[first...last])
    }

    /// Commas in Latin, Arabic, Chinese and other scripts.
    static func commas(_ text: String) -> Int {
        var count = 0
        forEachScalar(text) { value, _ in
            switch value {
            case 0x2C, 0x060C, 0xFE50, 0xFE10, 0xFE11, 0x2E41, 0x2E34, 0x2E32, 0xFF0C: count += 1
            default: break
            }
        }
        return count
    }
}

import Foundation

/// One page's readability pass: Mozilla Readability's algorithm over a
/// `PageNode` tree. Elements are walked in document order (hidden ones,
/// bylines, a heading repeating the title and unlikely candidates
/// dropped; divs holding only text made paragraphs), paragraphs scored
/// (one, plus their commas, plus a point per 100 characters, up to three)
/// and their score given to five levels of ancestors (halved for the
/// grandparent, divided by three times the level above), each candidate's
/// score cut by its link density; the best candidate's siblings that score
/// well enough joined to it, and the result cleaned for reading. Too little
/// text, and it starts again from the page as it was, one rule looser at a
/// time, keeping the longest result in the end.
final class ReadabilityPass {
    struct Flags: OptionSet {
        let rawValue: Int
        static let stripUnlikely = Flags(rawValue: 1)
        static let weightClasses = Flags(rawValue: 2)
        static let cleanConditionally = Flags(rawValue: 4)
        static let all: Flags = [.stripUnlikely, .weightClasses, .cleanConditionally]
    }

    /// Less text than this (in UTF-16 units, as Readability counts) is a failed attempt.
    static let charThreshold = 500
    static let topCandidates = 5

    private(set) var flags = Flags.all
    private let title: String
    private let knownByline: Bool
    private(set) var byline: String?
    private(set) var direction: String?

    /// When no looser attempt is begun: a hostile page's attempts stop
    /// there, and the best one so far is the article.
    private let deadline: Date
    /// Attempts made by the last `grab`.
    private(set) var attemptsMade = 0

    init(title: String, knownByline: Bool, deadline: Date = .distantFuture) {
        self.title = title
        self.knownByline = knownByline
        self.deadline = deadline
    }

    /// The article's content (a `div`), or `nil` when no attempt found any text.
    func grab(_ page: PageNode) -> PageNode? {
        let original = page.clone()
        var attempts: [(content: PageNode, length: Int)] = []
        var page = page
        attemptsMade = 0
        while true {
            let content = attempt(page)
            attemptsMade += 1
            let length = content.innerTextLength
            if length >= Self.charThreshold { return content }
            attempts.append((content, length))
            if Date() >= deadline || flags.isEmpty {
                guard let best = attempts.max(by: { $0.length < $1.length }), best.length > 0 else { return nil }
                return best.content
            }
            if flags.contains(.stripUnlikely) {
                flags.remove(.stripUnlikely)
            } else if flags.contains(.weightClasses) {
                flags.remove(.weightClasses)
            } else {
                flags.remove(.cleanConditionally)
            }
            byline = nil
            page = original.clone()
        }
    }

    // MARK: One attempt

    private func attempt(_ page: PageNode) -> PageNode {
        let scored = prepare(page)
        let candidates = score(scored)
        var top = candidates.first
        let created: Bool
        if top == nil || top?.name == "body" {
            let container = PageNode(element: "div")
            for child in page.removeChildren() { container.append(child) }
            page.append(container)
            initialize(container)
            top = container
            created = true
        } else {
            top = betterTop(top!, candidates)
            created = false
        }
        let topCandidate = top!
        let content = PageNode(element: "div")
        if created {
            content.append(topCandidate)
        } else {
            joinSiblings(of: topCandidate, into: content)
        }
        ReadabilityCleaner(flags: flags, title: title).prepare(content)
        findDirection(topCandidate)
        return content
    }

    /// The walk: what to drop, what to make paragraphs, what to score.
    private func prepare(_ page: PageNode) -> [PageNode] {
        var scored: [PageNode] = []
        var node: PageNode? = page.ancestors().last ?? page
        var removeTitleHeading = true
        while let current = node {
            let match = current.matchString
            if !current.isProbablyVisible || (current.attribute("aria-modal") == "true" && current.attribute("role") == "dialog") {
                node = current.removeAndGetNext()
                continue
            }
            if byline == nil, !knownByline, current.isByline {
                let end = current.nextElement(skippingChildren: true)
                var next = current.nextElement()
                var named: PageNode?
                while let candidate = next, candidate !== end {
                    if candidate.attribute("itemprop")?.contains("name") == true { named = candidate; break }
                    next = candidate.nextElement()
                }
                byline = PageText.trimmed((named ?? current).textContent)
                node = current.removeAndGetNext()
                continue
            }
            if removeTitleHeading, current.name == "h1" || current.name == "h2",
               PageTitle.similarity(title, PageText.trimmed(current.textContent)) > 0.75 {
                removeTitleHeading = false
                node = current.removeAndGetNext()
                continue
            }
            if flags.contains(.stripUnlikely) {
                if ReadabilityHints.matches(match, ReadabilityHints.unlikely), !ReadabilityHints.matches(match, ReadabilityHints.maybeCandidate),
                   !current.hasAncestor("table"), !current.hasAncestor("code"), current.name != "body", current.name != "a" {
                    node = current.removeAndGetNext()
                    continue
                }
                if let role = current.attribute("role"), ReadabilityHints.unlikelyRoles.contains(role) {
                    node = current.removeAndGetNext()
                    continue
                }
            }
            if let name = current.name, name == "div" || name == "section" || name == "header" || ReadabilityHints.headings.contains(name),
               current.isWithoutContent {
                node = current.removeAndGetNext()
                continue
            }
            if ReadabilityHints.tagsToScore.contains(current.name ?? "") { scored.append(current) }
            var next = current
            if current.name == "div" {
                wrapPhrasing(in: current)
                if current.hasSingle("p"), current.linkDensity < 0.25 {
                    let paragraph = current.elementChildren[0]
                    current.replace(with: paragraph)
                    next = paragraph
                    scored.append(paragraph)
                } else if !current.hasChildBlockElement {
                    current.name = "p"
                    scored.append(current)
                }
            }
            node = next.nextElement()
        }
        return scored
    }

    /// Runs of text and inline elements directly in a div become paragraphs.
    private func wrapPhrasing(in div: PageNode) {
        var child = div.firstChild
        while let start = child {
            guard start.isPhrasingContent else { child = start.nextSibling; continue }
            var run: [PageNode] = []
            var next: PageNode? = start
            while let current = next, current.isPhrasingContent {
                run.append(current)
                next = current.nextSibling
            }
            child = next
            while run.first?.isWhitespace == true { run.removeFirst().remove() }
            while run.last?.isWhitespace == true { run.removeLast().remove() }
            guard !run.isEmpty else { continue }
            let paragraph = PageNode(element: "p")
            div.insert(paragraph, before: next)
            for node in run { paragraph.append(node) }
        }
    }

    /// The candidates, best first, each scored.
    private func score(_ elements: [PageNode]) -> [PageNode] {
        var candidates: [PageNode] = []
        for element in elements {
            guard let parent = element.parent, parent.isElement else { continue }
            let text = element.innerText
            let length = text.utf16.count
            guard length >= 25 else { continue }
            let ancestors = element.ancestors(upTo: 5)
            guard !ancestors.isEmpty else { continue }
            let commas = PageText.commas(text)
            let points = 1.0 + Double(commas + 1) + Double(min(length / 100, 3))
            for (level, ancestor) in ancestors.enumerated() {
                guard ancestor.isElement, ancestor.parent?.isElement == true else { continue }
                if ancestor.score == nil {
                    initialize(ancestor)
                    candidates.append(ancestor)
                }
                let divider = level == 0 ? 1.0 : level == 1 ? 2.0 : Double(level) * 3
                ancestor.score! += points / divider
            }
        }
        var top: [PageNode] = []
        for candidate in candidates {
            candidate.score = candidate.score! * (1 - candidate.linkDensity)
            if let index = top.firstIndex(where: { candidate.score! > $0.score! }) {
                top.insert(candidate, at: index)
            } else {
                top.append(candidate)
            }
            if top.count > Self.topCandidates { top.removeLast() }
        }
        return top
    }

    private func initialize(_ node: PageNode) {
        var score = 0.0
        switch node.name {
        case "div": score = 5
        case "pre", "td", "blockquote": score = 3
        case "address", "ol", "ul", "dl", "dd", "dt", "li", "form": score = -3
        case "h1", "h2", "h3", "h4", "h5", "h6", "th": score = -5
        default: break
        }
        node.score = score + node.classWeight(weighing: flags.contains(.weightClasses))
    }

    /// A common ancestor of close runners-up, a parent that scores higher,
    /// or the parent of an only child.
    private func betterTop(_ first: PageNode, _ candidates: [PageNode]) -> PageNode {
        var top = first
        let close = candidates.dropFirst().filter { $0.score! / top.score! >= 0.75 }.map { Set($0.ancestors().map(ObjectIdentifier.init)) }
        if close.count >= 3 {
            var parent = top.parent
            while let current = parent, current.name != "body" {
                if close.filter({ $0.contains(ObjectIdentifier(current)) }).count >= 3 {
                    top = current
                    break
                }
                parent = current.parent
            }
        }
        if top.score == nil { initialize(top) }
        var parent = top.parent
        var lastScore = top.score!
        let threshold = lastScore / 3
        while let current = parent, current.name != "body" {
            guard let score = current.score else { parent = current.parent; continue }
            if score < threshold { break }
            if score > lastScore { top = current; break }
            lastScore = score
            parent = current.parent
        }
        while let parent = top.parent, parent.name != "body", parent.elementChildren.count == 1 {
            top = parent
        }
        if top.score == nil { initialize(top) }
        return top
    }

    /// The top candidate and those of its siblings that belong with it.
    private func joinSiblings(of top: PageNode, into content: PageNode) {
        guard let parent = top.parent else { content.append(top); return }
        let threshold = max(10, top.score! * 0.2)
        for sibling in parent.elementChildren {
            var append = sibling === top
            if !append {
                let bonus = sibling.className == top.className && !top.className.isEmpty ? top.score! * 0.2 : 0
                if let score = sibling.score, score + bonus >= threshold {
                    append = true
                } else if sibling.name == "p" {
                    let density = sibling.linkDensity
                    let text = sibling.innerText
                    let length = text.utf16.count
                    if length > 80, density < 0.25 {
                        append = true
                    } else if length < 80, length > 0, density == 0, text.range(of: #"\.( |$)"#, options: .regularExpression) != nil {
                        append = true
                    }
                }
            }
            guard append else { continue }
            if !ReadabilityHints.keptAsThey.contains(sibling.name ?? "") { sibling.name = "div" }
            content.append(sibling)
        }
    }

    private func findDirection(_ top: PageNode) {
        for node in [top.parent, top].compactMap({ $0 }) + (top.parent?.ancestors() ?? []) {
            if let direction = node.attribute("dir"), !direction.isEmpty {
                self.direction = direction
                return
            }
        }
    }
}

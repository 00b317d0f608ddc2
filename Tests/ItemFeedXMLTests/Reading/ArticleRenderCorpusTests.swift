import Foundation
import ItemFeed
@testable import ItemFeedXML
import XCTest

/// Nothing lost (SPEC 19): every article of Mozilla Readability's test
/// pages (`expected.html`, 130 real articles) made into the pane's model
/// keeps every word of its text, every picture (or its description), every
/// `pre` as a code block and every player as a card. Counted on libxml2's
/// tree of the same page (`PageTree`), not on the builder's own events.
final class ArticleRenderCorpusTests: XCTestCase {
    func test_everyTestPagesArticle_losesNothingInThePanesModel() throws {
        let pages = try ReadabilityCorpusTests.pages()
        var failures: [String] = []
        for page in pages {
            let html = try String(decoding: Data(contentsOf: page.appendingPathComponent("expected.html")), as: UTF8.self)
            failures += Self.losses(in: html).map { "\(page.lastPathComponent): \($0)" }
        }
        XCTAssertEqual(pages.count, 130)
        XCTAssertEqual(failures, [], "\(failures.count) losses:\n" + failures.joined(separator: "\n"))
    }

    /// What the model lacks of the page, named by construct.
    static func losses(in html: String) -> [String] {
        let article = HTMLArticle.article(fromHTML: html, base: ReadabilityCorpusTests.address)
        guard let tree = try? PageTree.parse(Data(html.utf8)) else { return ["libxml2 could not parse it"] }
        var page = Census()
        page.walk(tree)
        var model = Census()
        model.count(article.blocks)
        var losses: [String] = []
        var left: [Substring: Int] = [:]
        for word in model.words { left[word, default: 0] += 1 }
        var missing: [Substring] = []
        for word in page.words {
            if left[word, default: 0] > 0 { left[word]! -= 1 } else { missing.append(word) }
        }
        if !missing.isEmpty { losses.append("\(missing.count) words, among them “\(missing.prefix(8).joined(separator: " "))”") }
        if model.pictures < page.pictures { losses.append("\(page.pictures - model.pictures) of \(page.pictures) pictures") }
        if model.code < page.code { losses.append("\(page.code - model.code) of \(page.code) code blocks") }
        if model.cards < page.players { losses.append("\(page.players - model.cards) of \(page.players) players or embeds") }
        return losses
    }

    /// Words and constructs, counted on a page's tree or on the model.
    struct Census {
        var words: [Substring] = []
        var pictures = 0, code = 0, players = 0, cards = 0
        /// The page's text between two block boundaries: an inline
        /// element's text joins its neighbours' ("<b>D</b>ata" is one word).
        private var line = ""

        /// Text a reader sees: not a script's, a style's, or what stands in
        /// for a player or a drawing (their fallback and labels).
        static let unseen: Set<String> = ["script", "style", "noscript", "template", "head", "title", "iframe", "object", "embed",
                                          "video", "audio", "svg", "math", "canvas", "select", "option", "textarea", "button", "input", "rp"]

        mutating func walk(_ tree: PageNode) {
            visit(tree)
            flush()
        }

        private mutating func flush() {
            words += Self.words(line)
            line = ""
        }

        private mutating func visit(_ node: PageNode) {
            guard let name = node.name?.lowercased() else {
                line += node.text
                return
            }
            let isInline = Self.inline.contains(name)
            if !isInline { flush() }
            defer { if !isInline { flush() } }
            switch name {
            case "img":
                // A picture the web serves (not a `data:` or `file:` one, which is never loaded).
                let sources = ["src", "srcset", "data-src", "data-srcset"].compactMap(node.attribute).map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
                if sources.contains(where: { !$0.isEmpty && !$0.hasPrefix("data:") && !$0.hasPrefix("file:") && !$0.hasPrefix("javascript:") }) {
                    pictures += 1
                    flush()
                }
                words += Self.words(node.attribute("alt") ?? "")
            case "pre" where !Self.isInside(node, "pre"):
                code += 1
            case "iframe", "video", "audio", "embed", "object":
                players += 1
            default:
                break
            }
            guard !Self.unseen.contains(name) else { return }
            for child in node.children { visit(child) }
        }

        static let inline: Set<String> = ["a", "abbr", "img", "b", "bdi", "bdo", "cite", "code", "data", "del", "dfn", "em", "font", "i", "ins", "kbd",
                                          "mark", "q", "ruby", "rt", "s", "samp", "small", "span", "strike", "strong", "sub", "sup", "time", "tt", "u", "var"]

        private static func isInside(_ node: PageNode, _ name: String) -> Bool {
            var parent = node.parent
            while let current = parent {
                if current.name?.lowercased() == name { return true }
                parent = current.parent
            }
            return false
        }

        mutating func count(_ blocks: [ArticleBlock]) {
            for block in blocks {
                switch block.kind {
                case let .image(_, alternative, _, _):
                    pictures += 1
                    words += Self.words(alternative)
                case let .table(table):
                    if !table.caption.isEmpty { words += Self.words(table.caption) }
                    for cell in table.rows.joined() { count(cell.blocks) }
                case .media:
                    cards += 1
                case let .details(details):
                    words += Self.words(block.runs.map(\.text).joined())
                    count(details.blocks)
                case .code:
                    code += 1
                    words += Self.words(block.text)
                default:
                    words += Self.words(block.text)
                }
            }
        }

        /// Letters and digits, case kept: what a reader reads, whatever
        /// spacing or punctuation the two sides put around it.
        static func words(_ text: String) -> [Substring] {
            text.split { !($0.isLetter || $0.isNumber) }
        }
    }
}

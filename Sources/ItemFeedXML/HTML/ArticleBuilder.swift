import Foundation
import ItemFeed

/// Collects an article from HTML's SAX events (`HTMLArticle`): the block
/// being filled, the run being typed, and what the elements around the
/// text make of it. Touched only from one parse's callbacks.
final class ArticleBuilder {
    private let base: URL?
    private var blocks: [ArticleBlock] = []
    private var block: ArticleBlock?
    /// The run being typed: its bytes, not yet a string.
    private var text: [UInt8] = []
    private var pendingSpace = false
    private var textBytes = 0

    private var hiddenDepth = 0
    private var bold = 0, italic = 0, code = 0, pre = 0
    private var links: [URL?] = []
    private var lists: [(ordered: Bool, count: Int)] = []
    private var quoteDepth = 0
    private var cells = 0

    /// Indentation is kept to what a reading column can show.
    private static let maxDepth = 8

    init(base: URL?) {
        self.base = base
    }

    private var isFull: Bool { textBytes >= HTMLArticle.maxTextBytes || blocks.count >= HTMLArticle.maxBlocks }

    // MARK: SAX

    func start(_ name: String, attributes: [String: String]) {
        let name = name.lowercased()
        if Self.hidden.contains(name) { hiddenDepth += 1 }
        guard hiddenDepth == 0 else { return }
        switch name {
        case "h1", "h2", "h3", "h4", "h5", "h6":
            startBlock(.heading(level: Int(name.dropFirst()) ?? 1))
        case "ul", "ol":
            endBlock()
            lists.append((name == "ol", 0))
        case "li":
            if lists.isEmpty { lists.append((false, 0)) }
            lists[lists.count - 1].count += 1
            let list = lists[lists.count - 1]
            startBlock(.listItem(marker: list.ordered ? "\(list.count)." : "•"))
        case "blockquote":
            endBlock()
            quoteDepth += 1
        case "pre":
            startBlock(.preformatted)
            pre += 1
        case "br":
            append(UInt8(ascii: "\n"), collapsing: false)
        case "hr":
            endBlock()
            add(ArticleBlock(kind: .rule, quoteDepth: min(quoteDepth, Self.maxDepth)))
        case "img":
            guard let source = attributes["src"].flatMap(webAddress) else { return }
            let alternative = FeedText.clean(attributes["alt"] ?? attributes["title"] ?? "", limit: FeedText.titleLimit) ?? ""
            endBlock()
            add(ArticleBlock(kind: .image(source: source, alternative: alternative), quoteDepth: min(quoteDepth, Self.maxDepth)))
        case "tr":
            startBlock(.tableRow)
            cells = 0
        case "td", "th":
            if cells > 0 { append(UInt8(ascii: "\t"), collapsing: false) }
            cells += 1
        case "b", "strong":
            flushRun()
            bold += 1
        case "i", "em", "cite", "dfn", "var":
            flushRun()
            italic += 1
        case "code", "tt", "kbd", "samp":
            flushRun()
            code += 1
        case "a":
            flushRun()
            links.append(attributes["href"].flatMap(webAddress))
        default:
            if Self.blocks.contains(name) { endBlock() }
        }
    }

    func end(_ name: String) {
        let name = name.lowercased()
        if Self.hidden.contains(name) {
            hiddenDepth = max(0, hiddenDepth - 1)
            return
        }
        guard hiddenDepth == 0 else { return }
        switch name {
        case "h1", "h2", "h3", "h4", "h5", "h6", "li", "tr":
            endBlock()
        case "ul", "ol":
            endBlock()
            _ = lists.popLast()
        case "blockquote":
            endBlock()
            quoteDepth = max(0, quoteDepth - 1)
        case "pre":
            endBlock()
            pre = max(0, pre - 1)
        case "b", "strong":
            flushRun()
            bold = max(0, bold - 1)
        case "i", "em", "cite", "dfn", "var":
            flushRun()
            italic = max(0, italic - 1)
        case "code", "tt", "kbd", "samp":
            flushRun()
            code = max(0, code - 1)
        case "a":
            flushRun()
            _ = links.popLast()
        default:
            if Self.blocks.contains(name) { endBlock() }
        }
    }

    func text(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard hiddenDepth == 0 else { return }
        for byte in bytes { append(byte, collapsing: pre == 0) }
    }

    func finish() -> Article {
        endBlock()
        return Article(blocks: blocks)
    }

    // MARK: Blocks and runs

    /// Outside `pre`, a run of whitespace is one space, and none at the
    /// start or the end of a block.
    private func append(_ byte: UInt8, collapsing: Bool) {
        guard !isFull else { return }
        if collapsing, byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D || byte == 0x0C {
            pendingSpace = true
            return
        }
        if block == nil { block = ArticleBlock(kind: .paragraph, quoteDepth: min(quoteDepth, Self.maxDepth), listDepth: min(lists.count, Self.maxDepth)) }
        if pendingSpace, hasText, text.last != 0x0A, text.last != 0x09 { text.append(0x20) }
        pendingSpace = false
        text.append(byte)
        textBytes += 1
    }

    private var hasText: Bool { !text.isEmpty || block?.runs.isEmpty == false }

    /// The run typed so far, with the space that ended it: a style that
    /// begins after a space leaves the space with the text before.
    private func flushRun() {
        if pendingSpace, hasText, text.last != 0x0A, text.last != 0x09 {
            text.append(0x20)
            pendingSpace = false
        }
        guard !text.isEmpty, block != nil else { return }
        let run = ArticleRun(String(decoding: text, as: UTF8.self), style: style, link: links.last ?? nil)
        text.removeAll(keepingCapacity: true)
        if let last = block?.runs.last, last.style == run.style, last.link == run.link {
            block!.runs[block!.runs.count - 1].text += run.text
        } else {
            block!.runs.append(run)
        }
    }

    private var style: ArticleRun.Style {
        var style: ArticleRun.Style = []
        if bold > 0 { style.insert(.bold) }
        if italic > 0 { style.insert(.italic) }
        if code > 0 || pre > 0 { style.insert(.code) }
        return style
    }

    private func startBlock(_ kind: ArticleBlock.Kind) {
        endBlock()
        block = ArticleBlock(kind: kind, quoteDepth: min(quoteDepth, Self.maxDepth), listDepth: min(lists.count, Self.maxDepth))
    }

    /// Keeps the block if it has text (or is a list item, which may hold
    /// only a nested list's items after it).
    private func endBlock() {
        flushRun()
        pendingSpace = false
        guard var finished = block else { return }
        block = nil
        if let last = finished.runs.indices.last, finished.kind != .preformatted {
            while finished.runs[last].text.last?.isWhitespace == true { finished.runs[last].text.removeLast() }
            if finished.runs[last].text.isEmpty { finished.runs.removeLast() }
        }
        if finished.kind == .preformatted, let last = finished.runs.indices.last, finished.runs[last].text.hasSuffix("\n") {
            finished.runs[last].text.removeLast()
        }
        guard !finished.runs.isEmpty else { return }
        add(finished)
    }

    private func add(_ finished: ArticleBlock) {
        guard blocks.count < HTMLArticle.maxBlocks else { return }
        blocks.append(finished)
    }

    /// A web address, relative ones read against the base; anything else
    /// (`javascript:`, `data:`, `file:`) is not one.
    private func webAddress(_ text: String) -> URL? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.utf8.count <= 2_048, let url = URL(string: trimmed, relativeTo: base)?.absoluteURL,
              let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", url.host?.isEmpty == false
        else { return nil }
        return url
    }

    /// Elements whose content is never shown.
    private static let hidden: Set<String> = [
        "script", "style", "head", "title", "template", "noscript", "iframe", "frame", "frameset", "object", "embed",
        "applet", "form", "input", "button", "select", "textarea", "option", "svg", "math", "canvas", "audio", "video", "map",
    ]
    /// Elements that start and end a paragraph of their own.
    private static let blocks: Set<String> = [
        "p", "div", "section", "article", "header", "footer", "main", "aside", "nav", "figure", "figcaption", "address",
        "center", "dl", "dt", "dd", "details", "summary", "caption", "table", "tbody", "thead", "tfoot", "body", "html",
    ]
}

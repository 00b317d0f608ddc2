import Foundation
import ItemFeed

/// Collects an article from HTML's SAX events (`HTMLArticle`): the block
/// being filled, the run being typed, and what the elements around the
/// text make of it. Tables, pictures and players are in files of their own
/// (`ArticleBuilder+Tables`, `+Embeds`). Touched only from one parse's callbacks.
final class ArticleBuilder {
    let base: URL?
    /// Where blocks go: the article, or the table cell being filled.
    var frame = Frame()
    /// The run being typed: its bytes, not yet a string.
    var text: [UInt8] = []
    var pendingSpace = false
    var textBytes = 0

    var hiddenDepth = 0
    var bold = 0, italic = 0, code = 0, pre = 0
    var sub = 0, sup = 0, struck = 0, underlined = 0, marked = 0
    var links: [URL?] = []
    /// `dir` of the elements open, innermost last.
    var directions: [(name: String, rightToLeft: Bool)] = []

    /// Tables open, innermost last, and the frames their cells interrupted.
    var tables: [TableAssembly] = []
    var outerFrames: [Frame] = []
    /// A `video` or `audio` waiting for its `source` children.
    var pendingMedia: (kind: ArticleMedia.Kind, sources: [String], poster: String?, title: String?)?
    /// A `picture`'s `source` sets, for its `img`.
    var pictureSources: [String]?
    /// Disclosures open, innermost last; those past the deepest kept.
    var disclosures: [DetailsAssembly] = []
    var unfoldedDetails = 0
    /// `abbr`s open, with the title each will be spelled out by, and the
    /// titles spelled out already.
    var abbreviations: [String?] = []
    var spelledOut: Set<String> = []

    /// Indentation is kept to what a reading column can show.
    static let maxDepth = 8

    struct Frame {
        var blocks: [ArticleBlock] = []
        var block: ArticleBlock?
        var lists: [OrderedList] = []
        var quoteDepth = 0
    }

    struct OrderedList {
        var ordered: Bool
        var next: Int
        var step: Int
        var type: Character
        /// Where its items are in the frame's blocks, for `reversed` with no `start`.
        var items: [Int] = []
        var countsDown: Bool
    }

    init(base: URL?) {
        self.base = base
    }

    /// Blocks kept, in every frame: cells and disclosures count too.
    var blockCount = 0

    var isFull: Bool { textBytes >= HTMLArticle.maxTextBytes || blockCount >= HTMLArticle.maxBlocks }

    // MARK: SAX

    func start(_ name: String, attributes: [String: String]) {
        let name = name.lowercased()
        if pendingMedia != nil, name == "source" {
            if let source = attributes["src"] { pendingMedia?.sources.append(source) }
            return
        }
        if Self.hidden.contains(name) {
            if hiddenDepth == 0 { startEmbed(name, attributes: attributes) }
            hiddenDepth += 1
        }
        guard hiddenDepth == 0 else { return }
        if directions.count < 64, let direction = attributes["dir"]?.lowercased(), direction == "rtl" || direction == "ltr" {
            directions.append((name, direction == "rtl"))
        }
        switch name {
        case "h1", "h2", "h3", "h4", "h5", "h6":
            startBlock(.heading(level: Int(name.dropFirst()) ?? 1))
        case "ul", "ol", "dl":
            endBlock()
            frame.lists.append(Self.list(name, attributes: attributes))
        case "li", "dd":
            if frame.lists.isEmpty { frame.lists.append(Self.list("ul", attributes: [:])) }
            startListItem(value: attributes["value"].flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }, isDefinition: name == "dd")
        case "dt":
            startBlock(.paragraph)
            flushRun()
            bold += 1
        case "blockquote":
            endBlock()
            frame.quoteDepth += 1
        case "pre":
            startBlock(.code(language: CodeLanguage.named(byClasses: attributes["class"])))
            pre += 1
        case "br":
            append(UInt8(ascii: "\n"), collapsing: false)
        case "hr":
            endBlock()
            add(ArticleBlock(kind: .rule, quoteDepth: min(frame.quoteDepth, Self.maxDepth)))
        case "picture":
            pictureSources = []
        case "source":
            if let set = attributes["srcset"] ?? attributes["data-srcset"] { pictureSources?.append(set) }
        case "img":
            addPicture(attributes)
        case "figcaption":
            startBlock(.caption)
        case "table":
            startTable()
        case "caption":
            startCaption()
        case "thead", "tbody", "tfoot":
            startSection(name)
        case "tr":
            startRow()
        case "td", "th":
            startCell(header: name == "th", attributes: attributes)
        case "details":
            startDetails(attributes)
        case "summary":
            startSummary()
        case "abbr", "acronym":
            startAbbreviation(attributes)
        case "q":
            flushRun()
            appendText("“")
        case "rt":
            appendText("(")
        case "b", "strong":
            flushRun()
            bold += 1
        case "i", "em", "cite", "dfn", "var":
            flushRun()
            italic += 1
        case "code", "tt", "kbd", "samp":
            flushRun()
            code += 1
            if pre > 0, case .code(nil)? = frame.block?.kind, let language = CodeLanguage.named(byClasses: attributes["class"]) {
                frame.block?.kind = .code(language: language)
            }
        case "sub": flushRun(); sub += 1
        case "sup": flushRun(); sup += 1
        case "del", "s", "strike": flushRun(); struck += 1
        case "ins", "u": flushRun(); underlined += 1
        case "mark": flushRun(); marked += 1
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
            if hiddenDepth == 0 { endEmbed(name) }
            return
        }
        guard hiddenDepth == 0 else { return }
        // After the element's block has ended, in its direction.
        defer { if directions.last?.name == name { directions.removeLast() } }
        switch name {
        case "h1", "h2", "h3", "h4", "h5", "h6", "li", "dd", "figcaption":
            endBlock()
        case "dt":
            flushRun()
            bold = max(0, bold - 1)
            endBlock()
        case "ul", "ol", "dl":
            endBlock()
            if let list = frame.lists.popLast() { renumber(list) }
        case "blockquote":
            endBlock()
            frame.quoteDepth = max(0, frame.quoteDepth - 1)
        case "pre":
            endBlock()
            pre = max(0, pre - 1)
        case "picture":
            pictureSources = nil
        case "table":
            endTable()
        case "caption":
            endCaption()
        case "tr":
            endRow()
        case "td", "th":
            endCell()
        case "details":
            endDetails()
        case "summary":
            endSummary()
        case "abbr", "acronym":
            endAbbreviation()
        case "q":
            appendText("”")
        case "rt":
            appendText(")")
        case "b", "strong":
            flushRun()
            bold = max(0, bold - 1)
        case "i", "em", "cite", "dfn", "var":
            flushRun()
            italic = max(0, italic - 1)
        case "code", "tt", "kbd", "samp":
            flushRun()
            code = max(0, code - 1)
        case "sub": flushRun(); sub = max(0, sub - 1)
        case "sup": flushRun(); sup = max(0, sup - 1)
        case "del", "s", "strike": flushRun(); struck = max(0, struck - 1)
        case "ins", "u": flushRun(); underlined = max(0, underlined - 1)
        case "mark": flushRun(); marked = max(0, marked - 1)
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
        // A player the page never closed still leaves its card.
        if let media = pendingMedia { endEmbed(media.kind == .video ? "video" : "audio") }
        while !tables.isEmpty { endTable() }
        while !disclosures.isEmpty || unfoldedDetails > 0 { endDetails() }
        endBlock()
        return Article(blocks: frame.blocks)
    }

    // MARK: Blocks and runs

    /// Outside `pre`, a run of whitespace is one space, and none at the
    /// start or the end of a block.
    func append(_ byte: UInt8, collapsing: Bool) {
        guard !isFull else { return }
        if collapsing, byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D || byte == 0x0C {
            pendingSpace = true
            return
        }
        if frame.block == nil {
            frame.block = ArticleBlock(kind: .paragraph, quoteDepth: min(frame.quoteDepth, Self.maxDepth), listDepth: min(frame.lists.count, Self.maxDepth))
        }
        if pendingSpace, hasText, text.last != 0x0A, text.last != 0x09 { text.append(0x20) }
        pendingSpace = false
        text.append(byte)
        textBytes += 1
    }

    /// Text the markup implies (a quotation's marks, a reading's brackets).
    func appendText(_ words: String) {
        flushRun()
        for byte in words.utf8 { append(byte, collapsing: false) }
        flushRun()
    }

    private var hasText: Bool { !text.isEmpty || frame.block?.runs.isEmpty == false }

    /// The run typed so far, with the space that ended it: a style that
    /// begins after a space leaves the space with the text before.
    func flushRun() {
        if pendingSpace, hasText, text.last != 0x0A, text.last != 0x09 {
            text.append(0x20)
            pendingSpace = false
        }
        guard !text.isEmpty, frame.block != nil else { return }
        let run = ArticleRun(String(decoding: text, as: UTF8.self), style: style, link: links.last ?? nil)
        text.removeAll(keepingCapacity: true)
        if let last = frame.block?.runs.last, last.style == run.style, last.link == run.link {
            frame.block!.runs[frame.block!.runs.count - 1].text += run.text
        } else {
            frame.block!.runs.append(run)
        }
    }

    private var style: ArticleRun.Style {
        var style: ArticleRun.Style = []
        if bold > 0 { style.insert(.bold) }
        if italic > 0 { style.insert(.italic) }
        if code > 0 && pre == 0 { style.insert(.code) }
        if sub > 0 { style.insert(.lowered) }
        if sup > 0 { style.insert(.raised) }
        if struck > 0 { style.insert(.struck) }
        if underlined > 0 { style.insert(.underlined) }
        if marked > 0 { style.insert(.marked) }
        return style
    }

    func startBlock(_ kind: ArticleBlock.Kind) {
        endBlock()
        frame.block = ArticleBlock(kind: kind, quoteDepth: min(frame.quoteDepth, Self.maxDepth), listDepth: min(frame.lists.count, Self.maxDepth))
    }

    /// Keeps the block if it has text (or is a list item, which may hold
    /// only a nested list's items after it).
    func endBlock() {
        flushRun()
        pendingSpace = false
        guard var finished = frame.block else { return }
        frame.block = nil
        let isCode = if case .code = finished.kind { true } else { false }
        if let last = finished.runs.indices.last, !isCode {
            while finished.runs[last].text.last?.isWhitespace == true { finished.runs[last].text.removeLast() }
            if finished.runs[last].text.isEmpty { finished.runs.removeLast() }
        }
        if isCode, let last = finished.runs.indices.last, finished.runs[last].text.hasSuffix("\n") {
            finished.runs[last].text.removeLast()
        }
        guard !finished.runs.isEmpty else { return }
        finished.isRightToLeft = directions.last?.rightToLeft ?? Self.startsRightToLeft(finished.runs)
        add(finished)
    }

    func add(_ finished: ArticleBlock) {
        guard blockCount < HTMLArticle.maxBlocks else { return }
        blockCount += 1
        frame.blocks.append(finished)
    }

    /// Whether the first letter is Hebrew's or Arabic's (or Syriac's, Thaana's…).
    private static func startsRightToLeft(_ runs: [ArticleRun]) -> Bool {
        for run in runs.prefix(4) {
            for scalar in run.text.unicodeScalars where scalar.properties.isAlphabetic {
                return (0x0590...0x08FF).contains(scalar.value) || (0xFB1D...0xFDFF).contains(scalar.value) || (0xFE70...0xFEFF).contains(scalar.value)
            }
        }
        return false
    }

    // MARK: Addresses

    /// A web address, relative ones read against the base; anything else
    /// (`javascript:`, `data:`, `file:`) is not one.
    func webAddress(_ text: String) -> URL? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.utf8.count <= 2_048, let url = URL(string: trimmed, relativeTo: base)?.absoluteURL,
              let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", url.host?.isEmpty == false
        else { return nil }
        return url
    }

    /// Elements whose content is never shown (an embed leaves a card).
    static let hidden: Set<String> = [
        "script", "style", "head", "title", "template", "noscript", "iframe", "frame", "frameset", "object", "embed",
        "applet", "form", "input", "button", "select", "textarea", "option", "svg", "math", "canvas", "audio", "video", "map", "rp",
    ]
    /// Elements that start and end a paragraph of their own.
    static let blocks: Set<String> = [
        "p", "div", "section", "article", "header", "footer", "main", "aside", "nav", "figure", "address",
        "center", "body", "html",
    ]
}

import FeedPromises
import Foundation
import ItemFeed
import ItemFeedXML

/// An article's HTML on any bytes: never a crash or a hang; within the
/// caps (tables' cells and spans, depths); every link, image, card and
/// poster a web address, or a card that loads nothing; nothing of a script,
/// a style or a form's fields shown (the fuzzer's markers never surface).
FuzzDriver.run { input in
    let html = String(decoding: input, as: UTF8.self)
    let article = HTMLArticle.article(fromHTML: html, base: URL(string: "https://fuzz.example/a/b"))
    FeedPromises.expect(article.blocks.count <= HTMLArticle.maxBlocks, "\(article.blocks.count) blocks")
    let text = article.blocks.reduce(0) { $0 + $1.text.utf8.count }
    FeedPromises.expect(text <= HTMLArticle.maxTextBytes + HTMLArticle.maxBlocks, "\(text) bytes of text")
    for block in article.blocks {
        FeedPromises.expect(block.quoteDepth <= 8 && block.listDepth <= 8, "depths \(block.quoteDepth) \(block.listDepth)")
        switch block.kind {
        case let .image(source, _, _, _): FeedPromises.expect(isWeb(source), "image \(source)")
        case let .heading(level): FeedPromises.expect((1...6).contains(level), "heading \(level)")
        case let .table(table):
            let cells = table.rows.joined()
            FeedPromises.expect(cells.count <= 2_000, "\(cells.count) cells")
            FeedPromises.expect(cells.allSatisfy { (1...64).contains($0.rowSpan) && (1...64).contains($0.columnSpan) }, "a span out of bounds")
        case let .media(media):
            FeedPromises.expect(media.address.map(isWeb) ?? (media.kind == .unavailable), "card \(media)")
            FeedPromises.expect(media.poster.map(isWeb) ?? true, "poster \(String(describing: media.poster))")
        case .code(let language?):
            FeedPromises.expect(!language.contains("/") && !language.contains(".") && language.count <= 32, "language \(language)")
        default: break
        }
        FeedPromises.expect(!block.runs.isEmpty || hasNoRuns(block.kind), "an empty \(block.kind) block")
    }
    for link in article.links { FeedPromises.expect(isWeb(link), "link \(link)") }
}

private func isWeb(_ url: URL) -> Bool {
    ["http", "https"].contains(url.scheme?.lowercased() ?? "") && url.host?.isEmpty == false
}

/// Blocks that stand without text runs of their own.
private func hasNoRuns(_ kind: ArticleBlock.Kind) -> Bool {
    switch kind {
    case .image, .rule, .table, .media: true
    default: false
    }
}

import FeedPromises
import Foundation
import ItemFeed
import ItemFeedXML

/// An article's HTML on any bytes: never a crash or a hang; within the
/// caps (tables' cells and spans, depths); every link, image, card and
/// poster a web address, or a card that loads nothing; disclosures at
/// most 6 deep, blocks in cells and disclosures counted in the cap; nothing of a script,
/// a style or a form's fields shown (the fuzzer's markers never surface).
FuzzDriver.run { input in
    let html = String(decoding: input, as: UTF8.self)
    let article = HTMLArticle.article(fromHTML: html, base: URL(string: "https://fuzz.example/a/b"))
    FeedPromises.expect(article.blocks.count <= HTMLArticle.maxBlocks, "\(article.blocks.count) blocks")
    let text = article.blocks.reduce(0) { $0 + $1.text.utf8.count }
    FeedPromises.expect(text <= HTMLArticle.maxTextBytes + HTMLArticle.maxBlocks, "\(text) bytes of text")
    var count = 0
    check(article.blocks, disclosureDepth: 0, count: &count)
    FeedPromises.expect(count <= HTMLArticle.maxBlocks, "\(count) blocks in all")
    for link in article.links { FeedPromises.expect(isWeb(link), "link \(link)") }
}

/// Every block, those of tables' cells and disclosures too.
private func check(_ blocks: [ArticleBlock], disclosureDepth: Int, count: inout Int) {
    FeedPromises.expect(disclosureDepth <= 6, "disclosures \(disclosureDepth) deep")
    for block in blocks {
        count += 1
        FeedPromises.expect(block.quoteDepth <= 8 && block.listDepth <= 8, "depths \(block.quoteDepth) \(block.listDepth)")
        switch block.kind {
        case let .image(source, _, _, _): FeedPromises.expect(isWeb(source), "image \(source)")
        case let .heading(level): FeedPromises.expect((1...6).contains(level), "heading \(level)")
        case let .table(table):
            let cells = table.rows.joined()
            FeedPromises.expect(cells.count <= 2_000, "\(cells.count) cells")
            FeedPromises.expect(cells.allSatisfy { (1...64).contains($0.rowSpan) && (1...64).contains($0.columnSpan) }, "a span out of bounds")
            for cell in cells { check(cell.blocks, disclosureDepth: disclosureDepth, count: &count) }
        case let .details(details):
            check(details.blocks, disclosureDepth: disclosureDepth + 1, count: &count)
        case let .media(media):
            FeedPromises.expect(media.address.map(isWeb) ?? (media.kind == .unavailable), "card \(media)")
            FeedPromises.expect(media.poster.map(isWeb) ?? true, "poster \(String(describing: media.poster))")
        case .code(let language?):
            FeedPromises.expect(!language.contains("/") && !language.contains(".") && language.count <= 32, "language \(language)")
        default: break
        }
        FeedPromises.expect(!block.runs.isEmpty || hasNoRuns(block.kind), "an empty \(block.kind) block")
    }
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

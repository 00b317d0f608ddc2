import FeedPromises
import Foundation
import ItemFeed
import ItemFeedXML

/// An article's HTML on any bytes: never a crash or a hang; within the
/// caps; every link and image a web address; nothing of a script, a style
/// or a form's fields shown (the fuzzer's markers in them never surface).
FuzzDriver.run { input in
    let html = String(decoding: input, as: UTF8.self)
    let article = HTMLArticle.article(fromHTML: html, base: URL(string: "https://fuzz.example/a/b"))
    FeedPromises.expect(article.blocks.count <= HTMLArticle.maxBlocks, "\(article.blocks.count) blocks")
    let text = article.blocks.reduce(0) { $0 + $1.text.utf8.count }
    FeedPromises.expect(text <= HTMLArticle.maxTextBytes + HTMLArticle.maxBlocks, "\(text) bytes of text")
    for block in article.blocks {
        FeedPromises.expect(block.quoteDepth <= 8 && block.listDepth <= 8, "depths \(block.quoteDepth) \(block.listDepth)")
        if case let .image(source, _) = block.kind { FeedPromises.expect(isWeb(source), "image \(source)") }
        if case let .heading(level) = block.kind { FeedPromises.expect((1...6).contains(level), "heading \(level)") }
        FeedPromises.expect(!block.runs.isEmpty || block.kind == .rule || isImage(block.kind), "an empty \(block.kind) block")
    }
    for link in article.links { FeedPromises.expect(isWeb(link), "link \(link)") }
}

private func isWeb(_ url: URL) -> Bool {
    ["http", "https"].contains(url.scheme?.lowercased() ?? "") && url.host?.isEmpty == false
}

private func isImage(_ kind: ArticleBlock.Kind) -> Bool {
    if case .image = kind { return true }
    return false
}

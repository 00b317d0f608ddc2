import Foundation
import ItemFeed
import ItemFeedGLib
import ItemFeedXML

/// An item's article from the HTML its feed gave (read from the store, or
/// held for a feed opened by address), made native text on a worker queue
/// so a long article never holds the window; an item with none reads as
/// its summary, a paragraph a line.
@MainActor
final class HTMLArticleSource: ArticleSource {
    private static let work = BackgroundWork(label: "ItemFeed articles")
    private let html: (Item) -> (html: String?, base: URL?)

    init(html: @escaping (Item) -> (html: String?, base: URL?)) {
        self.html = html
    }

    func article(of item: Item, completion: @escaping (Article) -> Void) -> FeedLoadTask {
        let (html, base) = html(item)
        let summary = Self.summaryArticle(of: item)
        // Answered once, never after `cancel()`.
        let task = LoadTask<Article> { if case let .success(article) = $0 { completion(article) } }
        guard let html else {
            task.finish(with: .success(summary))
            return task
        }
        Self.work.run({ HTMLArticle.article(fromHTML: html, base: base) }) { article in
            task.finish(with: .success(article.blocks.isEmpty ? summary : article))
        }
        return task
    }

    private static func summaryArticle(of item: Item) -> Article {
        let lines = (item.summary ?? "").split(whereSeparator: \.isNewline).map(String.init)
        return Article(blocks: lines.map { ArticleBlock(kind: .paragraph, runs: [ArticleRun($0)]) })
    }
}

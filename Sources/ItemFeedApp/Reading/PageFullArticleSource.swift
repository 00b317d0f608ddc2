import Foundation
import ItemFeed
import ItemFeedCommandLine
import ItemFeedGLib
import ItemFeedLibrary
import ItemFeedXML

/// An item's full article: the one the library kept, else its page fetched
/// and read (`FullArticlePages`), then kept through the writer (so it is
/// fetched once, and reads offline); made native text off the UI thread
/// either way.
@MainActor
final class PageFullArticleSource: FullArticleSource {
    private let store: FullArticleStore
    private let writer: LibraryWriter
    private let pages: FullArticlePages
    /// The item's key in the library (none for a feed opened by address) and its page.
    private let locate: (Item) -> (key: LibraryItem.Key?, page: URL?)
    private let now: () -> Date

    init(
        store: FullArticleStore, writer: LibraryWriter, pages: FullArticlePages,
        now: @escaping () -> Date = Date.init, locate: @escaping (Item) -> (key: LibraryItem.Key?, page: URL?)
    ) {
        (self.store, self.writer, self.pages, self.now, self.locate) = (store, writer, pages, now, locate)
    }

    func fetchesAlways(_ item: Item) -> Bool {
        locate(item).key.map { (try? store.fetchesFullArticles(of: $0)) ?? false } ?? false
    }

    func fullArticle(of item: Item, completion: @escaping (Result<Article, FullArticleError>) -> Void) -> FeedLoadTask {
        let (key, page) = locate(item)
        if let key, let html = (try? store.fullArticleHTML(key)) ?? nil {
            let task = LoadTask<Article> { completion($0.mapError { $0 as? FullArticleError ?? .noArticle }) }
            FullArticlePages.article(fromHTML: html, base: page) { task.finish(with: .success($0)) }
            return task
        }
        guard let page else {
            completion(.failure(.noPage))
            return LoadTask<Article> { _ in }
        }
        return pages.read(page, then: { html in (html: html, article: HTMLArticle.article(fromHTML: html, base: page)) }) { [weak self] outcome in
            if case let .success(read) = outcome, let key, let self {
                let fetched = now()
                writer.write({ store in try store.setFullArticle(read.html, fetched: fetched, of: key) }) { _ in }
            }
            completion(outcome.map(\.article))
        }
    }
}

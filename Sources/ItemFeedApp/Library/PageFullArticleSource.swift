import Foundation
import ItemFeed
import ItemFeedGLib
import ItemFeedXML

/// An item's full article: the one the library kept, else its page fetched
/// over the window's libcurl and read by the readability pass on a worker
/// queue, then kept through the writer (so it is fetched once, and reads
/// offline); made native text off the UI thread either way.
@MainActor
final class PageFullArticleSource: FullArticleSource {
    private static let work = BackgroundWork(label: "ItemFeed full articles")
    private let store: FullArticleStore
    private let writer: LibraryWriter
    private let client: (URL) -> HTTPClient
    /// The item's key in the library (none for a feed opened by address) and its page.
    private let locate: (Item) -> (key: LibraryItem.Key?, page: URL?)
    private let now: () -> Date

    init(
        store: FullArticleStore, writer: LibraryWriter, client: @escaping (URL) -> HTTPClient,
        now: @escaping () -> Date = Date.init, locate: @escaping (Item) -> (key: LibraryItem.Key?, page: URL?)
    ) {
        (self.store, self.writer, self.client, self.now, self.locate) = (store, writer, client, now, locate)
    }

    func fullArticle(of item: Item, completion: @escaping (Result<Article, FullArticleError>) -> Void) -> FeedLoadTask {
        let task = LoadTask<Article> { result in
            completion(result.mapError { $0 as? FullArticleError ?? .noArticle })
        }
        let (key, page) = locate(item)
        if let key, let html = (try? store.fullArticleHTML(key)) ?? nil {
            Self.work.run({ HTMLArticle.article(fromHTML: html, base: page) }) { task.finish(with: .success($0)) }
            return task
        }
        guard let page, ["http", "https"].contains(page.scheme?.lowercased() ?? "") else {
            task.finish(with: .failure(FullArticleError.noPage))
            return task
        }
        let request = client(page).send(PageArticleLoader.request(page)) { [weak self] answer in
            guard !task.isFinished else { return }
            Self.work.run({ () -> Result<(html: String, article: Article), FullArticleError> in
                PageArticleLoader.read(answer, address: page).map { ($0.html, HTMLArticle.article(fromHTML: $0.html, base: page)) }
            }) { outcome in
                if case let .success(read) = outcome, let key, let self {
                    let fetched = self.now()
                    self.writer.write({ store in try (store as? FullArticleStore)?.setFullArticle(read.html, fetched: fetched, of: key) }) { _ in }
                }
                task.finish(with: outcome.map(\.article).mapError { $0 as Error })
            }
        }
        task.stopCurrentStep = { request.cancel() }
        return task
    }
}

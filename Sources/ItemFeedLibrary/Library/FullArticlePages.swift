import Foundation
import ItemFeed
import ItemFeedGLib
import ItemFeedXML

/// An item's page fetched over the app's libcurl (with a page's size
/// cap) and read by the readability pass on a worker queue: what the
/// pane's toggle and "Always Fetch Full Articles" both ask.
@MainActor
public struct FullArticlePages {
    private static let work = BackgroundWork(label: "ItemFeed full articles")
    let client: (URL) -> HTTPClient

    public init(client: @escaping (URL) -> HTTPClient) {
        self.client = client
    }

    /// The article's HTML, answered on the UI thread.
    public func read(_ page: URL, completion: @escaping (Result<String, FullArticleError>) -> Void) -> FeedLoadTask {
        read(page, then: { $0 }, completion: completion)
    }

    /// The article's HTML and what `then` makes of it on the worker (the
    /// pane's native text), answered on the UI thread.
    public func read<Made: Sendable>(
        _ page: URL, then make: @escaping @Sendable (String) -> Made, completion: @escaping (Result<Made, FullArticleError>) -> Void
    ) -> FeedLoadTask {
        let task = LoadTask<Made> { result in
            completion(result.mapError { $0 as? FullArticleError ?? .noArticle })
        }
        guard ["http", "https"].contains(page.scheme?.lowercased() ?? "") else {
            task.finish(with: .failure(FullArticleError.noPage))
            return task
        }
        let request = client(page).send(PageArticleLoader.request(page)) { answer in
            guard !task.isFinished else { return }
            Self.work.run({ PageArticleLoader.read(answer, address: page).map { make($0.html) } }) { outcome in
                task.finish(with: outcome.mapError { $0 as Error })
            }
        }
        task.stopCurrentStep = { request.cancel() }
        return task
    }

    /// Stored HTML made native text off the UI thread.
    public static func article(fromHTML html: String, base: URL?, completion: @escaping @MainActor (Article) -> Void) {
        work.run({ HTMLArticle.article(fromHTML: html, base: base) }, then: completion)
    }
}

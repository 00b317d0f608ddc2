import Foundation
import ItemFeed

/// Full articles answered when the test says, as a fetch answers.
@MainActor
public final class HeldFullArticles: FullArticleSource {
    private var asked: [(item: Item, completion: (Result<Article, FullArticleError>) -> Void, cancelled: Bool)] = []
    public var cancelled: [String] { asked.filter(\.cancelled).map(\.item.name) }
    /// Items asked for so far, by name.
    public var askedFor: [String] { asked.map(\.item.name) }
    /// Items (by name) whose feed is set to "Always Fetch Full Articles".
    public var fetchedAlways: Set<String> = []

    public init() {}

    public func fullArticle(of item: Item, completion: @escaping (Result<Article, FullArticleError>) -> Void) -> FeedLoadTask {
        let index = asked.count
        asked.append((item, completion, false))
        return CancelRecorder { [weak self] in MainActor.assumeIsolated { self?.asked[index].cancelled = true } }
    }

    public func fetchesAlways(_ item: Item) -> Bool {
        fetchedAlways.contains(item.name)
    }

    public func answer(_ index: Int, with result: Result<Article, FullArticleError>) {
        guard !asked[index].cancelled else { return }
        asked[index].completion(result)
    }
}

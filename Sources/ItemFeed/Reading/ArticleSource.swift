import Foundation

/// Where the pane's articles come from: the feed's HTML a store keeps,
/// parsed off the UI thread (later, the full article a page gives). The
/// answer comes on the caller's thread, once, unless cancelled.
@MainActor
public protocol ArticleSource {
    func article(of item: Item, completion: @escaping (Article) -> Void) -> FeedLoadTask
}

/// An article made in place from the item (its summary, or what a test
/// says): no store, no thread.
public struct ImmediateArticleSource: ArticleSource {
    private let make: (Item) -> Article

    public init(_ make: @escaping (Item) -> Article) {
        self.make = make
    }

    public func article(of item: Item, completion: @escaping (Article) -> Void) -> FeedLoadTask {
        completion(make(item))
        return FinishedLoad()
    }
}

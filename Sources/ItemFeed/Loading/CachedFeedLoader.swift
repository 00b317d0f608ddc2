import Foundation

/// Loads the last good feed from its cache: the fallback when the server
/// fails. Reading and mapping go through the same injectable step as a
/// remote load, so a big saved copy is read and decoded away from the UI
/// thread too.
public final class CachedFeedLoader: ItemLoader {
    public enum Error: Swift.Error, Equatable {
        case nothingCached
    }

    private let cache: FeedCache
    private let feedURL: URL
    private let formats: [any FeedFormat]
    private let map: RemoteFeedLoader.Map

    public init(
        cache: FeedCache,
        feedURL: URL,
        formats: [any FeedFormat] = .json,
        map: @escaping RemoteFeedLoader.Map = RemoteFeedLoader.mapInPlace
    ) {
        self.cache = cache
        self.feedURL = feedURL
        self.formats = formats
        self.map = map
    }

    @discardableResult
    /// The saved copy comes in one piece: it is the fallback, shown over
    /// nothing or instead of a failed load, and reads from disk at once.
    public func load(batches: (([Item]) -> Void)?, completion: @escaping (Result<Feed, Swift.Error>) -> Void) -> FeedLoadTask {
        let task = LoadTask<Feed>(completion: completion)
        let (cache, feedURL, formats) = (cache, feedURL, formats)
        map({ _ in
            guard let saved = cache.load() else { throw Error.nothingCached }
            return try saved.map(with: formats, from: feedURL)
        }, nil, task.finish)
        return task
    }
}

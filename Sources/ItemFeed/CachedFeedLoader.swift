import Foundation

/// Loads the last good feed from its cache: the fallback when the server
/// fails. Mapping goes through the same injectable step as a remote load,
/// so a big cached feed is decoded away from the UI thread too.
public final class CachedFeedLoader: ItemLoader {
    public enum Error: Swift.Error, Equatable {
        case nothingCached
    }

    private let cache: FeedCache
    private let feedURL: URL
    private let decode: RemoteItemLoader.Decode

    public init(cache: FeedCache, feedURL: URL, decode: @escaping RemoteItemLoader.Decode = RemoteItemLoader.decodeInPlace) {
        self.cache = cache
        self.feedURL = feedURL
        self.decode = decode
    }

    public func load(completion: @escaping (Result<[Item], Swift.Error>) -> Void) {
        guard let body = cache.load() else { return completion(.failure(Error.nothingCached)) }
        decode(body, feedURL) { completion($0.map(\.items)) }
    }
}

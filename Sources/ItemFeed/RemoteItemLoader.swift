import Foundation

/// Loads the feed at a URL through an `HTTPClient` and maps it to items.
///
/// The mapping step is injectable so the app can decode big feeds away from
/// the UI thread; by default it maps in place. With a cache, every body that
/// maps to at least one item is kept as the last good feed.
public final class RemoteItemLoader: ItemLoader {
    public typealias Decode = (Data, URL, @escaping (Result<Feed, Error>) -> Void) -> Void

    private let url: URL
    private let client: HTTPClient
    private let decode: Decode
    private let cache: FeedCache?

    public init(
        url: URL,
        client: HTTPClient,
        cache: FeedCache? = nil,
        decode: @escaping Decode = RemoteItemLoader.decodeInPlace
    ) {
        self.url = url
        self.client = client
        self.cache = cache
        self.decode = decode
    }

    public static func decodeInPlace(_ data: Data, _ url: URL, completion: @escaping (Result<Feed, Error>) -> Void) {
        completion(Result { try FeedMapper.map(data, from: url) })
    }

    /// The feed with what the mapping had to skip, for callers that report it.
    public func loadFeed(completion: @escaping (Result<Feed, Error>) -> Void) {
        _ = client.get(from: url) { [weak self] result in
            guard let self else { return }
            switch result {
            case let .failure(error):
                completion(.failure(RemoteLoadError(error)))
            case let .success(response):
                if let error = RemoteLoadError.check(response) { return completion(.failure(error)) }
                self.decode(response.body, self.url) { [weak self] decoded in
                    guard let self else { return }
                    if case let .success(feed) = decoded, !feed.items.isEmpty {
                        self.cache?.keep(response.body)
                    }
                    completion(decoded)
                }
            }
        }
    }

    public func load(completion: @escaping (Result<[Item], Error>) -> Void) {
        loadFeed { completion($0.map(\.items)) }
    }
}

import Foundation

/// Loads the feed at an address through an `HTTPClient`, in whichever of
/// the given formats the response is.
///
/// With a cache, the request carries the saved copy's validators, a 304
/// maps the saved copy as fresh, and every body that maps to at least one
/// item is saved with the format that read it.
public final class RemoteFeedLoader: ItemLoader {
    /// Runs a mapping somewhere and completes on the caller's thread: in
    /// place by default; the app maps on a worker, as a big feed takes
    /// seconds and the saved copy is read from disk.
    public typealias Map = (@escaping @Sendable () throws -> Feed, @escaping (Result<Feed, Error>) -> Void) -> Void

    private let url: URL
    private let client: HTTPClient
    private let formats: [any FeedFormat]
    private let cache: FeedCache?
    private let map: Map

    public init(
        url: URL,
        client: HTTPClient,
        formats: [any FeedFormat] = .json,
        cache: FeedCache? = nil,
        map: @escaping Map = RemoteFeedLoader.mapInPlace
    ) {
        self.url = url
        self.client = client
        self.formats = formats
        self.cache = cache
        self.map = map
    }

    public static func mapInPlace(_ mapping: @Sendable () throws -> Feed, completion: (Result<Feed, Error>) -> Void) {
        completion(Result { try mapping() })
    }

    public func load(completion: @escaping (Result<Feed, Error>) -> Void) {
        let validators = cache?.loadValidators()
        _ = client.get(from: url, headers: validators?.requestHeaders ?? [:]) { [weak self] result in
            guard let self else { return }
            switch result {
            case let .failure(error):
                completion(.failure(RemoteLoadError(error)))
            case let .success(response):
                self.handle(response, completion: completion)
            }
        }
    }

    private func handle(_ response: HTTPResponse, completion: @escaping (Result<Feed, Error>) -> Void) {
        let url = url
        if response.statusCode == 304, let cache {
            // The server says the saved copy is current: it is fresh.
            let formats = formats
            return map({ try cache.load().map { try $0.map(with: formats, from: url) } ?? { throw RemoteLoadError.client(statusCode: 304) }() }, completion)
        }
        let format = formats.format(for: response, from: url)
        if let error = format?.error(for: response) ?? RemoteLoadError.check(response) {
            return completion(.failure(error))
        }
        guard let format else { return completion(.failure(RemoteLoadError.invalidData)) }
        map({ try format.map(response, from: url) }) { [cache] mapped in
            if case let .success(feed) = mapped, !feed.items.isEmpty {
                cache?.keep(SavedFeed(formatID: format.id, validators: response.validators, body: response.body))
            }
            completion(mapped)
        }
    }
}

extension SavedFeed {
    /// Maps the saved body with the format that read it (or, for a copy
    /// whose format is no longer offered, whichever recognises it).
    public func map(with formats: [any FeedFormat], from url: URL) throws -> Feed {
        let response = HTTPResponse(statusCode: 200, body: body)
        guard let format = formats.format(withID: formatID) ?? formats.format(for: response, from: url) else {
            throw RemoteLoadError.invalidData
        }
        return try format.map(response, from: url)
    }
}

extension HTTPResponse {
    var validators: SavedFeed.Validators {
        SavedFeed.Validators(entityTag: headers["etag"], lastModified: headers["last-modified"])
    }
}

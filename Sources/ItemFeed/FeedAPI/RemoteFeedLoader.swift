import Foundation

/// Loads the feed at an address through an `HTTPClient`, in whichever of
/// the given formats the response is.
///
/// With a cache, the request carries the saved copy's validators, a 304
/// maps the saved copy as fresh, and every body that maps to at least one
/// item is saved with the format that read it.
public final class RemoteFeedLoader: ItemLoader, ItemPageLoader {
    /// Runs a mapping somewhere and completes on the caller's thread: in
    /// place by default; the app maps on a worker, as a big feed takes
    /// seconds and the saved copy is read from disk. When the caller wants
    /// batches, the mapping is given `ItemBatches` that bring each batch to
    /// the caller's thread too, in order, before the completion.
    public typealias Map = (
        _ mapping: @escaping @Sendable (ItemBatches?) throws -> Feed,
        _ batches: (([Item]) -> Void)?,
        _ completion: @escaping (Result<Feed, Error>) -> Void
    ) -> Void

    private let url: URL
    private let client: HTTPClient
    private let formats: [any FeedFormat]
    private let cache: FeedCache?
    private let map: Map
    private let links: FeedLinkReader?

    /// - Parameter links: reads a web page that is not a feed for the feeds
    ///   it names (the load then fails with `pageNamesFeeds`, for the
    ///   caller to open one); without it such a page is `invalidData`.
    public init(
        url: URL,
        client: HTTPClient,
        formats: [any FeedFormat] = .json,
        cache: FeedCache? = nil,
        links: FeedLinkReader? = nil,
        map: @escaping Map = RemoteFeedLoader.mapInPlace
    ) {
        self.url = url
        self.client = client
        self.formats = formats
        self.cache = cache
        self.links = links
        self.map = map
    }

    public static func mapInPlace(
        _ mapping: @Sendable (ItemBatches?) throws -> Feed,
        batches: (([Item]) -> Void)?,
        completion: (Result<Feed, Error>) -> Void
    ) {
        completion(Result { try mapping(batches.map(ItemBatches.init)) })
    }

    @discardableResult
    public func load(batches: (([Item]) -> Void)?, completion: @escaping (Result<Feed, Error>) -> Void) -> FeedLoadTask {
        load(url, cache: cache, batches: batches, completion: completion)
    }

    /// A later page: the same formats and rules, and no saved copy (only the
    /// first page is kept, and asked about with validators).
    @discardableResult
    public func loadPage(at url: URL, completion: @escaping (Result<Feed, Error>) -> Void) -> FeedLoadTask {
        load(url, cache: nil, batches: nil, completion: completion)
    }

    private func load(
        _ url: URL, cache: FeedCache?, batches: (([Item]) -> Void)?, completion: @escaping (Result<Feed, Error>) -> Void
    ) -> FeedLoadTask {
        let task = LoadTask<Feed>(completion: completion)
        let validators = cache?.loadValidators()
        let headers = validators?.requestHeaders ?? [:]
        let transfer = LoadStep.start({ client.get(from: url, headers: headers, completion: $0) }) { [weak self] result in
            guard let self, !task.isFinished else { return }
            task.stopCurrentStep = nil
            switch result {
            case let .failure(error):
                task.finish(with: .failure(RemoteLoadError(error)))
            case let .success(response):
                self.handle(response, from: url, cache: cache, batches: batches, task: task)
            }
        }
        // A client that answered at once has already moved the task on.
        if let transfer { task.stopCurrentStep = transfer.cancel }
        return task
    }

    /// A mapping is not stopped half-way (it runs where `map` puts it), but
    /// a cancelled task drops its batches and its result.
    private func handle(
        _ response: HTTPResponse, from url: URL, cache: FeedCache?, batches: (([Item]) -> Void)?, task: LoadTask<Feed>
    ) {
        let batches = batches.map { batches in { (items: [Item]) in if !task.isFinished { batches(items) } } }
        if response.statusCode == 304, let cache {
            // The server says the saved copy is current: it is fresh.
            let formats = formats
            return map({ batches in
                guard let saved = cache.load() else { throw RemoteLoadError.client(statusCode: 304) }
                return try saved.map(with: formats, from: url, batches: batches)
            }, batches, task.finish)
        }
        let format = formats.format(for: response, from: url)
        if let error = format?.error(for: response) ?? RemoteLoadError.check(response) {
            return task.finish(with: .failure(error))
        }
        guard let format else {
            guard let links else { return task.finish(with: .failure(RemoteLoadError.invalidData)) }
            // A page is parsed where mappings run: a news site's front page
            // can be a megabyte of HTML.
            return map({ _ in throw links.failure(for: response, from: url) }, nil, task.finish)
        }
        map({ try format.map(response, from: url, batches: $0) }, batches) { mapped in
            guard !task.isFinished else { return }
            if case let .success(feed) = mapped, !feed.items.isEmpty {
                cache?.keep(SavedFeed(formatID: format.id, validators: response.validators, body: response.body))
            }
            task.finish(with: mapped)
        }
    }
}

extension SavedFeed {
    /// Maps the saved body with the format that read it (or, for a copy
    /// whose format is no longer offered, whichever recognises it).
    public func map(with formats: [any FeedFormat], from url: URL, batches: ItemBatches? = nil) throws -> Feed {
        let response = HTTPResponse(statusCode: 200, body: body)
        guard let format = formats.format(withID: formatID) ?? formats.format(for: response, from: url) else {
            throw RemoteLoadError.invalidData
        }
        return try format.map(response, from: url, batches: batches)
    }
}

extension HTTPResponse {
    var validators: HTTPValidators {
        HTTPValidators(entityTag: headers["etag"], lastModified: headers["last-modified"])
    }
}

import Foundation
import ItemFeed

/// Both loaders of the screen in one spy. It records every request and lets
/// the test, not a network, decide when request *i* completes and how.
public final class ItemLoaderSpy: ItemLoader, ItemPageLoader, ItemSearchLoader, ItemImageLoader {
    public struct LoadError: Error, Equatable {
        public init() {}
    }

    private var itemRequests: [(batches: (([Item]) -> Void)?, completion: (Result<Feed, Error>) -> Void)] = []
    private var imageRequests: [(url: URL, completion: (Result<Data, Error>) -> Void)] = []

    public private(set) var cancelledImageURLs: [URL] = []

    public init() {}

    // MARK: ItemLoader

    public var loadItemsCallCount: Int { itemRequests.count }

    /// Which list loads were cancelled, by index, in order.
    public private(set) var cancelledItemLoads: [Int] = []

    public func load(batches: (([Item]) -> Void)?, completion: @escaping (Result<Feed, Error>) -> Void) -> FeedLoadTask {
        let index = itemRequests.count
        itemRequests.append((batches, completion))
        return CancelRecorder { [weak self] in self?.cancelledItemLoads.append(index) }
    }

    /// Hands load *index*'s caller a batch of the items it is mapping, as
    /// `RemoteFeedLoader` does before completing (the caller asked for them).
    public func deliverItemBatch(_ items: [Item], at index: Int = 0) {
        itemRequests[index].batches?(items)
    }

    public func completeItemLoading(with items: [Item] = [], at index: Int = 0) {
        itemRequests[index].completion(.success(Feed(items: items)))
    }

    public func completeItemLoading(with feed: Feed, at index: Int = 0) {
        itemRequests[index].completion(.success(feed))
    }

    public func completeItemLoadingWithError(_ error: Error = LoadError(), at index: Int = 0) {
        itemRequests[index].completion(.failure(error))
    }

    // MARK: ItemPageLoader

    private var pageRequests: [(url: URL, completion: (Result<Feed, Error>) -> Void)] = []
    public private(set) var cancelledPageURLs: [URL] = []

    /// The pages asked for, in order.
    public var loadedPageURLs: [URL] { pageRequests.map(\.url) }

    public func loadPage(at url: URL, completion: @escaping (Result<Feed, Error>) -> Void) -> FeedLoadTask {
        pageRequests.append((url, completion))
        return CancelRecorder { [weak self] in self?.cancelledPageURLs.append(url) }
    }

    public func completePageLoading(with items: [Item], nextPage: URL? = nil, at index: Int = 0) {
        pageRequests[index].completion(.success(Feed(items: items, nextPage: nextPage)))
    }

    public func completePageLoading(with feed: Feed, at index: Int = 0) {
        pageRequests[index].completion(.success(feed))
    }

    public func completePageLoadingWithError(_ error: Error = LoadError(), at index: Int = 0) {
        pageRequests[index].completion(.failure(error))
    }

    // MARK: ItemSearchLoader

    private var searchRequests: [(query: String, completion: (Result<Feed, Error>) -> Void)] = []
    public private(set) var cancelledSearches: [String] = []

    /// The server queries asked for, in order.
    public var searchedQueries: [String] { searchRequests.map(\.query) }

    public func search(_ query: String, completion: @escaping (Result<Feed, Error>) -> Void) -> FeedLoadTask {
        searchRequests.append((query, completion))
        return CancelRecorder { [weak self] in self?.cancelledSearches.append(query) }
    }

    public func completeSearch(with items: [Item], at index: Int = 0) {
        searchRequests[index].completion(.success(Feed(items: items)))
    }

    // MARK: ItemImageLoader

    public var loadedImageURLs: [URL] { imageRequests.map(\.url) }

    public func loadImageData(
        from url: URL,
        completion: @escaping (Result<Data, Error>) -> Void
    ) -> ItemImageLoaderTask {
        imageRequests.append((url, completion))
        return CancelRecorder { [weak self] in self?.cancelledImageURLs.append(url) }
    }

    /// Completes request `index` even if it was cancelled: a real loader can
    /// race its own cancel, and the screen must cope.
    public func completeImageLoading(with data: Data, at index: Int = 0) {
        imageRequests[index].completion(.success(data))
    }

    public func completeImageLoadingWithError(_ error: Error = LoadError(), at index: Int = 0) {
        imageRequests[index].completion(.failure(error))
    }
}

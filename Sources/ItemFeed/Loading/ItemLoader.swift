import Foundation

/// Loads a feed once per call.
///
/// The completion is called exactly once, on the same thread and isolation
/// the call was made from: adapters that finish elsewhere (a network worker,
/// a decoder thread) hop back before completing, so screens never see a
/// result on the wrong thread.
public protocol ItemLoader {
    /// Cancelling the returned task stops the transfer under way (the
    /// server sees the connection close) and neither `batches` nor the
    /// completion is called again.
    ///
    /// `batches`, where a loader can, gets the feed's first items in order
    /// while it is still being mapped (`ItemBatches`), on the same thread
    /// as the completion; the completion's `Feed` still holds every item.
    @discardableResult
    func load(batches: (([Item]) -> Void)?, completion: @escaping (Result<Feed, Error>) -> Void) -> FeedLoadTask
}

extension ItemLoader {
    @discardableResult
    public func load(completion: @escaping (Result<Feed, Error>) -> Void) -> FeedLoadTask {
        load(batches: nil, completion: completion)
    }
}

/// A feed load that can be stopped.
public protocol FeedLoadTask {
    func cancel()
}

/// A load answered before it returned: nothing to cancel.
public struct FinishedLoad: FeedLoadTask {
    public init() {}
    public func cancel() {}
}

/// Loads a later page of a feed, from the address the page before named
/// (`Feed.nextPage`).
public protocol ItemPageLoader {
    @discardableResult
    func loadPage(at url: URL, completion: @escaping (Result<Feed, Error>) -> Void) -> FeedLoadTask
}

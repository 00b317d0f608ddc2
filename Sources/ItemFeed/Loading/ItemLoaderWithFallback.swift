/// Loads from the primary source, and from the fallback when the primary
/// fails *or has nothing*: for the app, an empty answer from the server is as
/// useless as no answer when the last good feed is still on disk.
///
/// A feed from the fallback says so in its `origin`, with the primary's
/// error, so the screen can call it a saved copy rather than pass it off
/// as fresh — and that notice travels with the load it belongs to.
public final class ItemLoaderWithFallback: ItemLoader {
    private let primary: ItemLoader
    private let fallback: ItemLoader

    public init(primary: ItemLoader, fallback: ItemLoader) {
        self.primary = primary
        self.fallback = fallback
    }

    /// Cancelling stops whichever of the two loads is under way. Batches
    /// are the primary's: the fallback's copy replaces them whole.
    @discardableResult
    public func load(batches: (([Item]) -> Void)?, completion: @escaping (Result<Feed, Error>) -> Void) -> FeedLoadTask {
        let task = LoadTask<Feed>(completion: completion)
        let primaryTask = LoadStep.start({ primary.load(batches: batches, completion: $0) }) { [fallback] primaryResult in
            guard !task.isFinished else { return }
            if case let .success(feed) = primaryResult, !feed.items.isEmpty {
                return task.finish(with: .success(feed))
            }
            let reason = primaryResult.failure ?? FeedError.noItems
            let fallbackTask = LoadStep.start({ fallback.load(completion: $0) }) { fallbackResult in
                if case var .success(feed) = fallbackResult, !feed.items.isEmpty {
                    feed.origin = .saved(because: reason)
                    return task.finish(with: .success(feed))
                }
                // The primary's error explains the failure best ("no
                // connection"); the fallback's is only "no cache".
                task.finish(with: .failure(primaryResult.failure ?? fallbackResult.failure ?? FeedError.noItems))
            }
            if let fallbackTask { task.stopCurrentStep = fallbackTask.cancel }
        }
        if let primaryTask { task.stopCurrentStep = primaryTask.cancel }
        return task
    }
}

private extension Result {
    var failure: Failure? {
        if case let .failure(error) = self { return error }
        return nil
    }
}

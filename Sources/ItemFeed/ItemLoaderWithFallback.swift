/// Loads from the primary source, and from the fallback when the primary
/// fails *or has nothing*: for the app, an empty answer from the server is as
/// useless as no answer when the last good feed is still on disk.
public final class ItemLoaderWithFallback: ItemLoader {
    private let primary: ItemLoader
    private let fallback: ItemLoader
    private let didUseFallback: ((Error) -> Void)?

    /// - Parameter didUseFallback: told why the primary was passed over,
    ///   just before the fallback's items are delivered, so the screen can
    ///   say it shows a saved copy rather than pass it off as fresh.
    public init(primary: ItemLoader, fallback: ItemLoader, didUseFallback: ((Error) -> Void)? = nil) {
        self.primary = primary
        self.fallback = fallback
        self.didUseFallback = didUseFallback
    }

    public func load(completion: @escaping (Result<[Item], Error>) -> Void) {
        primary.load { [fallback, didUseFallback] primaryResult in
            if case let .success(items) = primaryResult, !items.isEmpty {
                return completion(.success(items))
            }
            fallback.load { fallbackResult in
                if case let .success(items) = fallbackResult, !items.isEmpty {
                    didUseFallback?(primaryResult.failure ?? FeedError.noItems)
                    return completion(.success(items))
                }
                // The primary's error explains the failure best ("no
                // connection"); the fallback's is only "no cache".
                completion(.failure(primaryResult.failure ?? fallbackResult.failure ?? FeedError.noItems))
            }
        }
    }
}

private extension Result {
    var failure: Failure? {
        if case let .failure(error) = self { return error }
        return nil
    }
}

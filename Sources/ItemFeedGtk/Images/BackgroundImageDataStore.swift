import Dispatch
import Foundation
import ItemFeed
import ItemFeedGLib

/// The thumbnail cache with its disk work on a worker queue, so showing a
/// row never waits on the disk; answers come back on the GLib main context.
public final class BackgroundImageDataStore: ItemImageDataStore {
    private let cache: ImageDataCache
    private let worker = BackgroundWork(label: "ItemFeed image cache")

    /// Trims `cache` to `maxBytes` once, on the worker, before anything
    /// else; the cache keeps to its own cap after that. With no `maxBytes`,
    /// the cap comes later (`keep(atMost:)`).
    public init(cache: ImageDataCache, maxBytes: Int? = nil) {
        self.cache = cache
        if let maxBytes { worker.run { cache.trim(toBytes: maxBytes) } }
    }

    /// A new cap for the cache, the folder trimmed to it on the worker.
    public func keep(atMost bytes: Int) {
        worker.run { [cache] in cache.keep(atMost: bytes) }
    }

    public func retrieve(dataFor url: URL, completion: @escaping (Data?) -> Void) {
        worker.run({ [cache] in cache.data(for: url) }, then: completion)
    }

    public func insert(_ data: Data, for url: URL) {
        worker.run { [cache] in cache.insert(data, for: url) }
    }
}

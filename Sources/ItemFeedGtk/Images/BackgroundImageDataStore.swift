import Dispatch
import Foundation
import ItemFeed

/// The thumbnail cache with its disk work on a worker queue, so showing a
/// row never waits on the disk; answers come back on the GLib main context.
public final class BackgroundImageDataStore: ItemImageDataStore {
    private let cache: ImageDataCache
    /// Not `.utility`: libdispatch on Linux lowers such threads' priority,
    /// and with the UI thread busy drawing, reads waited seconds (measured).
    private let queue = DispatchQueue(label: "ItemFeed image cache", qos: .userInitiated)

    /// Trims `cache` to `maxBytes` once, on the worker, before anything
    /// else; the cache keeps to its own cap after that.
    public init(cache: ImageDataCache, maxBytes: Int) {
        self.cache = cache
        queue.async { cache.trim(toBytes: maxBytes) }
    }

    public func retrieve(dataFor url: URL, completion: @escaping (Data?) -> Void) {
        let completion = MainThreadCompletion<Data?>(completion)
        queue.async { [cache] in
            let data = cache.data(for: url)
            MainContext.invoke { completion.call(data) }
        }
    }

    public func insert(_ data: Data, for url: URL) {
        queue.async { [cache] in cache.insert(data, for: url) }
    }
}

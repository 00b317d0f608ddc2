import Dispatch
import Foundation
import ItemFeed

/// Runs a feed mapping (and the disk read of a saved copy) on a worker
/// thread and hands the result back on the GLib main context: a 32 MiB feed
/// takes seconds to map, and the window must keep drawing meanwhile.
public enum BackgroundFeedMapping {
    public static func map(_ mapping: @escaping @Sendable () throws -> Feed, completion: @escaping (Result<Feed, Error>) -> Void) {
        let completion = MainThreadCompletion<Result<Feed, Error>>(completion)
        DispatchQueue.global(qos: .userInitiated).async {
            let result = Result { try mapping() }
            MainContext.invoke { completion.call(result) }
        }
    }
}

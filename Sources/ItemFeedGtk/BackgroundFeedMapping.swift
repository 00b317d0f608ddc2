import Dispatch
import Foundation
import ItemFeed

/// Runs a feed mapping (and the disk read of a saved copy) on a worker
/// thread and hands the result back on the GLib main context: a 32 MiB feed
/// takes seconds to map, and the window must keep drawing meanwhile.
public enum BackgroundFeedMapping {
    /// Each batch is queued to the main context as the worker hands it
    /// on, so batches arrive in order and before the completion (GLib runs
    /// sources of one priority in the order they were added).
    public static func map(
        _ mapping: @escaping @Sendable (ItemBatches?) throws -> Feed,
        batches: (([Item]) -> Void)?,
        completion: @escaping (Result<Feed, Error>) -> Void
    ) {
        let completion = MainThreadCompletion<Result<Feed, Error>>(completion)
        let batches = batches.map(MainThreadCompletion<[Item]>.init)
        DispatchQueue.global(qos: .userInitiated).async {
            let handOn = batches.map { batches in ItemBatches { items in MainContext.invoke { batches.call(items) } } }
            let result = Result { try mapping(handOn) }
            MainContext.invoke { completion.call(result) }
        }
    }
}

import Dispatch
import Foundation
import ItemFeed

/// Runs a feed mapping (and the disk read of a saved copy) on a worker
/// thread and hands the result back on the GLib main context: a 32 MiB feed
/// takes seconds to map, and the window must keep drawing meanwhile.
public enum BackgroundFeedMapping {
    /// Concurrent: a feed opened while another maps does not wait for it.
    private static let worker = BackgroundWork(label: "ItemFeed feed mapping", concurrent: true)

    /// Batches, then the result, reach the UI thread in order and a frame
    /// apart (`FramePacedDelivery`): the first rows are painted before the
    /// next batch is added. Queued all at once, the dozen batches of a
    /// 100,000-item feed came in ahead of GTK's drawing, and its first rows
    /// were painted only after the last (808 ms from start, against 369 ms
    /// for the 36-item demo feed).
    public static func map(
        _ mapping: @escaping @Sendable (ItemBatches?) throws -> Feed,
        batches: (([Item]) -> Void)?,
        completion: @escaping (Result<Feed, Error>) -> Void
    ) {
        let completion = CompletionInTransit<Result<Feed, Error>>(completion)
        let batches = batches.map(CompletionInTransit<[Item]>.init)
        worker.run {
            let delivery = FramePacedDelivery()
            let handOn = batches.map { batches in ItemBatches { items in delivery.deliver { batches.call(items) } } }
            let result = Result { try mapping(handOn) }
            delivery.deliver { completion.call(result) }
        }
    }
}

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
    /// next batch is added, not after the last as when they are queued all
    /// at once ahead of GTK's drawing.
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

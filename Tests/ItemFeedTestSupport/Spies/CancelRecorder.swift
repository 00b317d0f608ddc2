import ItemFeed

/// The task a spy hands out: cancelling it only tells the spy, which records
/// what was cancelled.
public struct CancelRecorder: ItemImageLoaderTask, HTTPClientTask, FeedLoadTask {
    private let onCancel: () -> Void

    public init(onCancel: @escaping () -> Void) {
        self.onCancel = onCancel
    }

    public func cancel() { onCancel() }
}

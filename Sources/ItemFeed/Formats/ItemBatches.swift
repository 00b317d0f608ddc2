import Foundation

/// Where a mapping hands on its items while it reads, so that a big feed's
/// first screen shows before its last item is mapped.
///
/// Batches double in size from `firstSize`: the first is a screenful, and a
/// 100,000-item feed arrives in a dozen batches rather than in thousands of
/// main-thread hops. Small because GTK 4.8's list view makes and binds a
/// row widget for every row of a short list at once (up to ~200), so a
/// bigger first batch delays the first paint. The items after the last full batch come only with the finished
/// `Feed`, which always holds every item: batches are a preview of its
/// start, never a replacement for it.
///
/// `deliver` is called on the thread the mapping runs on; the map step that
/// makes one (`RemoteFeedLoader.Map`) decides how the items get to the
/// screen's thread, which is why this vouches for being sendable.
public struct ItemBatches: @unchecked Sendable {
    public static let firstSize = 16

    private let handOn: ([Item]) -> Void

    public init(_ handOn: @escaping ([Item]) -> Void) {
        self.handOn = handOn
    }

    public func deliver(_ items: [Item]) {
        handOn(items)
    }
}

import Foundation

/// Where a mapping hands on its items while it reads, so that a big feed's
/// first screen shows before its last item is mapped (a 100,000-item feed
/// took 0.55 s to map, and nothing showed until the end).
///
/// Batches double in size from `firstSize`: the first is about a screen and
/// its prefetch margin, and a 100,000-item feed arrives in a dozen batches
/// rather than in thousands of main-thread hops. The items after the last
/// full batch come only with the finished `Feed`, which always holds every
/// item: batches are a preview of its start, never a replacement for it.
///
/// `deliver` is called on the thread the mapping runs on; the map step that
/// makes one (`RemoteFeedLoader.Map`) decides how the items get to the
/// screen's thread, which is why this vouches for being sendable.
public struct ItemBatches: @unchecked Sendable {
    public static let firstSize = 64

    let deliver: ([Item]) -> Void

    public init(_ deliver: @escaping ([Item]) -> Void) {
        self.deliver = deliver
    }
}

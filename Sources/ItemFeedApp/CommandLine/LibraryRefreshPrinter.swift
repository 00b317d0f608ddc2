import Foundation
import ItemFeed
import ItemFeedGtk

/// `item-feed --refresh`: every subscription except those gone, one line
/// per feed as it is written (address, new items, state), then a total.
/// Exits non-zero only when the library could not be written: a feed that
/// failed is the feed's news, kept with its reason.
@MainActor
struct LibraryRefreshPrinter {
    let store: LibraryStore
    let loader: (URL) -> ItemLoader

    /// Far past libcurl's own limits; only a bug would reach it.
    private static let timeoutSeconds = 3_600.0

    func run() -> Int32 {
        let feeds: [URL]
        do {
            try store.pruneByRetention(now: Date())
            feeds = try store.subscriptions().filter { $0.state != .gone }.map(\.address)
        } catch {
            return FeedPrinter.fail(tr("item-feed: cannot read the library: {reason}", ["reason": LibraryCommandLine.reason(error)]))
        }
        let refresh = LibraryRefresh(store: store, loader: loader)
        var outcome: Result<LibraryRefresh.Summary, Error>?
        refresh.start(feeds, progress: { result in
            output([result.address.absoluteString, String(result.added), result.state.commandLineText].joined(separator: "\t"))
        }, completion: { outcome = $0 })
        guard MainContext.iterate(until: { outcome != nil }, timeoutSeconds: Self.timeoutSeconds), let outcome else {
            refresh.cancel()
            return FeedPrinter.fail(tr("item-feed: the refresh did not finish in time"))
        }
        switch outcome {
        case let .success(summary):
            output(trPlural(
                "Refreshed {feeds} feed: {added} new items, {failed} failed", "Refreshed {feeds} feeds: {added} new items, {failed} failed",
                summary.feeds, ["feeds": String(summary.feeds), "added": String(summary.added), "failed": String(summary.failed)]
            ))
            return 0
        case let .failure(error):
            return FeedPrinter.fail(tr("item-feed: the library was not changed: {reason}", ["reason": LibraryCommandLine.reason(error)]))
        }
    }
}

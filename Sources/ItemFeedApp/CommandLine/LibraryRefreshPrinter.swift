import Foundation
import ItemFeed
import ItemFeedGLib

/// `item-feed --refresh`: every subscription, one line per feed as it is
/// written (address, new items, state), then a total. A feed whose server
/// said not yet (`max-age`, `ttl`, `Retry-After`) or that is gone is not
/// asked: its line says so first.
/// Exits non-zero only when the library could not be written: a feed that
/// failed is the feed's news, kept with its reason.
@MainActor
struct LibraryRefreshPrinter {
    let store: LibraryStore
    let load: LibraryRefresh.Load
    /// On a queue of its own: written on the thread that starts the loads,
    /// a batch of 16 feeds held the next loads back for its ~20 ms.
    let writer: LibraryWriter

    /// Far past libcurl's own limits; only a bug would reach it.
    private static let timeoutSeconds = 3_600.0

    func run() -> Int32 {
        let feeds: [Subscription]
        do {
            let now = Date()
            try store.pruneByRetention(now: now)
            let subscriptions = try store.subscriptions()
            feeds = subscriptions.filter { RefreshPoliteness.shouldAsk($0, now: now, askedBy: .view) }
            let asked = Set(feeds.map(\.address))
            for subscription in subscriptions where !asked.contains(subscription.address) {
                let state = subscription.state == .gone ? SubscriptionState.gone : .deferred(until: subscription.nextDue ?? now)
                output([subscription.address.absoluteString, "0", state.commandLineText].joined(separator: "\t"))
            }
        } catch {
            return FeedPrinter.fail(tr("item-feed: cannot read the library: {reason}", ["reason": LibraryCommandLine.reason(error)]))
        }
        let refresh = LibraryRefresh(writer: writer, load: load)
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
            // The window's schedule counts from here.
            try? store.setLastRefresh(Date())
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

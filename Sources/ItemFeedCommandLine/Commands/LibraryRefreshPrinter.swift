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
    /// Read here; the refresh and the pruning write through the writer.
    let store: LibraryStore
    let account: Account
    /// On a queue of its own, so a batch being written never holds the
    /// next loads back.
    let writer: LibraryWriter

    /// Far past libcurl's own limits; only a bug would reach it.
    private static let timeoutSeconds = 3_600.0

    func run() -> Int32 {
        let feeds: [Subscription]
        do {
            let now = Date()
            try prune(now: now)
            let subscriptions = try store.subscriptions()
            feeds = subscriptions.filter { RefreshPoliteness.shouldAsk($0, now: now, askedBy: .view) }
            let asked = Set(feeds.map(\.address))
            for subscription in subscriptions where !asked.contains(subscription.address) {
                let state = subscription.state == .gone ? SubscriptionState.gone : .deferred(until: subscription.nextDue ?? now)
                output([subscription.address.absoluteString, "0", state.commandLineText].joined(separator: "\t"))
            }
        } catch {
            return FeedPrinter.fail(tr("item-feed: cannot read the library: {reason}", ["reason": error.explanation]))
        }
        let refresh = account.makeRefresh()
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
            let finished = Date()
            var noted = false
            writer.write({ try $0.setLastRefresh(finished) }) { _ in noted = true }
            _ = MainContext.iterate(until: { noted }, timeoutSeconds: Self.timeoutSeconds)
            output(trPlural(
                "Refreshed {feeds} feed: {added} new items, {failed} failed", "Refreshed {feeds} feeds: {added} new items, {failed} failed",
                summary.feeds, ["feeds": String(summary.feeds), "added": String(summary.added), "failed": String(summary.failed)]
            ))
            return 0
        case let .failure(error):
            return FeedPrinter.fail(tr("item-feed: the library was not changed: {reason}", ["reason": error.explanation]))
        }
    }

    /// What the user's retention lets go, before the feeds are asked.
    private func prune(now: Date) throws {
        var pruned: Result<Int, Error>?
        writer.write({ try $0.pruneByRetention(now: now) }) { pruned = $0 }
        guard MainContext.iterate(until: { pruned != nil }, timeoutSeconds: Self.timeoutSeconds) else { return }
        _ = try pruned?.get()
    }
}

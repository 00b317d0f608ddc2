import Foundation
import ItemFeed
import ItemFeedGLib
import ItemFeedStore
import ItemFeedUI
import ItemFeedXML

/// The library kept up to date with no window: the window's refresh
/// schedule, its accounts' syncs and "Always Fetch Full Articles", written
/// through one writer; what came is told to `newItems` and `ruleMatched`.
@MainActor
final class BackgroundLibrary {
    let store: SQLiteLibraryStore
    let writer: LibraryWriter
    private let account: Account
    private let refresher: LibraryRefreshController
    private let fullArticleFetch: FullArticleFetch
    private var network: NetworkState?
    /// A refresh brought new items: what a notification says.
    var newItems: (NewItemsNotice.Notice) -> Void = { _ in }
    /// Notify rules matched: what they say, and the items they matched.
    var ruleMatched: (String, [LibraryItem.Key]) -> Void = { _, _ in }
    /// The library changed (a refresh's writes, a mark from a notification).
    var changed: (LibraryChange) -> Void = { _ in }

    init(composition: LibraryComposition) throws {
        store = try composition.openLibrary().store
        let writer = try composition.libraryWriter()
        self.writer = writer
        let pages = FullArticlePages { composition.feedClient($0, PageArticleLoader.maxPageBytes) }
        fullArticleFetch = FullArticleFetch(writer: writer) { page, done in pages.read(page, completion: done) }
        let work = composition.accountWork()
        account = composition.localAccount(writingTo: writer)
        refresher = LibraryRefreshController(
            store: store, writer: writer, schedule: MainContextTimer.schedule, isOnline: { NetworkState.isAvailable }, account: account
        )
        refresher.accounts = AccountSyncer(store: store, work: work)
        refresher.following = RefreshFollowers([fullArticleFetch, RefreshEnd { [weak self] in self?.tellRuleNotices() }])
        refresher.finished = { [weak self] outcome, brought in self?.refreshed(outcome, brought) }
        refresher.accountsFailed = { problems in problems.forEach { say("item-feed: " + $0) } }
        writer.changed = { [weak self] change in self?.changed(change) }
        work.changed { [weak self] change in self?.changed(change) }
    }

    /// Whether Run in Background is on (a stale autostart file starts nothing).
    var runsInBackground: Bool { ((try? store.runsInBackground()) ?? nil) == true }

    /// Refreshing on its own: at once when one is due, then every interval,
    /// and when the network comes back.
    func start() {
        network = NetworkState { [weak self] in self?.refresher.networkChanged() }
        writer.write({ try $0.pruneByRetention(now: Date()) }) { _ in }
        refresher.start()
        fullArticleFetch.start()
    }

    /// Stops what runs, then answers once every write asked before is on disk.
    func finish(then done: @escaping () -> Void) {
        refresher.cancel()
        writer.write({ _ in () }) { _ in done() }
    }

    /// A notification's Mark as Read.
    func markRead(_ key: LibraryItem.Key) {
        account.mark(.read(true, [key])) { result in
            if case let .failure(error) = result { say("item-feed: \(error.localizedDescription)") }
        }
    }

    func unreadKeys(among keys: [LibraryItem.Key]) -> Set<LibraryItem.Key> {
        (try? store.unreadKeys(among: keys)) ?? Set(keys)
    }

    private func refreshed(_ outcome: Result<LibraryRefresh.Summary, Error>, _ brought: [URL: Int]) {
        if case let .failure(error) = outcome { say("item-feed: \(error.localizedDescription)") }
        guard (try? store.notifiesNewItems()) ?? true else { return }
        let titles = Dictionary(((try? store.subscriptions()) ?? []).map { ($0.address, $0.title) }, uniquingKeysWith: { first, _ in first })
        if let notice = NewItemsNotice.notice(brought: brought, title: { titles[$0] }, lastStored: { [store] in (try? store.lastStored($0, of: $1)) ?? [] }) {
            newItems(notice)
        }
    }

    private func tellRuleNotices() {
        RuleNotice.take(through: writer) { [weak self] text, keys in self?.ruleMatched(text, keys) }
    }
}

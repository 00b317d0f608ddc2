import Foundation
import ItemFeed
import ItemFeedGLib
import ItemFeedStore
import ItemFeedUI
import ItemFeedXML

/// The library open in a process, kept up to date whether or not a window
/// shows it: its store and writer, the local account and the servers'
/// accounts, the refresh schedule with the accounts' syncs and "Always
/// Fetch Full Articles", and what came told to `newItems` and
/// `ruleMatched`. The window and the background's process each hold one.
@MainActor
public final class LibrarySession {
    public let store: LibraryStore
    /// Every change is written on the writer's queue.
    public let writer: LibraryWriter
    /// The library on this computer: every change the user makes goes through it.
    public let account: Account
    /// Accounts on feed servers: signing in, removing, syncing, on queues of their own.
    public let accountWork: AccountWork
    public let refresher: LibraryRefreshController
    public let fullArticleFetch: FullArticleFetch
    private var network: NetworkState?
    /// A refresh brought new items: what a notification says.
    public var newItems: (NewItemsNotice.Notice) -> Void = { _ in }
    /// Notify rules matched: what they say, and the items they matched.
    public var ruleMatched: (String, [LibraryItem.Key]) -> Void = { _, _ in }
    /// What each write changed (this process's writer's, the accounts').
    public var changed: (LibraryChange) -> Void = { _ in }

    /// `fullArticles` reads a page for "Always Fetch Full Articles" (the
    /// window's keeps its pictures too); by default, the page alone.
    public init(store: LibraryStore, writer: LibraryWriter, composition: LibraryComposition, fullArticles: FullArticleFetch.Load? = nil) {
        self.store = store
        self.writer = writer
        let pages = FullArticlePages { composition.feedClient($0, PageArticleLoader.maxPageBytes) }
        fullArticleFetch = FullArticleFetch(writer: writer, load: fullArticles ?? { page, done in pages.read(page, completion: done) })
        accountWork = composition.accountWork()
        account = composition.localAccount(writingTo: writer)
        refresher = LibraryRefreshController(
            store: store, writer: writer, schedule: MainContextTimer.schedule, isOnline: { NetworkState.isAvailable }, account: account
        )
        refresher.accounts = AccountSyncer(store: store, work: accountWork)
        refresher.following = RefreshFollowers([fullArticleFetch, RefreshEnd { [weak self] in self?.tellRuleNotices() }])
        refresher.finished = { [weak self] outcome, brought in self?.refreshed(outcome, brought) }
        refresher.accountsFailed = { problems in problems.forEach { say("item-feed: " + $0) } }
        writer.changed = { [weak self] change in self?.changed(change) }
        accountWork.changed { [weak self] change in self?.changed(change) }
    }

    /// The library file and its writer, as the process's composition opens them.
    public static func open(_ composition: LibraryComposition) throws -> (LibrarySession, problem: String?) {
        let opened = try composition.openLibrary()
        return (LibrarySession(store: opened.store, writer: try composition.libraryWriter(), composition: composition), opened.problem)
    }

    /// Refreshing on its own: at once when one is due, then every interval,
    /// and when the network comes back.
    public func start() {
        guard network == nil else { return }
        network = NetworkState { [weak self] in self?.refresher.networkChanged() }
        refresher.start()
        fullArticleFetch.start()
    }

    /// What the user's retention lets go, written off the UI thread: how many went.
    public func pruneByRetention(then done: @escaping (Result<Int, Error>) -> Void = { _ in }) {
        let now = Date()
        writer.write({ try $0.pruneByRetention(now: now) }, completion: done)
    }

    /// Stops what runs, then answers once every write asked before is on disk.
    public func finish(then done: @escaping () -> Void) {
        refresher.cancel()
        writer.write({ _ in () }) { _ in done() }
    }

    /// Which of `keys` are unread (every one, when the library cannot say).
    public func unreadKeys(among keys: [LibraryItem.Key]) -> Set<LibraryItem.Key> {
        (try? store.unreadKeys(among: keys)) ?? Set(keys)
    }

    /// What notify rules matched since last told, as one notification.
    public func tellRuleNotices() {
        RuleNotice.take(through: writer) { [weak self] text, keys in self?.ruleMatched(text, keys) }
    }

    private func refreshed(_ outcome: Result<LibraryRefresh.Summary, Error>, _ brought: [URL: Int]) {
        // The feeds' bodies and items are gone: their pages back to the
        // system, so a process that waits for the next refresh holds little.
        FreedMemory.returnToSystem()
        guard (try? store.notifiesNewItems()) ?? true else { return }
        let titles = Dictionary(((try? store.subscriptions()) ?? []).map { ($0.address, $0.title) }, uniquingKeysWith: { first, _ in first })
        if let notice = NewItemsNotice.notice(brought: brought, title: { titles[$0] }, lastStored: { [store] in (try? store.lastStored($0, of: $1)) ?? [] }) {
            newItems(notice)
        }
    }
}

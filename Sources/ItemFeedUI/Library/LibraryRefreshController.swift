import Foundation
import ItemFeed

/// The window's refreshes of the library (SPEC 12): on start when the last
/// one is older than the interval, then every interval; F5 on a view; a
/// feed's own Refresh. One refresh at a time: asked for while one runs, a
/// refresh waits for it instead of starting a second over the same feeds.
/// While the network is down nothing is asked (a quiet note instead of a
/// wall of errors), and a refresh missed meanwhile runs when it is back.
@MainActor
public final class LibraryRefreshController {
    /// Feeds written so far of those asked; none asked while the accounts sync alone.
    public struct Progress: Equatable, Sendable {
        public let done: Int
        public let total: Int

        /// The accounts sync and no feed of this computer is asked.
        public static let syncing = Progress(done: 0, total: 0)

        public var text: String {
            total == 0 ? tr("Syncing accounts") : tr("Refreshing {done} of {total}", ["done": String(done), "total": String(total)])
        }
    }

    /// `nil` once no refresh runs.
    public var progressChanged: (Progress?) -> Void = { _ in }
    /// A batch of feeds was written: counts and views may read the store.
    public var written: () -> Void = {}
    /// A refresh ran to its end (not cancelled): how it went, and the new
    /// items of each feed that brought some.
    public var finished: (Result<LibraryRefresh.Summary, Error>, [URL: Int]) -> Void = { _, _ in }
    /// Asked to refresh while the network is down.
    public var offline: () -> Void = {}
    /// Accounts on feed servers, synced with every refresh that spans them.
    public var accounts: AccountSyncing?
    /// An account's sync failed: why, one sentence each.
    public var accountsFailed: ([String]) -> Void = { _ in }
    /// Work kept for the quiet between refreshes (full articles).
    public var following: RefreshFollowing?
    private var syncing = false {
        didSet { busyChanged() }
    }
    /// The sync under way's Stop.
    private var syncStop: SyncStop?

    private let store: LibraryStore
    private let writer: LibraryWriter
    /// When the schedule last refreshed, as this controller wrote it (the
    /// write is queued; the next interval counts from here at once).
    private var lastRefresh: Date?
    private let makeRefresh: () -> LibraryRefresh
    private let schedule: ScheduleWork?
    private let now: () -> Date
    private let isOnline: () -> Bool

    private var running: LibraryRefresh? {
        didSet { busyChanged() }
    }
    /// A refresh or a sync ran when `following` was last told.
    private var wasBusy = false
    private var progress: Progress?
    private var newItems: [URL: Int] = [:]
    /// Told when the refresh under way ends, however it ends.
    private var whenDone: [() -> Void] = []
    /// The interval came round while another refresh ran: that one counts.
    private var runningCountsAsScheduled = false
    private var next: ScheduledWork?
    /// The interval came round while offline: refresh once back.
    private var missed = false

    /// `writer`: where the time of the schedule's refreshes is kept (the
    /// store itself, in place, when `nil`).
    public init(
        store: LibraryStore, writer: LibraryWriter? = nil, schedule: ScheduleWork?, now: @escaping () -> Date = Date.init,
        isOnline: @escaping () -> Bool = { true }, makeRefresh: @escaping () -> LibraryRefresh
    ) {
        self.store = store
        self.writer = writer ?? ImmediateLibraryWriter(store: store)
        self.schedule = schedule
        self.now = now
        self.isOnline = isOnline
        self.makeRefresh = makeRefresh
    }

    /// Refreshes through `account`, each refresh a new one of its own.
    public convenience init(
        store: LibraryStore, writer: LibraryWriter? = nil, schedule: ScheduleWork?, now: @escaping () -> Date = Date.init,
        isOnline: @escaping () -> Bool = { true }, account: Account
    ) {
        self.init(store: store, writer: writer, schedule: schedule, now: now, isOnline: isOnline) { account.makeRefresh() }
    }

    isolated deinit {
        next?.cancel()
        running?.cancel()
        syncStop?.stop()
    }

    /// A refresh or a sync runs.
    public var isRefreshing: Bool { running != nil || syncing }

    /// The window opened: refreshes now if the last refresh is older than
    /// the interval, and from then on every interval.
    public func start() {
        scheduleNext()
    }

    /// The interval preference changed.
    public func intervalChanged() {
        scheduleNext()
    }

    /// Refreshes the subscriptions `include` takes that `asker` may ask;
    /// `done` hears when the store has all they brought (or at once,
    /// offline or with nothing to ask).
    /// `onlyAccount`: the accounts synced are that one alone.
    public func refresh(
        _ asker: RefreshPoliteness.Asker, where include: @escaping (Subscription) -> Bool = { _ in true }, syncingAccounts: Bool = true,
        onlyAccount: SyncAccount.ID? = nil, then done: @escaping () -> Void = {}
    ) {
        var done = done
        if syncingAccounts, accounts != nil, !syncing, isOnline() {
            let both = Countdown(2, done)
            done = both.tick
            syncAccounts(only: onlyAccount, askedBy: asker, then: both.tick)
        }
        if running != nil {
            if asker == .schedule { runningCountsAsScheduled = true }
            return whenDone.append(done)
        }
        guard isOnline() else {
            if asker == .schedule { missed = true } else { offline() }
            return done()
        }
        let date = now()
        let feeds = ((try? store.subscriptions()) ?? []).filter { include($0) && RefreshPoliteness.shouldAsk($0, now: date, askedBy: asker) }
        guard !feeds.isEmpty else {
            if asker == .schedule { ended(scheduled: true) }
            return done()
        }
        let refresh = makeRefresh()
        running = refresh
        whenDone = [done]
        newItems = [:]
        show(Progress(done: 0, total: feeds.count))
        runningCountsAsScheduled = asker == .schedule
        refresh.start(feeds, progress: { [weak self] result in
            guard let self, let progress else { return }
            if result.added > 0 { newItems[result.movedTo ?? result.address] = result.added }
            show(Progress(done: progress.done + 1, total: progress.total))
            written()
        }, completion: { [weak self] outcome in
            guard let self else { return }
            let brought = newItems
            ended(scheduled: runningCountsAsScheduled)
            finished(outcome, brought)
        })
    }

    /// F5 on a view: its feeds from the network (an account's view, that
    /// account's sync alone); `done` once the store has
    /// what they brought. Cancelling the answer (the list reloads or goes)
    /// stops the waiting, not the refresh, whose progress has its own Stop.
    public func refresh(_ view: LibraryView, then done: @escaping () -> Void) -> FeedLoadTask {
        let waiting = RefreshWaiting(done)
        refresh(.view, where: view.includes, syncingAccounts: view.spansAccounts, onlyAccount: view.account, then: { waiting.finish() })
        return waiting
    }

    /// What the accounts brought is told as a refresh's batch is.
    private func syncAccounts(only: SyncAccount.ID?, askedBy asker: RefreshPoliteness.Asker, then done: @escaping () -> Void) {
        guard let accounts else { return done() }
        syncing = true
        let stop = accounts.sync(only: only, askedBy: asker) { [weak self] problems in
            guard let self else { return }
            let stopped = syncStop?.isStopped ?? false
            syncing = false
            syncStop = nil
            if running == nil { show(nil) }
            written()
            if !problems.isEmpty, !stopped { accountsFailed(problems) }
            done()
        }
        // A sync that answered at once has ended already.
        guard syncing else { return }
        syncStop = stop
        if running == nil { show(.syncing) }
    }

    /// Stops the refresh and the sync under way; what was written stays.
    /// A sync ends its round first (within a tenth of a second), then the
    /// view reads what it wrote.
    public func cancel() {
        if let syncStop {
            syncStop.stop()
            if running == nil { show(nil) }
        }
        guard let running else { return }
        running.cancel()
        ended(scheduled: runningCountsAsScheduled)
    }

    /// The network came back or went: a refresh missed meanwhile runs now.
    public func networkChanged() {
        guard missed, isOnline() else { return }
        missed = false
        refresh(.schedule)
    }

    private func ended(scheduled: Bool) {
        running = nil
        show(syncing && syncStop?.isStopped == false ? .syncing : nil)
        let done = whenDone
        whenDone = []
        if scheduled {
            let date = now()
            lastRefresh = date
            writer.write({ try $0.setLastRefresh(date) }) { _ in }
            scheduleNext()
        }
        done.forEach { $0() }
    }

    private func busyChanged() {
        let busy = running != nil || syncing
        guard busy != wasBusy else { return }
        wasBusy = busy
        if busy { following?.refreshBegan() } else { following?.refreshEnded() }
    }

    private func show(_ progress: Progress?) {
        self.progress = progress
        progressChanged(progress)
    }

    private func scheduleNext() {
        next?.cancel()
        next = nil
        guard let schedule, let seconds = (try? store.preference(RefreshInterval.self))?.seconds else { return }
        let last = lastRefresh ?? (try? store.lastRefresh()) ?? nil
        let wait = last.map { max(0, $0.addingTimeInterval(seconds).timeIntervalSince(now())) } ?? 0
        next = schedule(wait) { [weak self] in
            self?.next = nil
            self?.refresh(.schedule)
        }
    }
}

/// A list waiting for a refresh of the library, as its load.
private final class RefreshWaiting: FeedLoadTask {
    private var done: (() -> Void)?

    init(_ done: @escaping () -> Void) {
        self.done = done
    }

    func finish() {
        let done = self.done
        self.done = nil
        done?()
    }

    func cancel() {
        done = nil
    }
}

/// Calls `done` once it was ticked `count` times: a refresh and the
/// accounts' sync both ended.
@MainActor
private final class Countdown {
    private var left: Int
    private let done: () -> Void

    init(_ count: Int, _ done: @escaping () -> Void) {
        left = count
        self.done = done
    }

    func tick() {
        left -= 1
        if left == 0 { done() }
    }
}

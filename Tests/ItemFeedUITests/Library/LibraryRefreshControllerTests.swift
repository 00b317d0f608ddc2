import Foundation
import ItemFeed
import ItemFeedTestSupport
import ItemFeedUI
import XCTest

/// When the window refreshes the library, what it shows meanwhile, and
/// what it does offline: with the clock, the timer and the network faked.
@MainActor
final class LibraryRefreshControllerTests: XCTestCase {
    private var clock = Date(timeIntervalSince1970: 1_800_000_000)

    func test_theFirstStart_refreshesAtOnce_thenEveryInterval() async throws {
        let (sut, store, loads, scheduler) = try makeSUT(feeds: 2)
        sut.start()
        XCTAssertEqual(scheduler.pendingDelays, [0])

        scheduler.runPending()
        loads.answerAll()

        XCTAssertEqual(loads.asked.count, 2)
        XCTAssertEqual(try store.lastRefresh(), clock)
        XCTAssertEqual(scheduler.pendingDelays, [1_800], "the next in 30 minutes")
    }

    /// The window's connection only reads: the schedule's time is written
    /// on the writer's queue, and the next interval counts from it at once.
    func test_theSchedulesTime_isWrittenThroughTheWriter_andTheNextIntervalCountsFromItBeforeItIsWritten() async throws {
        let store = InMemoryLibraryStore()
        try store.subscribe(Subscription(address: LibrarySpecData.address("feed"), title: "Feed"))
        let (loads, scheduler, writer) = (HeldLoads(date: clock), ManualScheduler(), HeldLibraryWriter(store: store))
        let sut = LibraryRefreshController(store: store, writer: writer, schedule: scheduler.schedule, now: { [clock] in clock }) {
            LibraryRefresh(store: store, batchSize: 1, load: loads.load)
        }
        sut.start()
        scheduler.runPending()
        loads.answerAll()

        XCTAssertNil(try store.lastRefresh(), "not written in place")
        XCTAssertEqual(scheduler.pendingDelays, [1_800])
        writer.finishNext()
        XCTAssertEqual(try store.lastRefresh(), clock)
    }

    func test_aStartSoonAfterTheLastRefresh_waitsForTheRestOfTheInterval_andOffWaitsForever() async throws {
        let (sut, store, _, scheduler) = try makeSUT(feeds: 1)
        try store.setLastRefresh(clock.addingTimeInterval(-600))
        sut.start()
        XCTAssertEqual(scheduler.pendingDelays, [1_200])

        try store.setPreference(RefreshInterval.off)
        sut.intervalChanged()
        XCTAssertEqual(scheduler.pendingDelays, [])
    }

    func test_theScheduleAsksOnlyFeedsDue() async throws {
        let (sut, store, loads, scheduler) = try makeSUT(feeds: 2)
        let notYet = try store.subscriptions()[0].address
        try store.apply([FeedRefresh(address: notYet, outcome: .unchanged, date: clock, nextDue: clock.addingTimeInterval(60))])
        sut.start()
        scheduler.runPending()

        XCTAssertEqual(loads.asked, [try store.subscriptions()[1].address])
    }

    func test_progressCountsFeedsAsTheyAreWritten_andTheEndSaysWhatEachBrought() async throws {
        let (sut, _, loads, _) = try makeSUT(feeds: 2)
        var shown: [String?] = []
        var brought: [URL: Int]?
        sut.progressChanged = { shown.append($0?.text) }
        sut.finished = { _, items in brought = items }

        sut.refresh(.view)
        loads.answer(0, items: 3)
        loads.answer(1, items: 0)

        XCTAssertEqual(shown, ["Refreshing 0 of 2", "Refreshing 1 of 2", "Refreshing 2 of 2", nil])
        XCTAssertEqual(brought, [loads.asked[0]: 3])
    }

    func test_aRefreshAskedForWhileOneRuns_waitsForIt_insteadOfAskingTheFeedsTwice() async throws {
        let (sut, _, loads, _) = try makeSUT(feeds: 1)
        var done = 0
        sut.refresh(.view, then: { done += 1 })
        sut.refresh(.feed, then: { done += 1 })
        XCTAssertEqual(loads.asked.count, 1)

        loads.answerAll()

        XCTAssertEqual(done, 2)
        XCTAssertFalse(sut.isRefreshing)
    }

    func test_cancel_endsTheRefresh_withoutSayingItFinished() async throws {
        let (sut, _, loads, _) = try makeSUT(feeds: 2)
        var progress: [LibraryRefreshController.Progress?] = []
        var done = false, finished = false
        sut.progressChanged = { progress.append($0) }
        sut.finished = { _, _ in finished = true }
        sut.refresh(.view, then: { done = true })

        sut.cancel()

        XCTAssertEqual(progress.last, .some(nil))
        XCTAssertTrue(done, "the view reads what was written")
        XCTAssertFalse(finished)
        XCTAssertEqual(loads.cancelled.count, 2)
    }

    /// Issue 54: the header's Stop did not stop a sync. It shows while the
    /// accounts sync, stops them, and the view reads what they wrote once
    /// the round has ended.
    func test_stop_duringASync_stopsTheAccounts_andTheViewReadsWhatWasWrittenOnceTheyEnded() async throws {
        let (sut, _, _, _) = try makeSUT(feeds: 0)
        let accounts = HeldSync()
        sut.accounts = accounts
        var progress: [String?] = [], done = false, problems: [String]?
        sut.progressChanged = { progress.append($0?.text) }
        sut.accountsFailed = { problems = $0 }
        _ = sut.refresh(.all) { done = true }
        XCTAssertEqual(progress, ["Syncing accounts"], "a progress, with its Stop")
        XCTAssertTrue(sut.isRefreshing)

        sut.cancel()

        XCTAssertEqual(accounts.stops.map(\.isStopped), [true])
        XCTAssertEqual(progress.last, .some(nil))
        XCTAssertFalse(done, "the round still ends what it was writing")
        accounts.answer([])
        XCTAssertTrue(done)
        XCTAssertNil(problems, "a sync stopped by the user is not a failure")
        XCTAssertFalse(sut.isRefreshing)
    }

    func test_offline_nothingIsAsked_F5SaysSoQuietly_andAMissedRefreshRunsWhenTheNetworkIsBack() async throws {
        var online = false
        let (sut, _, loads, scheduler) = try makeSUT(feeds: 1, isOnline: { online })
        var notes = 0, done = 0
        sut.offline = { notes += 1 }
        sut.start()
        scheduler.runPending()
        sut.refresh(.view, then: { done += 1 })
        XCTAssertEqual(loads.asked.count, 0)
        XCTAssertEqual(notes, 1, "only F5 says so; the schedule is quiet")
        XCTAssertEqual(done, 1)

        online = true
        sut.networkChanged()

        XCTAssertEqual(loads.asked.count, 1)
    }

    /// SPEC 15: F5 on a view spanning the accounts, and the interval, sync
    /// them with the local feeds; the view is read again once both ended.
    func test_F5OnAll_syncsTheAccountsToo_andAnswersOnceBothEnded() async throws {
        let (sut, _, loads, _) = try makeSUT(feeds: 1)
        let accounts = HeldSync()
        sut.accounts = accounts
        var written = 0, done = false, problems: [String] = []
        sut.written = { written += 1 }
        sut.accountsFailed = { problems = $0 }

        _ = sut.refresh(.all) { done = true }
        XCTAssertEqual(accounts.askers, [.view], "asked by the user: a failing server is asked again")
        loads.answerAll()
        XCTAssertFalse(done, "the accounts are still syncing")

        accounts.answer(["ann@rss.example: HTTP 503"])
        XCTAssertTrue(done)
        XCTAssertEqual(written, 2)
        XCTAssertEqual(problems, ["ann@rss.example: HTTP 503"])
    }

    /// Issue 54: F5 on one account's feed synced every account.
    func test_F5InAnAccountsView_syncsThatAccountAlone_andOnAllEveryAccount() async throws {
        let (sut, _, loads, _) = try makeSUT(feeds: 1)
        let accounts = HeldSync()
        sut.accounts = accounts

        _ = sut.refresh(LibraryView(.feed(FeedID(account: 3, id: "feed/12")))) {}
        accounts.answer([])
        loads.answerAll()
        _ = sut.refresh(LibraryView(.accountFolder(4, "Work"))) {}
        accounts.answer([])
        loads.answerAll()
        _ = sut.refresh(.all) {}

        XCTAssertEqual(accounts.onlies, [3, 4, nil])
    }

    func test_F5OnALocalFeed_doesNotSync_norDoesAnOfflineRefresh_norASecondWhileOneRuns() async throws {
        var online = true
        let (sut, _, loads, scheduler) = try makeSUT(feeds: 1, isOnline: { online })
        let accounts = HeldSync()
        sut.accounts = accounts

        _ = sut.refresh(LibraryView(.feed(LibrarySpecData.address("feed0")))) {}
        loads.answerAll()
        XCTAssertEqual(accounts.asked, 0)

        sut.start()
        scheduler.runPending()
        _ = sut.refresh(.unread) {}
        XCTAssertEqual(accounts.askers, [.schedule], "the interval synced them; F5 meanwhile waits for that round")

        accounts.answer([])
        online = false
        _ = sut.refresh(.all) {}
        XCTAssertEqual(accounts.asked, 1)
    }

    func test_followingWorkIsToldWhenTheFirstOfARefreshAndASyncBeginsAndTheLastEnds() async throws {
        let (sut, _, loads, _) = try makeSUT(feeds: 1)
        let sync = HeldSync()
        let following = FollowingSpy()
        sut.accounts = sync
        sut.following = following

        sut.refresh(.view)
        XCTAssertEqual(following.told, ["began"])
        loads.answerAll()
        XCTAssertEqual(following.told, ["began"], "the accounts still sync")
        sync.answer([])
        XCTAssertEqual(following.told, ["began", "ended"])

        sut.refresh(.view)
        sut.cancel()
        XCTAssertEqual(following.told, ["began", "ended", "began"], "Stop ends the refresh, the sync still runs")
        sync.answer([])
        XCTAssertEqual(following.told, ["began", "ended", "began", "ended"])
    }

    // MARK: Helpers

    private func makeSUT(
        feeds: Int, isOnline: @escaping () -> Bool = { true }
    ) throws -> (LibraryRefreshController, InMemoryLibraryStore, HeldLoads, ManualScheduler) {
        let store = InMemoryLibraryStore()
        for index in 0..<feeds { try store.subscribe(Subscription(address: LibrarySpecData.address("feed\(index)"), title: "Feed \(index)")) }
        let loads = HeldLoads(date: clock)
        let scheduler = ManualScheduler()
        let sut = LibraryRefreshController(store: store, schedule: scheduler.schedule, now: { [clock] in clock }, isOnline: isOnline) {
            LibraryRefresh(store: store, batchSize: 1, load: loads.load)
        }
        return (sut, store, loads, scheduler)
    }
}

/// Each subscription's load, answered when the test says.
@MainActor
private final class HeldLoads {
    private let date: Date
    private(set) var asked: [URL] = []
    private(set) var cancelled: [URL] = []
    private var completions: [URL: (FeedRefresh) -> Void] = [:]

    init(date: Date) { self.date = date }

    func load(_ subscription: Subscription, completion: @escaping (FeedRefresh) -> Void) -> FeedLoadTask {
        asked.append(subscription.address)
        completions[subscription.address] = completion
        return CancelRecorder { [weak self] in self?.cancelled.append(subscription.address) }
    }

    func answer(_ index: Int, items count: Int) {
        let address = asked[index]
        let items = (0..<count).map { Item(id: "\(address.host ?? "")-\($0)", name: "Item \($0)", imageURL: nil) }
        completions.removeValue(forKey: address)?(FeedRefresh(address: address, outcome: .loaded(title: nil, siteLink: nil, items: items), date: date))
    }

    func answerAll() {
        for index in asked.indices where completions[asked[index]] != nil { answer(index, items: 1) }
    }
}

/// The accounts' sync, answered when the test says.
@MainActor
private final class HeldSync: AccountSyncing {
    private(set) var askers: [RefreshPoliteness.Asker] = []
    /// Which account each round was for; `nil`: all of them.
    private(set) var onlies: [SyncAccount.ID?] = []
    var asked: Int { askers.count }
    private(set) var stops: [SyncStop] = []
    private var completions: [([String]) -> Void] = []

    func sync(only: SyncAccount.ID?, askedBy asker: RefreshPoliteness.Asker, completion: @escaping ([String]) -> Void) -> SyncStop {
        askers.append(asker)
        onlies.append(only)
        completions.append(completion)
        stops.append(SyncStop())
        return stops.last!
    }

    func answer(_ problems: [String]) {
        completions.removeFirst()(problems)
    }
}

/// What the work kept for the quiet between refreshes was told.
@MainActor
private final class FollowingSpy: RefreshFollowing {
    private(set) var told: [String] = []
    func refreshBegan() { told.append("began") }
    func refreshEnded() { told.append("ended") }
}

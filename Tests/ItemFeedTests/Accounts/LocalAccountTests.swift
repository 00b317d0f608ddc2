import Foundation
import ItemFeed
import ItemFeedTestSupport
import XCTest

/// The local library behind the `Account` boundary: one subscribe path that
/// keeps everything a feed's first load brought, and every change written
/// through the library's writer, never in place.
@MainActor
final class LocalAccountTests: XCTestCase {
    func test_subscribe_keepsTheFirstLoadWhole_validatorsNextDueItemsAndArticles() async throws {
        let (account, store, writer, loads) = makeSUT()
        var answer: Result<Subscribed, Error>?
        let validators = HTTPValidators(entityTag: "\"v1\"", lastModified: nil)

        account.subscribe(SubscribeRequest(address: LibrarySpecData.tech, folder: "Work")) { answer = $0 }
        XCTAssertEqual(loads.asked.map(\.address), [LibrarySpecData.tech])
        loads.answer(FeedRefresh(
            address: LibrarySpecData.tech, outcome: .loaded(title: "Tech Daily", siteLink: nil, items: LibrarySpecData.items("a", "b"), articles: ["a": "<p>A</p>"]),
            date: LibrarySpecData.date(1), validators: validators, nextDue: LibrarySpecData.date(2)
        ))
        XCTAssertEqual(try store.subscriptions(), [], "nothing written until the writer writes")
        writer.finishNext()

        XCTAssertEqual(try answer?.get(), Subscribed(address: LibrarySpecData.tech, title: "Tech Daily", added: 2))
        let kept = try XCTUnwrap(store.subscriptions().first)
        XCTAssertEqual(kept.title, "Tech Daily")
        XCTAssertEqual(kept.folder, "Work")
        XCTAssertEqual(kept.validators, validators)
        XCTAssertEqual(kept.nextDue, LibrarySpecData.date(2))
        XCTAssertEqual(try store.articleHTML(LibrarySpecData.keys(store)["a"]!), "<p>A</p>")
    }

    func test_subscribe_toAPage_keepsTheFeedItNamed_underTheFeedsAddress() async throws {
        let (account, store, writer, loads) = makeSUT()
        let page = URL(string: "https://blog.example/")!
        var answer: Result<Subscribed, Error>?

        account.subscribe(SubscribeRequest(address: page)) { answer = $0 }
        loads.answer(FeedRefresh(address: page, outcome: .loaded(title: "Blog", siteLink: nil, items: LibrarySpecData.items("a")), date: LibrarySpecData.date(1), movedTo: LibrarySpecData.tech))
        writer.finishNext()

        XCTAssertEqual(try answer?.get(), Subscribed(address: LibrarySpecData.tech, page: page, title: "Blog", added: 1))
        XCTAssertEqual(try store.subscriptions().map(\.address), [LibrarySpecData.tech])
    }

    func test_subscribe_toAFeedFollowedAlready_changesNothing() async throws {
        let (account, store, writer, loads) = makeSUT()
        try LibrarySpecData.subscribeTechAndNews(store)
        var answer: Result<Subscribed, Error>?

        account.subscribe(SubscribeRequest(address: LibrarySpecData.tech, title: "Another name")) { answer = $0 }
        loads.answer(LibrarySpecData.loaded(LibrarySpecData.tech, LibrarySpecData.items("new")))
        writer.finishNext()

        XCTAssertNil(try answer?.get().added)
        XCTAssertEqual(try store.count(LibraryView(.feed(LibrarySpecData.tech))), 2, "not refreshed by it either")
        XCTAssertFalse(try store.subscriptions().contains { $0.title == "Another name" })
    }

    func test_subscribe_toAFeedThatCannotLoad_saysWhy_andKeepsNothing() async throws {
        let (account, store, writer, loads) = makeSUT()
        var answer: Result<Subscribed, Error>?

        account.subscribe(SubscribeRequest(address: LibrarySpecData.tech)) { answer = $0 }
        loads.answer(FeedRefresh(address: LibrarySpecData.tech, outcome: .failed(reason: "The server answered 404"), date: LibrarySpecData.date(1)))

        XCTAssertThrowsError(try answer?.get()) { XCTAssertEqual($0 as? SubscribeError, .unreadable(reason: "The server answered 404")) }
        XCTAssertEqual(writer.heldCount, 0)
        XCTAssertEqual(try store.subscriptions(), [])
    }

    /// The window's Subscribe on a feed it shows: every page it read is
    /// kept, and kept alone when the feed cannot be reached at that moment.
    func test_subscribe_fromTheWindow_keepsTheItemsItShowed_evenOffline() async throws {
        let (account, store, writer, loads) = makeSUT()
        let shown = ShownFeed(title: "Tech", items: LibrarySpecData.items("a", "older"), articles: ["older": "<p>Held</p>"])

        account.subscribe(SubscribeRequest(address: LibrarySpecData.tech, shown: shown)) { _ in }
        loads.answer(LibrarySpecData.loaded(LibrarySpecData.tech, LibrarySpecData.items("new", "a")))
        writer.finishNext()
        XCTAssertEqual(Set(try store.items(.all, in: 0..<10).map(\.item.id)), ["new", "a", "older"])
        XCTAssertEqual(try store.articleHTML(LibrarySpecData.keys(store)["older"]!), "<p>Held</p>")

        account.subscribe(SubscribeRequest(address: LibrarySpecData.news, shown: ShownFeed(title: "News", items: LibrarySpecData.items("n1")))) { _ in }
        loads.answer(FeedRefresh(address: LibrarySpecData.news, outcome: .failed(reason: "offline"), date: LibrarySpecData.date(1)), at: 1)
        writer.finishNext()
        XCTAssertEqual(try store.count(LibraryView(.feed(LibrarySpecData.news))), 1)
    }

    func test_unsubscribeThenRestore_putsTheFeedItsItemsAndTheirMarksBack() async throws {
        let (account, store, writer, _) = makeSUT()
        try LibrarySpecData.subscribeTechAndNews(store)
        try store.move(LibrarySpecData.tech, toFolder: "Work")
        let keys = try LibrarySpecData.keys(store)
        try store.setRead(true, [keys["t1"]!])
        try store.setStarred(true, [keys["t2"]!])
        var removed: RemovedSubscription?

        account.unsubscribe(LibrarySpecData.tech) { removed = try? $0.get() }
        writer.finishNext()
        XCTAssertEqual(try store.subscriptions().map(\.address), [LibrarySpecData.news])

        account.restore(try XCTUnwrap(removed)) { _ in }
        writer.finishNext()
        let items = try store.items(LibraryView(.feed(LibrarySpecData.tech)), in: 0..<10)
        XCTAssertEqual(items.map(\.item.id), ["t1", "t2"])
        XCTAssertEqual(items.map(\.isRead), [true, false])
        XCTAssertEqual(items.map(\.isStarred), [false, true])
        XCTAssertEqual(try store.subscriptions().first { $0.address == LibrarySpecData.tech }?.folder, "Work")
    }

    func test_renameMoveImportAndMarks_areWrittenByTheWriter_inTheOrderAsked() async throws {
        let (account, store, writer, _) = makeSUT()
        try LibrarySpecData.subscribeTechAndNews(store)
        var answers: [String] = []

        account.rename(LibrarySpecData.tech, to: "My Tech") { _ in answers.append("rename") }
        account.move(LibrarySpecData.tech, toFolder: "Work") { _ in answers.append("move") }
        account.importSubscriptions([Subscription(address: LibrarySpecData.address("blog"), title: "Blog")], folders: ["Empty"]) { _ in answers.append("import") }
        account.mark(.allRead(.all)) { _ in answers.append("mark") }
        XCTAssertEqual(writer.heldCount, 4)
        XCTAssertEqual(try store.subscriptions().map(\.title).sorted(), ["News", "Tech"], "nothing written in place")
        for _ in 0..<4 { writer.finishNext() }

        XCTAssertEqual(answers, ["rename", "move", "import", "mark"])
        XCTAssertEqual(try store.subscriptions().map(\.title), ["My Tech", "Blog", "News"])
        XCTAssertEqual(try store.folders(), ["Empty", "Work"])
        XCTAssertEqual(try store.count(.unread), 0)
    }

    /// A big OPML file is written a batch at a time, all in one
    /// transaction: stopped between batches, nothing of it is kept.
    func test_anImportStopped_keepsNothing_andOneNotStopped_keepsEverything() async throws {
        let (account, store, writer, _) = makeSUT()
        let feeds = (0..<(LocalAccount.importedAtOnce * 2 + 1)).map { Subscription(address: LibrarySpecData.address("feed\($0)"), title: "Feed \($0)", folder: "Big") }
        let stop = SyncStop()
        var stopped: Result<[URL], Error>?
        var checks = 0
        account.importSubscriptions(feeds, folders: ["Empty"], stop: stop) { stopped = $0 }
        stop.stop()
        writer.finishNext()
        XCTAssertThrowsError(try stopped?.get()) { XCTAssertTrue($0 is CancellationError, "\($0)") }
        XCTAssertEqual(try store.subscriptions(), [])
        XCTAssertEqual(try store.folders(), [])

        var imported: Result<[URL], Error>?
        account.importSubscriptions(feeds, folders: ["Empty"], stop: SyncStop()) { imported = $0; checks += 1 }
        writer.finishNext()
        XCTAssertEqual(try imported?.get().count, feeds.count)
        XCTAssertEqual(try store.subscriptions().count, feeds.count)
        XCTAssertEqual(try store.folders(), ["Big", "Empty"])
        XCTAssertEqual(checks, 1)
    }

    func test_aWriteThatFails_isAnswered_andChangesNothing() async throws {
        let (account, store, writer, loads) = makeSUT()
        var answer: Result<Subscribed, Error>?
        account.subscribe(SubscribeRequest(address: LibrarySpecData.tech)) { answer = $0 }
        loads.answer(LibrarySpecData.loaded(LibrarySpecData.tech, LibrarySpecData.items("a")))

        writer.finishNext(failing: DiskFull())

        XCTAssertThrowsError(try answer?.get()) { XCTAssertTrue($0 is DiskFull) }
        XCTAssertEqual(try store.subscriptions(), [])
    }

    // MARK: Helpers

    private struct DiskFull: Error {}

    private func makeSUT() -> (LocalAccount, InMemoryLibraryStore, HeldLibraryWriter, SubscriptionLoads) {
        let store = InMemoryLibraryStore()
        let writer = HeldLibraryWriter(store: store)
        let loads = SubscriptionLoads()
        let account = LocalAccount(writer: writer, load: loads.load, now: { LibrarySpecData.date(50) })
        trackForMemoryLeaks(account)
        return (account, store, writer, loads)
    }
}

/// Loads of subscriptions the test answers.
@MainActor
private final class SubscriptionLoads {
    private(set) var asked: [Subscription] = []
    private var completions: [(FeedRefresh) -> Void] = []

    var load: LibraryRefresh.Load {
        { [unowned self] subscription, completion in
            asked.append(subscription)
            completions.append(completion)
            return CancelRecorder {}
        }
    }

    func answer(_ refresh: FeedRefresh, at index: Int = 0) {
        completions[index](refresh)
    }
}

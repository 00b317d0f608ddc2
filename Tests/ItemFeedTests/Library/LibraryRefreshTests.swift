import Foundation
import ItemFeed
import ItemFeedTestSupport
import XCTest

@MainActor
final class LibraryRefreshTests: XCTestCase {
    func test_refresh_writesEachFeedsItemsAndReportsEveryFeed() async throws {
        let (refresh, store, loads) = try makeRefresh(feeds: 2)
        var results: [LibraryRefresh.FeedResult] = []
        var summary: LibraryRefresh.Summary?
        refresh.start(subscriptions(2), progress: { results.append($0) }, completion: { summary = try? $0.get() })

        loads.complete(addresses(2)[1], with: Feed(items: LibrarySpecData.items("b1"), title: "Second"))
        loads.complete(addresses(2)[0], with: Feed(items: LibrarySpecData.items("a1", "a2")))

        XCTAssertEqual(results.map(\.added).sorted(), [1, 2])
        XCTAssertEqual(summary, LibraryRefresh.Summary(feeds: 2, added: 3, failed: 0))
        XCTAssertEqual(try store.count(.all), 3)
        XCTAssertEqual(try store.subscriptions().map(\.title), ["Feed 0", "Second"])
    }

    func test_refresh_oneFeedsFailureIsKeptWithItsReasonAndFailsNoOther() async throws {
        let (refresh, store, loads) = try makeRefresh(feeds: 2)
        var summary: LibraryRefresh.Summary?
        refresh.start(subscriptions(2), progress: { _ in }, completion: { summary = try? $0.get() })

        loads.fail(addresses(2)[0], with: RemoteLoadError.invalidData)
        loads.complete(addresses(2)[1], with: Feed(items: LibrarySpecData.items("b1")))

        XCTAssertEqual(summary, LibraryRefresh.Summary(feeds: 2, added: 1, failed: 1))
        let states = try store.subscriptions().map(\.state)
        XCTAssertEqual(states[1], .ok)
        guard case let .failed(reason) = states[0] else { return XCTFail("\(states)") }
        XCTAssertEqual(reason, RemoteLoadError.invalidData.errorDescription)
    }

    func test_refresh_loadsAtMostItsLimitAtOnce() async throws {
        let (refresh, _, loads) = try makeRefresh(feeds: 5, maxLoads: 2)
        refresh.start(subscriptions(5), progress: { _ in }, completion: { _ in })
        XCTAssertEqual(loads.requested, Array(addresses(5).prefix(2)))

        loads.complete(addresses(5)[0], with: Feed(items: []))
        XCTAssertEqual(loads.requested, Array(addresses(5).prefix(3)))
    }

    /// A library lists its feeds by address, so one host's come together.
    func test_refresh_asksHostsInTurn_andNoHostMoreThanItsShareAtOnce() async throws {
        let feeds = ["a/1", "a/2", "a/3", "a/4", "b/1", "c/1", "c/2"].map { URL(string: "https://\($0.split(separator: "/")[0]).example/\($0)")! }
        let store = WriteCountingStore()
        for address in feeds { try store.subscribe(Subscription(address: address, title: "")) }
        let loads = LoadsByAddress()
        let refresh = LibraryRefresh(store: store, maxLoads: 5, perHost: 2, load: loads.load)
        refresh.start(feeds.map { Subscription(address: $0, title: "") }, progress: { _ in }, completion: { _ in })
        XCTAssertEqual(loads.requested.map(\.path), ["/a/1", "/b/1", "/c/1", "/a/2", "/c/2"])

        loads.complete(feeds[4], with: Feed(items: []))
        XCTAssertEqual(loads.requested.count, 5, "host a is at its share: b's place stays free")
        loads.complete(feeds[0], with: Feed(items: []))
        XCTAssertEqual(loads.requested.map(\.path).suffix(1), ["/a/3"])
        loads.complete(feeds[5], with: Feed(items: []))
        loads.complete(feeds[6], with: Feed(items: []))
        XCTAssertEqual(loads.requested.count, 6, "only host a has feeds left, two at a time")
        loads.complete(feeds[1], with: Feed(items: []))
        XCTAssertEqual(loads.requested.map(\.path).suffix(1), ["/a/4"])
    }

    func test_refresh_writesInBatchesOfFeeds() async throws {
        let (refresh, store, loads) = try makeRefresh(feeds: 5, batchSize: 2)
        refresh.start(subscriptions(5), progress: { _ in }, completion: { _ in })
        for address in addresses(5) { loads.complete(address, with: Feed(items: [LibrarySpecData.item("x", day: 1)])) }
        XCTAssertEqual(store.appliedBatchSizes, [2, 2, 1])
    }

    func test_cancel_dropsWhatIsStillLoadingAndKeepsWhatWasWritten() async throws {
        let (refresh, store, loads) = try makeRefresh(feeds: 2, batchSize: 1)
        var finished = false
        refresh.start(subscriptions(2), progress: { _ in }, completion: { _ in finished = true })
        loads.complete(addresses(2)[0], with: Feed(items: LibrarySpecData.items("a1")))

        refresh.cancel()
        loads.complete(addresses(2)[1], with: Feed(items: LibrarySpecData.items("b1")))

        XCTAssertEqual(loads.cancelled, [addresses(2)[1]])
        XCTAssertEqual(try store.items(.all, in: 0..<10).map(\.item.id), ["a1"])
        XCTAssertFalse(finished, "a cancelled refresh says nothing more")
    }

    func test_aWriteThatFailsEndsTheRefreshWithItsError() async throws {
        let (refresh, store, loads) = try makeRefresh(feeds: 3, batchSize: 1)
        var outcome: Result<LibraryRefresh.Summary, Error>?
        refresh.start(subscriptions(3), progress: { _ in }, completion: { outcome = $0 })
        store.failsWrites = true
        loads.complete(addresses(3)[0], with: Feed(items: LibrarySpecData.items("a1")))

        XCTAssertThrowsError(try outcome?.get())
        XCTAssertEqual(loads.cancelled.count, 2, "nothing more is tried")
    }

    func test_aLoaderThatAnswersAtOnceIsHandled() async throws {
        let store = WriteCountingStore()
        try store.subscribe(Subscription(address: addresses(1)[0], title: "Feed 0"))
        let refresh = LibraryRefresh(store: store) { subscription, done in
            done(FeedRefresh(address: subscription.address, outcome: .loaded(title: nil, siteLink: nil, items: LibrarySpecData.items("a1")), date: LibrarySpecData.date(0)))
            return CancelRecorder {}
        }
        var summary: LibraryRefresh.Summary?
        refresh.start(subscriptions(1), progress: { _ in }, completion: { summary = try? $0.get() })
        XCTAssertEqual(summary, LibraryRefresh.Summary(feeds: 1, added: 1, failed: 0))
    }

    /// What arrives while a batch is being written goes in the next one.
    func test_aWriterOnAnotherThread_getsOneBatchAtATime_andTheRefreshEndsWhenAllAreWritten() async throws {
        let store = InMemoryLibraryStore()
        for (index, address) in addresses(3).enumerated() { try store.subscribe(Subscription(address: address, title: "Feed \(index)")) }
        let writer = HeldLibraryWriter(store: store)
        let loads = LoadsByAddress()
        let refresh = LibraryRefresh(writer: writer, batchSize: 1, load: loads.load)
        var summary: LibraryRefresh.Summary?
        refresh.start(subscriptions(3), progress: { _ in }, completion: { summary = try? $0.get() })
        for address in addresses(3) { loads.complete(address, with: Feed(items: [LibrarySpecData.item("x", day: 1)])) }

        XCTAssertEqual(writer.heldRefreshes.map(\.count), [1], "the next batch waits for the first")
        writer.finishNext()
        XCTAssertEqual(writer.heldRefreshes.map(\.count), [2], "the two that arrived meanwhile, together")
        XCTAssertNil(summary, "a batch still being written")
        writer.finishNext()
        XCTAssertEqual(summary, LibraryRefresh.Summary(feeds: 3, added: 3, failed: 0))
        XCTAssertEqual(try store.count(.all), 3)
    }

    // MARK: Helpers

    private func addresses(_ count: Int) -> [URL] { (0..<count).map { LibrarySpecData.address("feed\($0)") } }
    private func subscriptions(_ count: Int) -> [Subscription] { addresses(count).map { Subscription(address: $0, title: "") } }

    private func makeRefresh(feeds: Int, maxLoads: Int = 16, batchSize: Int = 16) throws -> (LibraryRefresh, WriteCountingStore, LoadsByAddress) {
        let store = WriteCountingStore()
        for (index, address) in addresses(feeds).enumerated() { try store.subscribe(Subscription(address: address, title: "Feed \(index)")) }
        let loads = LoadsByAddress()
        let refresh = LibraryRefresh(store: store, maxLoads: maxLoads, batchSize: batchSize, load: loads.load)
        return (refresh, store, loads)
    }
}

/// Every feed's load, answered when the test says.
@MainActor
private final class LoadsByAddress {
    private(set) var requested: [URL] = []
    private(set) var cancelled: [URL] = []
    private var completions: [URL: (FeedRefresh) -> Void] = [:]

    func load(_ subscription: Subscription, completion: @escaping (FeedRefresh) -> Void) -> FeedLoadTask {
        let address = subscription.address
        requested.append(address)
        completions[address] = completion
        return CancelRecorder { [weak self] in
            self?.cancelled.append(address)
            self?.completions[address] = nil
        }
    }

    func complete(_ address: URL, with feed: Feed) {
        answer(address, .loaded(title: feed.title, siteLink: nil, items: feed.items))
    }

    func fail(_ address: URL, with error: Error) {
        answer(address, .failed(reason: (error as? LocalizedError)?.errorDescription ?? "\(error)"))
    }

    private func answer(_ address: URL, _ outcome: FeedRefresh.Outcome) {
        completions.removeValue(forKey: address)?(FeedRefresh(address: address, outcome: outcome, date: LibrarySpecData.date(0)))
    }
}

/// The in-memory library, counting the feeds in each write, or failing them.
private final class WriteCountingStore: InMemoryLibraryStore {
    var appliedBatchSizes: [Int] = []
    var failsWrites = false

    override func apply(_ refreshes: [FeedRefresh]) throws -> [URL: Int] {
        if failsWrites { throw CocoaError(.fileWriteOutOfSpace) }
        appliedBatchSizes.append(refreshes.count)
        return try super.apply(refreshes)
    }
}


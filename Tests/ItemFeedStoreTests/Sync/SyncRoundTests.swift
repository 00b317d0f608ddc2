import Foundation
import ItemFeed
import ItemFeedStore
import ItemFeedTestSupport
import XCTest

/// One round over a fake server and the real store: what is asked, in
/// which order and batches, and what the library holds after.
final class SyncRoundTests: XCTestCase {
    private let now = SyncFixtures.now
    private var monthAgo: Date { SyncFixtures.monthAgo }

    func test_aFirstRound_keepsTheFeeds_andFetchesOnlyUnreadStarredAndRecentItems_inBatches() throws {
        let (store, account) = try makeAccount()
        let server = FakeSyncService(subscriptions: RemoteSubscriptions(folders: [], feeds: [feed("1"), feed("2")]))
        for index in 0..<120 { server.add(item("new\(index)", feed: "1", daysAgo: 1), unread: true) }
        server.add(item("recent-read", feed: "2", daysAgo: 3), unread: false)
        server.add(item("old-starred", feed: "2", daysAgo: 400), unread: false, starred: true)
        for index in 0..<500 { server.add(item("old\(index)", feed: "2", daysAgo: 200), unread: false) }
        server.itemBatchSize = 50

        let summary = try round(store, account, server).run()

        XCTAssertEqual(summary.feeds, 2)
        XCTAssertEqual(summary.newItems, 122)
        XCTAssertEqual(server.calls, ["subscriptions", "unread", "starred", "recent", "items 50", "items 50", "items 22"])
        XCTAssertEqual(try store.count(.all), 122)
        XCTAssertEqual(try store.count(.unread), 120)
        XCTAssertEqual(try store.count(.starred), 1)
    }

    /// Contents that came with the id lists are stored as they came: only
    /// the items they left out are asked for by id.
    func test_contentsThatCameWithTheIDLists_areStored_andOnlyTheRestAskedFor() throws {
        let (store, account) = try makeAccount()
        let server = FakeSyncService(subscriptions: RemoteSubscriptions(folders: [], feeds: [feed("1")]))
        server.listsContents = true
        for index in 0..<60 { server.add(item("new\(index)", feed: "1", daysAgo: 1)) }
        server.add(item("old", feed: "1", daysAgo: 400), unread: true)
        server.itemBatchSize = 50

        let summary = try round(store, account, server).run()

        XCTAssertEqual(summary.newItems, 61)
        XCTAssertEqual(server.calls, ["subscriptions", "unread", "starred", "recent", "items 1"], "the old unread item alone came by id")
        XCTAssertEqual(try store.count(.all), 61)
    }

    func test_aSecondRoundWithNothingNew_downloadsNoItem() throws {
        let (store, account) = try makeAccount()
        let server = FakeSyncService(subscriptions: RemoteSubscriptions(folders: [], feeds: [feed("1")]))
        server.add(item("a", feed: "1", daysAgo: 1))
        _ = try round(store, account, server).run()

        let before = server.calls.count
        let second = try round(store, account, server).run()

        XCTAssertEqual(Array(server.calls[before...]), ["subscriptions", "unread", "starred", "recent"])
        XCTAssertEqual(server.toldHolding, [0, 1], "told before the id lists, so a service may bring contents with them the first time")
        XCTAssertEqual(second, SyncRound.Summary(sent: 0, feeds: 1, newItems: 0, marksChanged: 0))
        XCTAssertEqual(second.refused, [])
    }

    func test_marksMadeHere_areSentFirst_manyIdsARequest_thenForgotten() throws {
        let (store, account) = try makeAccount()
        let server = FakeSyncService(subscriptions: RemoteSubscriptions(folders: [], feeds: [feed("1")]))
        for index in 0..<2_500 { server.add(item("i\(index)", feed: "1", daysAgo: 1)) }
        server.itemBatchSize = 1_000
        _ = try round(store, account, server).run()
        // Offline: every item read here, two starred.
        let keys = try store.items(.all, in: 0..<3_000).map(\.key)
        _ = try store.markAllRead(.all)
        try store.setStarred(true, Array(keys.prefix(2)))

        let before = server.calls.count
        let summary = try round(store, account, server).run()

        XCTAssertEqual(Array(server.calls[before...].prefix(4)), ["mark read 1000", "mark read 1000", "mark read 500", "mark starred 2"])
        XCTAssertEqual(summary.sent, 2_502)
        XCTAssertEqual(server.unread, [])
        XCTAssertEqual(server.starred.count, 2)
        XCTAssertEqual(try store.pendingChanges(of: account, limit: 10), [])
        XCTAssertEqual(try store.count(.unread), 0, "the server's answer after the marks agrees")
    }

    func test_onlyTheLastChangeOfAnItemIsSent() throws {
        let (store, account) = try makeAccount()
        let server = FakeSyncService(subscriptions: RemoteSubscriptions(folders: [], feeds: [feed("1")]))
        server.add(item("a", feed: "1", daysAgo: 1))
        _ = try round(store, account, server).run()
        let key = try XCTUnwrap(store.items(.all, in: 0..<1).first?.key)
        try store.setRead(true, [key])
        try store.setRead(false, [key])

        let before = server.calls.count
        _ = try round(store, account, server).run()

        XCTAssertEqual(server.calls[before], "mark unread 1")
        XCTAssertEqual(try store.count(.unread), 1)
    }

    func test_aFeedUnsubscribedOrRenamedHere_goesAtOnce_andTheServerIsToldNextRound_inOrderWithTheMarks() throws {
        let (store, account) = try makeAccount()
        let server = FakeSyncService(subscriptions: RemoteSubscriptions(folders: [], feeds: [feed("1"), feed("2")]))
        server.add(item("a", feed: "1", daysAgo: 1))
        server.add(item("b", feed: "2", daysAgo: 1))
        _ = try round(store, account, server).run()
        try store.setRead(true, store.items(.all, in: 0..<10).filter { $0.item.id == "a" }.map(\.key))

        try store.change("1", of: account, .unsubscribe)
        try store.change("2", of: account, .rename("Mine"))
        XCTAssertEqual(try store.feeds(of: account).map(\.title), ["Mine"], "done here at once")
        XCTAssertEqual(try store.count(.all), 1)

        let before = server.calls.count
        let summary = try round(store, account, server).run()

        XCTAssertEqual(Array(server.calls[before..<before + 3]), ["mark read 1", "unsubscribe 1", "rename 2"])
        XCTAssertEqual(summary.sent, 3)
        XCTAssertEqual(server.subscriptionList.feeds.map(\.title), ["Mine"])
        XCTAssertEqual(try store.feeds(of: account).map(\.title), ["Mine"])
    }

    func test_aChangeTheServerRefuses_isDropped_andSaid_andTheRoundGoesOn() throws {
        let (store, account) = try makeAccount()
        let server = FakeSyncService(subscriptions: RemoteSubscriptions(folders: [], feeds: [feed("1")]))
        _ = try round(store, account, server).run()
        try store.change("1", of: account, .rename("Mine"))
        server.faults["rename"] = .refused(reason: "Tiny Tiny RSS's API cannot rename a feed")

        let summary = try round(store, account, server).run()

        XCTAssertEqual(summary.refused, ["Tiny Tiny RSS's API cannot rename a feed"])
        XCTAssertEqual(try store.pendingChanges(of: account, limit: 10), [])
        XCTAssertEqual(summary.feeds, 1)
    }

    func test_aServerThatFailsWhileMarksAreSent_losesNone_andTheNextRoundSendsThem() throws {
        let (store, account) = try makeAccount()
        let server = FakeSyncService(subscriptions: RemoteSubscriptions(folders: [], feeds: [feed("1")]))
        server.add(item("a", feed: "1", daysAgo: 1))
        _ = try round(store, account, server).run()
        try store.setRead(true, store.items(.all, in: 0..<1).map(\.key))
        server.faults["mark"] = .unreachable(reason: "HTTP 503")

        XCTAssertThrowsError(try round(store, account, server).run()) { XCTAssertEqual($0 as? SyncError, .unreachable(reason: "HTTP 503")) }
        XCTAssertEqual(try store.pendingChanges(of: account, limit: 10).count, 1)
        XCTAssertEqual(try store.count(.unread), 0, "the mark stays shown")

        _ = try round(store, account, server).run()
        XCTAssertEqual(server.unread, [])
        XCTAssertEqual(try store.pendingChanges(of: account, limit: 10), [])
    }

    func test_aMarkMadeWhileTheRoundRuns_winsOverTheServersAnswer() throws {
        let (store, account) = try makeAccount()
        let server = FakeSyncService(subscriptions: RemoteSubscriptions(folders: [], feeds: [feed("1")]))
        server.add(item("a", feed: "1", daysAgo: 1))
        _ = try round(store, account, server).run()
        let key = try XCTUnwrap(store.items(.all, in: 0..<1).first?.key)
        server.during["unread"] = { try? store.setRead(true, [key]) }

        _ = try round(store, account, server).run()

        XCTAssertEqual(try store.count(.unread), 0)
        XCTAssertEqual(try store.pendingChanges(of: account, limit: 10).count, 1, "sent next round")
    }

    func test_aRoundStoppedHalfway_keepsWhatItStored_andTheNextFetchesOnlyTheRest() throws {
        let (store, account) = try makeAccount()
        let server = FakeSyncService(subscriptions: RemoteSubscriptions(folders: [], feeds: [feed("1")]))
        for index in 0..<100 { server.add(item("i\(index)", feed: "1", daysAgo: 1)) }
        server.itemBatchSize = 40
        var fetched = 0
        server.during["items"] = { fetched += 1 }
        let stopping = SyncRound(account: account, service: server, store: store, readSince: monthAgo, now: { self.now }, isCancelled: { fetched >= 1 })

        XCTAssertThrowsError(try stopping.run()) { XCTAssertEqual($0 as? SyncError, .cancelled) }
        XCTAssertEqual(try store.count(.all), 40)

        let before = server.calls.count
        _ = try round(store, account, server).run()
        XCTAssertEqual(server.calls[before...].filter { $0.hasPrefix("items") }, ["items 40", "items 20"])
        XCTAssertEqual(try store.count(.all), 100)
    }

    func test_aRefusedPassword_orAMalformedList_changesNothing() throws {
        let (store, account) = try makeAccount()
        let server = FakeSyncService(subscriptions: RemoteSubscriptions(folders: [], feeds: [feed("1")]))
        server.add(item("a", feed: "1", daysAgo: 1))
        _ = try round(store, account, server).run()
        server.subscriptionList = RemoteSubscriptions(folders: [], feeds: [])

        server.faults["subscriptions"] = .needsSignIn
        XCTAssertThrowsError(try round(store, account, server).run()) { XCTAssertEqual($0 as? SyncError, .needsSignIn) }
        server.faults["unread"] = .malformed(reason: "no itemRefs")
        XCTAssertThrowsError(try round(store, account, server).run())
        XCTAssertEqual(try store.count(.all), 0, "the list itself was the server's answer: its feed is gone")
    }

    // MARK: Helpers

    private func makeAccount() throws -> (SQLiteLibraryStore, SyncAccount.ID) {
        try makeSyncAccount()
    }

    private func round(_ store: SQLiteLibraryStore, _ account: SyncAccount.ID, _ server: FakeSyncService) -> SyncRound {
        SyncRound(account: account, service: server, store: store, readSince: monthAgo, now: { self.now })
    }

    private func feed(_ id: String) -> RemoteFeed {
        SyncFixtures.feed(id)
    }

    private func item(_ id: String, feed: String, daysAgo: Double) -> RemoteItem {
        SyncFixtures.item(id, feed: feed, daysAgo: daysAgo)
    }
}

import Foundation
import ItemFeed
import ItemFeedStore
import ItemFeedTestSupport
import XCTest

/// A round over a server that lists its changes by a cursor (Nextcloud
/// News): the first listing whole, the next ones only what changed.
final class SyncRoundChangeListingTests: XCTestCase {
    private let now = SyncFixtures.now

    func test_theFirstRound_storesUnreadStarredAndRecentItems_pageByPage_andKeepsTheCursor() throws {
        let (store, account) = try makeSyncAccount()
        let server = makeServer()
        for index in 0..<120 { server.add(item("new\(index)", daysAgo: 1), unread: true) }
        server.add(item("recent-read", daysAgo: 3), unread: false)
        server.add(item("old-starred", daysAgo: 400), unread: false, starred: true)
        for index in 0..<500 { server.add(item("old\(index)", daysAgo: 200), unread: false) }

        let summary = try round(store, account, server).run()

        XCTAssertEqual(server.calls, ["subscriptions", "changes none", "page 50", "page 50", "page 22"])
        XCTAssertEqual(summary.newItems, 122)
        XCTAssertEqual(try store.count(.unread), 120)
        XCTAssertEqual(try store.count(.starred), 1)
        XCTAssertEqual(try store.listingCursor(of: account), String(server.clock))
    }

    func test_aRoundWithNothingNew_asksOnlyTheFeedsAndTheChanges() throws {
        let (store, account) = try makeSyncAccount()
        let server = makeServer()
        server.add(item("a", daysAgo: 1))
        _ = try round(store, account, server).run()
        let before = server.calls.count

        let second = try round(store, account, server).run()

        XCTAssertEqual(Array(server.calls[before...]), ["subscriptions", "changes \(server.clock)", "page 1"],
                       "the newest change comes again (the server's `>=`), and changes nothing")
        XCTAssertEqual(second, SyncRound.Summary(sent: 0, feeds: 1, newItems: 0, marksChanged: 0))
    }

    func test_changesOnTheServer_come_newItemsStored_marksFollowed_butAMarkMadeHereMeanwhileWins() throws {
        let (store, account) = try makeSyncAccount()
        let server = makeServer()
        server.add(item("a", daysAgo: 1))
        server.add(item("b", daysAgo: 1))
        _ = try round(store, account, server).run()
        server.markOnServer(["a", "b"], .read)
        server.markOnServer(["a"], .starred)
        server.add(item("c", daysAgo: 0))
        let b = try XCTUnwrap(try store.items(.all, in: 0..<10).first { $0.item.id == "b" })
        // Starred here while the round lists: still to be sent.
        server.during["changes"] = { try? store.setStarred(true, [b.key]) }

        let summary = try round(store, account, server).run()

        XCTAssertEqual(summary.newItems, 1)
        XCTAssertEqual(Set(try store.items(.unread, in: 0..<10).map(\.item.id)), ["b", "c"], "a read as on the server; b left as it is here")
        XCTAssertEqual(Set(try store.items(.starred, in: 0..<10).map(\.item.id)), ["a", "b"])
        server.during = [:]
        _ = try round(store, account, server).run()
        XCTAssertTrue(server.starred.contains("b"), "sent by the next round")
    }

    func test_anOldReadItemThatChanged_isNotStored() throws {
        let (store, account) = try makeSyncAccount()
        let server = makeServer()
        server.add(item("old", daysAgo: 200), unread: false)
        _ = try round(store, account, server).run()
        XCTAssertEqual(try store.count(.all), 0)

        server.markOnServer(["old"], .starred)
        server.markOnServer(["old"], .unstarred)
        _ = try round(store, account, server).run()

        XCTAssertEqual(try store.count(.all), 0, "read, not starred and older than the retention: as if never listed")
    }

    func test_aRoundStoppedDuringTheListing_keepsTheOldCursor_andTheNextListsTheSameChanges() throws {
        let (store, account) = try makeSyncAccount()
        let server = makeServer()
        for index in 0..<100 { server.add(item("i\(index)", daysAgo: 1)) }
        var pages = 0
        server.during["page"] = { pages += 1 }
        let stopping = SyncRound(account: account, service: server, store: store, readSince: SyncFixtures.monthAgo, now: { self.now }, isCancelled: { pages >= 2 })

        XCTAssertThrowsError(try stopping.run()) { XCTAssertEqual($0 as? SyncError, .cancelled) }
        XCTAssertEqual(try store.count(.all), 50)
        XCTAssertNil(try store.listingCursor(of: account))

        let before = server.calls.count
        let summary = try round(store, account, server).run()
        XCTAssertEqual(server.calls[before + 1], "changes none")
        XCTAssertEqual(summary.newItems, 50)
        XCTAssertEqual(try store.count(.all), 100)
    }

    func test_theFirstListing_isWhole_soAHeldItemItLeftOut_isReadAndUnstarred() throws {
        let (store, account) = try makeSyncAccount()
        let server = makeServer()
        server.add(item("kept", daysAgo: 1))
        try store.keep(server.subscriptionList, of: account)
        try store.add([item("gone", daysAgo: 1)], of: account, unread: ["gone"], starred: ["gone"], seen: now)

        _ = try round(store, account, server).run()

        XCTAssertEqual(Set(try store.items(.unread, in: 0..<10).map(\.item.id)), ["kept"])
        XCTAssertEqual(try store.count(.starred), 0)
    }

    // MARK: Helpers

    private func makeServer() -> FakeChangeListingService {
        FakeChangeListingService(subscriptions: RemoteSubscriptions(folders: [], feeds: [SyncFixtures.feed("1")]))
    }

    private func round(_ store: SQLiteLibraryStore, _ account: SyncAccount.ID, _ server: FakeChangeListingService) -> SyncRound {
        SyncRound(account: account, service: server, store: store, readSince: SyncFixtures.monthAgo, now: { self.now })
    }

    private func item(_ id: String, daysAgo: Double) -> RemoteItem {
        SyncFixtures.item(id, feed: "1", daysAgo: daysAgo)
    }
}

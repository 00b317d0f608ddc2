import Foundation
import ItemFeed
import ItemFeedStore
import ItemFeedTestSupport
import XCTest

/// An account's feeds and items beside the local library, and the changes
/// made here kept until sent.
final class SyncStoreTests: XCTestCase {
    private let server = URL(string: "https://rss.example/api/greader.php")!
    private let tech = RemoteFolder(id: "user/-/label/Tech", name: "Tech")

    func test_anAccountIsListedWithItsFeedsAndCounts_andRemovedWithEverythingItHeld() throws {
        let store = try makeStore()
        let account = try store.addAccount(service: .example, address: server, userName: "ann")
        XCTAssertEqual(try store.accounts().map(\.state), [.neverSynced])

        try store.keep(RemoteSubscriptions(folders: [tech], feeds: [feed("1", folder: tech.id), feed("2")]), of: account)
        try store.add([remote("a", feed: "1"), remote("b", feed: "1"), remote("c", feed: "2")], of: account, unread: ["a", "c"], starred: ["b"], seen: Date())
        try store.setRead(true, [key(store, "a")])

        let listed = try XCTUnwrap(store.accounts().first)
        XCTAssertEqual(listed.feedCount, 2)
        XCTAssertEqual(listed.counts, ItemCounts(unread: 1, total: 3))
        XCTAssertEqual(listed.title, "ann@rss.example")

        XCTAssertEqual(try store.feeds(of: account).map(\.folder), [tech, nil])
        XCTAssertEqual(try store.count(LibraryView(.accountFolder(account, tech.id))), 2)
        XCTAssertEqual(try store.count(LibraryView(.feed(FeedID(account: account, id: "2")))), 1)
        XCTAssertEqual(try store.count(LibraryView(.account(account), search: "Item")), 3)
        XCTAssertEqual(try store.count(LibraryView(.account(account), search: "nowhere")), 0)

        XCTAssertTrue(try store.removeAccount(account))
        XCTAssertEqual(try store.accounts(), [])
        XCTAssertEqual(try store.count(.all), 0)
        XCTAssertEqual(try store.pendingChanges(of: account, limit: 10), [])
        XCTAssertFalse(try store.removeAccount(account))
    }

    func test_theLocalLibraryIsNotAnAccount_andItsFeedsStayApart() throws {
        let store = try makeStore()
        try LibrarySpecData.subscribeTechAndNews(store)
        let account = try store.addAccount(service: .example, address: server, userName: "ann")
        // The same address on the server as a local feed: two feeds.
        try store.keep(RemoteSubscriptions(folders: [], feeds: [RemoteFeed(id: "feed/9", title: "Server Tech", address: LibrarySpecData.tech)]), of: account)
        try store.add([remote("s1", feed: "feed/9")], of: account, unread: ["s1"], starred: [], seen: Date())

        XCTAssertEqual(try store.subscriptions().map(\.title), ["Tech", "News"])
        XCTAssertEqual(try store.count(LibraryView(.feed(LibrarySpecData.tech))), 2)
        XCTAssertEqual(try store.count(.all), 4)
        XCTAssertEqual(try store.count(.unread), 4)
        XCTAssertFalse(try store.removeAccount(1))
        try store.unsubscribe(LibrarySpecData.tech)
        XCTAssertEqual(try store.remoteItemIDs(of: account), ["s1"])
    }

    func test_theServersListIsTheTruth_renamedMovedAndGoneFeedsFollowIt() throws {
        let store = try makeStore()
        let account = try store.addAccount(service: .example, address: server, userName: "ann")
        try store.keep(RemoteSubscriptions(folders: [tech], feeds: [feed("1", folder: tech.id), feed("2")]), of: account)
        try store.add([remote("a", feed: "1"), remote("c", feed: "2")], of: account, unread: ["a", "c"], starred: [], seen: Date())

        var renamed = feed("2", folder: "user/-/label/Later")
        renamed.title = "Renamed"
        try store.keep(RemoteSubscriptions(folders: [RemoteFolder(id: "user/-/label/Later", name: "Later")], feeds: [renamed]), of: account)

        XCTAssertEqual(try store.remoteItemIDs(of: account), ["c"])
        XCTAssertEqual(try store.accounts().first?.feedCount, 1)
        XCTAssertEqual(try store.subscriptions(), [])
    }

    func test_aMarkOnAnAccountsItemIsQueuedWithIt_aLocalItemsIsNot() throws {
        let store = try makeStore()
        try LibrarySpecData.subscribeTechAndNews(store)
        let account = try store.addAccount(service: .example, address: server, userName: "ann")
        try store.keep(RemoteSubscriptions(folders: [], feeds: [feed("1")]), of: account)
        try store.add([remote("a", feed: "1"), remote("b", feed: "1")], of: account, unread: ["a", "b"], starred: [], seen: Date())
        let keys = try LibrarySpecData.keys(store)

        try store.setRead(true, [keys["a"]!, keys["t1"]!])
        try store.setStarred(true, [keys["b"]!])
        try store.setRead(false, [keys["a"]!])

        XCTAssertEqual(try store.pendingChanges(of: account, limit: 10).map(\.change), [
            .mark(.read, itemID: "a"), .mark(.starred, itemID: "b"), .mark(.unread, itemID: "a"),
        ])
        let first = try store.pendingChanges(of: account, limit: 2)
        try store.removePendingChanges(first.map(\.id))
        XCTAssertEqual(try store.pendingChanges(of: account, limit: 10).map(\.itemID), ["a"])
    }

    func test_markAllRead_queuesEachItemItMarked() throws {
        let store = try makeStore()
        let account = try store.addAccount(service: .example, address: server, userName: "ann")
        try store.keep(RemoteSubscriptions(folders: [], feeds: [feed("1")]), of: account)
        try store.add([remote("a", feed: "1"), remote("b", feed: "1"), remote("c", feed: "1")], of: account, unread: ["a", "b"], starred: [], seen: Date())

        XCTAssertEqual(try store.markAllRead(.unread).count, 2)
        XCTAssertEqual(Set(try store.pendingChanges(of: account, limit: 10).map(\.itemID)), ["a", "b"])
    }

    /// SPEC 17: a mark a rule makes on an account's item is sent like the user's.
    func test_aRulesMarkOnASyncedItem_isQueuedForTheServer_andTheServersMarkDoesNotUndoIt() throws {
        let store = try makeStore()
        let account = try store.addAccount(service: .example, address: server, userName: "ann")
        try store.keep(RemoteSubscriptions(folders: [], feeds: [feed("1")]), of: account)
        try store.add([remote("a", feed: "1")], of: account, unread: ["a"], starred: [], seen: Date())
        try store.addRule(query: "is:unread", action: .read, scope: .feed(FeedID(account: account, id: "1")))
        try store.addRule(query: "b OR c", action: .star, scope: .all)

        try store.add([remote("a", feed: "1"), remote("b", feed: "1")], of: account, unread: ["a", "b"], starred: [], seen: Date())

        XCTAssertEqual(try store.items(.unread, in: 0..<10).map(\.item.id), ["a"], "a was there before the rule: left as it was")
        XCTAssertEqual(try store.items(.starred, in: 0..<10).map(\.item.id), ["b"])
        XCTAssertEqual(try store.pendingChanges(of: account, limit: 10).map(\.change), [.mark(.read, itemID: "b"), .mark(.starred, itemID: "b")], "in the rules' order")
        XCTAssertEqual(try store.reconcileMarks(of: account, unread: ["a", "b"], starred: []), 0, "pending, so the server's marks wait")
    }

    func test_reconcile_takesTheServersMarks_exceptWhereAChangeMadeHereIsPending() throws {
        let store = try makeStore()
        let account = try store.addAccount(service: .example, address: server, userName: "ann")
        try store.keep(RemoteSubscriptions(folders: [], feeds: [feed("1")]), of: account)
        try store.add([remote("a", feed: "1"), remote("b", feed: "1"), remote("c", feed: "1")], of: account, unread: ["a", "b", "c"], starred: [], seen: Date())
        try store.setStarred(true, [key(store, "c")])

        // The server: a read elsewhere, b starred elsewhere, c not starred (yet).
        let changed = try store.reconcileMarks(of: account, unread: ["b", "c"], starred: ["b"])

        XCTAssertEqual(changed, 2)
        let marks = Dictionary(uniqueKeysWithValues: try store.items(.all, in: 0..<10).map { ($0.item.id, ($0.isRead, $0.isStarred)) })
        XCTAssertEqual(marks["a"]?.0, true)
        XCTAssertEqual(marks["b"]?.1, true)
        XCTAssertEqual(marks["c"]?.1, true, "the star made here and not yet sent wins")
        XCTAssertEqual(try store.accounts().first?.counts.unread, 2)
    }

    func test_anItemOfAFeedTheAccountDoesNotHaveIsSkipped_andAnItemSeenTwiceIsKeptOnce() throws {
        let store = try makeStore()
        let account = try store.addAccount(service: .example, address: server, userName: "ann")
        try store.keep(RemoteSubscriptions(folders: [], feeds: [feed("1")]), of: account)

        XCTAssertEqual(try store.add([remote("a", feed: "1"), remote("x", feed: "404")], of: account, unread: ["a"], starred: [], seen: Date()), 1)
        XCTAssertEqual(try store.add([remote("a", feed: "1")], of: account, unread: [], starred: [], seen: Date()), 0)
        XCTAssertEqual(try store.count(.all), 1)
        XCTAssertEqual(try store.articleHTML(key(store, "a")), "<p>Body of a</p>")
    }

    func test_anAccountsItem_showsThePictureTheServerNamed() throws {
        let store = try makeStore()
        let account = try store.addAccount(service: .example, address: server, userName: "ann")
        try store.keep(RemoteSubscriptions(folders: [], feeds: [feed("1")]), of: account)
        var pictured = remote("a", feed: "1")
        pictured.image = URL(string: "https://site1.example/penguin.png")

        try store.add([pictured, remote("b", feed: "1")], of: account, unread: [], starred: [], seen: Date())

        let images = Dictionary(uniqueKeysWithValues: try store.items(.all, in: 0..<10).map { ($0.item.id, $0.item.imageURL) })
        XCTAssertEqual(images["a"], URL(string: "https://site1.example/penguin.png"))
        XCTAssertEqual(images["b"], .some(nil))
    }

    /// A library a newer ItemFeed wrote may name a service this build does
    /// not speak: its account is still listed (and says why it cannot sync).
    func test_anAccountOfAServiceThisBuildLacks_isStillListed() throws {
        let store = try makeStore()
        let newer = SyncServiceKind(rawValue: "a-newer-service")
        _ = try store.addAccount(service: newer, address: server, userName: "ann")

        XCTAssertEqual(try store.accounts().map(\.service), [newer])
    }

    func test_theStateOfTheLastRoundIsKept() throws {
        let store = try makeStore()
        let account = try store.addAccount(service: .example, address: server, userName: "ann")
        let when = Date(timeIntervalSince1970: 1_800_000_000)
        try store.setState(.ok, lastSync: when, of: account)
        try store.setState(.failed(reason: "HTTP 503", until: nil), lastSync: nil, of: account)

        let listed = try XCTUnwrap(store.accounts().first)
        XCTAssertEqual(listed.state, .failed(reason: "HTTP 503", until: nil))
        XCTAssertEqual(listed.lastSync, when)
        XCTAssertEqual(listed.service, .example)
        try store.setState(.needsSignIn, lastSync: nil, of: account)
        XCTAssertEqual(try store.accounts().first?.state.commandLineText, "needs sign-in")
    }

    func test_failuresInARow_areCounted_withWhenToTryAgain_andASuccessEndsTheRow() throws {
        let store = try makeStore()
        let account = try store.addAccount(service: .example, address: server, userName: "ann")
        let retry = Date(timeIntervalSince1970: 1_800_007_200)

        try store.setState(.failed(reason: "HTTP 503", until: Date(timeIntervalSince1970: 1_800_003_600)), lastSync: nil, of: account)
        try store.setState(.failed(reason: "HTTP 502", until: retry), lastSync: nil, of: account)

        let failing = try XCTUnwrap(store.accounts().first)
        XCTAssertEqual(failing.failures, 2)
        XCTAssertEqual(failing.state, .failed(reason: "HTTP 502", until: retry))
        try store.setState(.ok, lastSync: Date(), of: account)
        XCTAssertEqual(try store.accounts().first?.failures, 0)
        XCTAssertEqual(try store.accounts().first?.state, .ok)
    }

    func test_eachAccountKeepsItsListingCursor_untilRemoved() throws {
        let store = try makeStore()
        let first = try store.addAccount(service: .example, address: server, userName: "ann")
        let second = try store.addAccount(service: .example, address: server, userName: "bob")
        XCTAssertNil(try store.listingCursor(of: first))

        try store.setListingCursor("1700000000123456", of: first)

        XCTAssertEqual(try store.listingCursor(of: first), "1700000000123456")
        XCTAssertNil(try store.listingCursor(of: second))
        try store.removeAccount(first)
        XCTAssertNil(try store.listingCursor(of: first))
    }

    func test_reconcilingSomeItems_leavesTheOthersAndThosePendingAlone() throws {
        let store = try makeStore()
        let account = try store.addAccount(service: .example, address: server, userName: "ann")
        try store.keep(RemoteSubscriptions(folders: [], feeds: [feed("1")]), of: account)
        try store.add(["a", "b", "c"].map { remote($0, feed: "1") }, of: account, unread: ["a", "b", "c"], starred: [], seen: Date())
        try store.setStarred(true, [key(store, "c")])

        let changed = try store.reconcileMarks(of: account, unread: [], starred: ["b"], among: ["b", "c", "unknown"])

        XCTAssertEqual(changed, 1)
        let items = Dictionary(uniqueKeysWithValues: try store.items(.all, in: 0..<10).map { ($0.item.id, $0) })
        XCTAssertEqual(items["a"]?.isRead, false, "not among those listed")
        XCTAssertEqual(items["b"]?.isRead, true)
        XCTAssertEqual(items["b"]?.isStarred, true)
        XCTAssertEqual(items["c"]?.isRead, false, "starred here, not sent yet: left as it is")
    }

    // MARK: Helpers

    private func makeStore() throws -> SQLiteLibraryStore {
        try SQLiteLibraryStore(path: temporaryLibraryFolder().appendingPathComponent("library.sqlite").path)
    }

    private func feed(_ id: String, folder: String? = nil) -> RemoteFeed {
        RemoteFeed(id: id, title: "Feed \(id)", address: URL(string: "https://site\(id).example/feed")!, folderID: folder)
    }

    private func remote(_ id: String, feed: String) -> RemoteItem {
        RemoteItem(id: id, feedID: feed, title: "Item \(id)", published: Date(timeIntervalSince1970: 1_800_000_000), content: "<p>Body of \(id)</p>", summary: "Body of \(id)")
    }

    private func key(_ store: SQLiteLibraryStore, _ id: String) throws -> LibraryItem.Key {
        try XCTUnwrap(LibrarySpecData.keys(store)[id])
    }
}

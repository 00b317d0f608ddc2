import Foundation
import ItemFeed
import ItemFeedStore
import ItemFeedTestSupport
import XCTest

/// The library's full articles and the feeds set to fetch them, in SQLite.
final class FullArticleStoreTests: XCTestCase {
    private typealias Data = LibrarySpecData

    func test_aFeedSetToFetch_wantsItsUnreadItemsPagesNewestFirst() throws {
        let store = try makeLibrary()
        XCTAssertEqual(try store.pagesWantingFullArticles(limit: 10), [], "no feed is set to fetch")

        try store.setFetchesFullArticles(true, for: .feed(Data.tech))
        let keys = try Data.keys(store)
        try store.setRead(true, [keys["t3"]!])

        XCTAssertEqual(try store.pagesWantingFullArticles(limit: 10).map(\.key), [keys["t1"]!, keys["t2"]!], "Tech's unread items, newest first; not News's")
        XCTAssertEqual(try store.pagesWantingFullArticles(limit: 10).first?.address, URL(string: "https://tech.example/t1"))
        XCTAssertEqual(try store.pagesWantingFullArticles(limit: 1).map(\.key), [keys["t1"]!])
        XCTAssertEqual(try store.subscriptions().map(\.fetchesFullArticles), [true, false], "Tech (in Work), then News")
    }

    func test_aPageAsked_isNotWantedAgainWhetherOrNotItGaveAnArticle() throws {
        let store = try makeLibrary()
        try store.setFetchesFullArticles(true, for: .feed(Data.tech))
        let keys = try Data.keys(store)

        try store.setFullArticle("<p>Whole</p>", fetched: Data.date(70), of: keys["t1"]!)
        try store.setFullArticle(nil, fetched: Data.date(70), of: keys["t2"]!)

        XCTAssertEqual(try store.pagesWantingFullArticles(limit: 10).map(\.key), [keys["t3"]!])
        XCTAssertEqual(try store.fullArticleHTML(keys["t1"]!), "<p>Whole</p>")
        XCTAssertNil(try store.fullArticleHTML(keys["t2"]!))
    }

    func test_fetchesFullArticles_followsTheItemsFeedAndCanBeTurnedOff() throws {
        let store = try makeLibrary()
        let keys = try Data.keys(store)
        try store.setFetchesFullArticles(true, for: .feed(Data.tech))
        XCTAssertTrue(try store.fetchesFullArticles(of: keys["t1"]!))
        XCTAssertFalse(try store.fetchesFullArticles(of: keys["n1"]!))

        try store.setFetchesFullArticles(false, for: .feed(Data.tech))
        XCTAssertFalse(try store.fetchesFullArticles(of: keys["t1"]!))
        XCTAssertEqual(try store.pagesWantingFullArticles(limit: 10), [])
    }

    func test_anAccountsFeed_keepsTheSettingOverASync() throws {
        let (store, account) = try makeSyncAccount()
        let feed = SyncFixtures.feed("1")
        try store.keep(RemoteSubscriptions(folders: [], feeds: [feed]), of: account)
        var item = SyncFixtures.item("a", feed: "1", daysAgo: 1)
        item.link = URL(string: "https://site1.example/a")
        try store.add([item], of: account, unread: ["a"], starred: [], seen: SyncFixtures.now)

        try store.setFetchesFullArticles(true, for: .accountFeed(account, "1"))
        try store.keep(RemoteSubscriptions(folders: [], feeds: [feed]), of: account)

        XCTAssertEqual(try store.feeds(of: account).map(\.fetchesFullArticles), [true])
        XCTAssertEqual(try store.pagesWantingFullArticles(limit: 10).map(\.address), [URL(string: "https://site1.example/a")!])
    }

    /// Tech (t1, t2, t3: newest first) and News (n1), every item linking to its page.
    private func makeLibrary() throws -> SQLiteLibraryStore {
        let store = try SQLiteLibraryStore(path: temporaryLibraryFolder().appendingPathComponent("library.sqlite").path)
        try store.subscribe(Subscription(address: Data.tech, title: "Tech", folder: "Work"))
        try store.subscribe(Subscription(address: Data.news, title: "News"))
        try store.apply([Data.loaded(Data.tech, Data.items("t1", "t2", "t3")), Data.loaded(Data.news, [Data.item("n1", day: 60)])])
        return store
    }
}

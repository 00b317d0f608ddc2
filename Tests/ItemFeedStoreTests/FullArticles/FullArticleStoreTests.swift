import Foundation
import ItemFeed
import ItemFeedStore
import ItemFeedTestSupport
import XCTest

/// The library's full articles and the feeds set to fetch them, in SQLite.
final class FullArticleStoreTests: XCTestCase, FullArticleStoreSpecs {
    func test_aFeedSetToFetch_wantsItsUnreadItemsPagesNewestFirst() throws {
        try assertThatAFeedSetToFetchWantsItsUnreadItemsPagesNewestFirst(on: makeStore())
    }

    func test_aPageAsked_isNotWantedAgainWhetherOrNotItGaveAnArticle() throws {
        try assertThatAPageAskedIsNotWantedAgain(on: makeStore())
    }

    func test_fetchesFullArticles_followsTheItemsFeedAndCanBeTurnedOff() throws {
        try assertThatFetchesFullArticlesFollowsTheItemsFeed(on: makeStore())
    }

    func test_anAccountsFeed_keepsTheSettingOverASync() throws {
        let (store, account) = try makeSyncAccount()
        let feed = SyncFixtures.feed("1")
        try store.keep(RemoteSubscriptions(folders: [], feeds: [feed]), of: account)
        var item = SyncFixtures.item("a", feed: "1", daysAgo: 1)
        item.link = URL(string: "https://site1.example/a")
        try store.add([item], of: account, unread: ["a"], starred: [], seen: SyncFixtures.now)

        try store.setFetchesFullArticles(true, for: .feed(FeedID(account: account, id: "1")))
        try store.keep(RemoteSubscriptions(folders: [], feeds: [feed]), of: account)

        XCTAssertEqual(try store.feeds(of: account).map(\.fetchesFullArticles), [true])
        XCTAssertEqual(try store.pagesWantingFullArticles(limit: 10).map(\.address), [URL(string: "https://site1.example/a")!])
    }

    private func makeStore() throws -> SQLiteLibraryStore {
        try SQLiteLibraryStore(path: temporaryLibraryFolder().appendingPathComponent("library.sqlite").path)
    }
}

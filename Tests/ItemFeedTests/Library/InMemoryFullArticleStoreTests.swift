import ItemFeed
import ItemFeedTestSupport
import XCTest

/// The fake keeps full articles as the SQLite store does.
final class InMemoryFullArticleStoreTests: XCTestCase, FullArticleStoreSpecs {
    func test_aFeedSetToFetch_wantsItsUnreadItemsPagesNewestFirst() throws {
        try assertThatAFeedSetToFetchWantsItsUnreadItemsPagesNewestFirst(on: InMemoryLibraryStore())
    }

    func test_aPageAsked_isNotWantedAgainWhetherOrNotItGaveAnArticle() throws {
        try assertThatAPageAskedIsNotWantedAgain(on: InMemoryLibraryStore())
    }

    func test_fetchesFullArticles_followsTheItemsFeedAndCanBeTurnedOff() throws {
        try assertThatFetchesFullArticlesFollowsTheItemsFeed(on: InMemoryLibraryStore())
    }
}

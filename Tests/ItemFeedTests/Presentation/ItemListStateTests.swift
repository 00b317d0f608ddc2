import XCTest
import ItemFeed
import ItemFeedTestSupport

/// The list screen's one state: each event a case, each case a test.
final class ItemListStateTests: XCTestCase {
    private let page2 = URL(string: "https://feeds.example.com/2")!
    private let page3 = URL(string: "https://feeds.example.com/3")!

    func test_aFailureBeforeAnythingLoaded_isThePage_afterwardsTheBanner() {
        var sut = ItemListState()
        sut.loadFailed("offline")
        XCTAssertEqual(sut.page, .error("offline"))
        XCTAssertNil(sut.banner)

        sut.loaded(Feed(items: [makeItem()]), notice: nil)
        sut.loadStarted()
        sut.loadFailed("offline again")
        XCTAssertEqual(sut.page, .rows)
        XCTAssertEqual(sut.banner, "offline again")

        sut.messageDismissed()
        XCTAssertNil(sut.banner)
    }

    func test_anEmptyFeed_isTheEmptyPage() {
        var sut = ItemListState()
        sut.loaded(Feed(items: []), notice: nil)
        XCTAssertEqual(sut.page, .empty)
    }

    func test_pages_areAskedForOnceEach_andRetriedOnlyAfterAFailure() {
        var sut = ItemListState()
        sut.loaded(Feed(items: [makeItem(id: "a")], nextPage: page2), notice: nil)

        XCTAssertEqual(sut.nextPageRequested(), page2)
        XCTAssertNil(sut.nextPageRequested(), "Expected none while one loads")
        sut.pageFailed("502")
        XCTAssertEqual(sut.pageLoad, .failed("502"))
        XCTAssertEqual(sut.nextPageRequested(), page2, "Expected a retry after a failure")

        sut.pageLoaded(Feed(items: [makeItem(id: "a"), makeItem(id: "b")], nextPage: page2))
        XCTAssertEqual(sut.items.map(\.id), ["a", "b"], "Expected an id loaded already not added twice")
        XCTAssertEqual(sut.rowChange, .appended(1..<2))
        XCTAssertNil(sut.nextPage, "Expected a page asked for before to end the list")
        XCTAssertFalse(sut.showsLoadMoreRow)
    }

    func test_aFirstPage_startsPagingOver() {
        var sut = ItemListState()
        sut.loaded(Feed(items: [makeItem(id: "a")], nextPage: page2), notice: nil)
        _ = sut.nextPageRequested()
        sut.pageLoaded(Feed(items: [makeItem(id: "b")], nextPage: page3))

        sut.loaded(Feed(items: [makeItem(id: "a")], nextPage: page2), notice: nil)

        XCTAssertEqual(sut.items.map(\.id), ["a"])
        XCTAssertEqual(sut.nextPageRequested(), page2, "Expected page 2 allowed again after a reload")
    }

    func test_filtering_showsMatchingItems_hidesTheLoadMoreRowAndFeatured_andSaysNoResults() {
        var sut = ItemListState()
        sut.loaded(Feed(items: [makeItem(id: "1", name: "Swift", priority: 1), makeItem(id: "2", name: "GTK", priority: 2)], nextPage: page2), notice: nil)

        sut.searchChanged(to: "gtk", searchesOnServer: false)
        XCTAssertEqual(sut.shownCount, 1)
        XCTAssertEqual(sut.itemIndex(at: 0), 1)
        XCTAssertFalse(sut.showsLoadMoreRow)
        XCTAssertEqual(sut.featured, [])
        XCTAssertEqual(sut.rowChange, .refiltered)

        sut.searchChanged(to: "rust", searchesOnServer: false)
        XCTAssertEqual(sut.page, .noResults("rust"))

        XCTAssertFalse(sut.searchEnded(), "Expected no load to lift a filter")
        XCTAssertEqual(sut.shownCount, 2)
        XCTAssertTrue(sut.showsLoadMoreRow)
        XCTAssertEqual(sut.featured.map(\.id), ["1", "2"])
    }

    func test_aServerQuery_waitsForAPause_thenLoads_andClosingLoadsTheFeedAgain() {
        var sut = ItemListState()
        sut.loaded(Feed(items: [makeItem()]), notice: nil)

        sut.searchChanged(to: "swift", searchesOnServer: true)
        XCTAssertNil(sut.serverQuery, "Expected nothing sent while typing")
        XCTAssertEqual(sut.featured, [])

        XCTAssertTrue(sut.serverSearchDue())
        XCTAssertEqual(sut.serverQuery, "swift")
        sut.searchChanged(to: "swift", searchesOnServer: true)
        XCTAssertFalse(sut.serverSearchDue(), "Expected no second load for the same query")

        sut.loaded(Feed(items: []), notice: nil)
        XCTAssertEqual(sut.page, .noResults("swift"))
        XCTAssertTrue(sut.searchEnded(), "Expected the feed loaded again after server results")
        XCTAssertNil(sut.serverQuery)
    }
}

import XCTest
import ItemFeed
import ItemFeedUI
import ItemFeedTestSupport

/// SPEC 9.1: load more, as the Essential Feed case study's load-more cell.
final class ItemListPagingTests: XCTestCase {
    private let page2 = URL(string: "https://feeds.example.com/feed?page=2")!
    private let page3 = URL(string: "https://feeds.example.com/feed?page=3")!

    @MainActor func test_aFeedWithANextPage_endsWithALoadMoreRow_andOneWithoutDoesNot() async {
        let paged = makeSUT(firstPage: ["a", "b"], nextPage: page2)
        let single = makeSUT(firstPage: ["a", "b"], nextPage: nil)

        XCTAssertEqual(paged.controller.numberOfRows, 3)
        XCTAssertNil(paged.controller.item(at: 2), "Expected the last row to be the load-more row")
        XCTAssertEqual(single.controller.numberOfRows, 2)
    }

    @MainActor func test_theEndComingIntoView_requestsTheNextPage_once() async {
        let sut = makeSUT(firstPage: ["a", "b"], nextPage: page2)
        XCTAssertEqual(sut.loader.loadedPageURLs, [], "Expected no page request before the end is in view")

        let row = sut.controller.simulateRowVisible(at: 2)
        XCTAssertEqual(sut.loader.loadedPageURLs, [page2])
        XCTAssertEqual(row.loadMoreState, LoadMoreRowState(isLoading: true, errorMessage: nil))

        sut.controller.simulateRowNotVisible(row)
        sut.controller.simulateRowVisible(at: 2)
        XCTAssertEqual(sut.loader.loadedPageURLs, [page2], "Expected no second request while one runs")
    }

    @MainActor func test_withoutANextPage_theLastRowRequestsNothing() async {
        let sut = makeSUT(firstPage: ["a", "b"], nextPage: nil)

        sut.controller.simulateRowVisible(at: 1)
        sut.controller.simulateRowVisible(at: 2)

        XCTAssertEqual(sut.loader.loadedPageURLs, [])
    }

    @MainActor func test_aPage_isAppendedAtTheEnd_keepingTheRowsBefore() async {
        let sut = makeSUT(firstPage: ["a", "b"], nextPage: page2)
        sut.controller.simulateRowVisible(at: 2)

        sut.loader.completePageLoading(with: [makeItem(id: "c", name: "c"), makeItem(id: "d", name: "d")], nextPage: page3)

        XCTAssertEqual(sut.listView.reloadCount, 1, "Expected the list appended to, not rebuilt")
        XCTAssertEqual(sut.listView.rowChanges, [.init(position: 2, removed: 1, added: 3)])
        XCTAssertEqual((0..<4).map { sut.controller.item(at: $0)?.name }, ["a", "b", "c", "d"])
        XCTAssertEqual(sut.controller.numberOfRows, 5, "Expected the load-more row again, for page 3")
    }

    @MainActor func test_theLastPage_removesTheLoadMoreRow() async {
        let sut = makeSUT(firstPage: ["a"], nextPage: page2)
        sut.controller.simulateRowVisible(at: 1)

        sut.loader.completePageLoading(with: [makeItem(id: "b", name: "b")], nextPage: nil)

        XCTAssertEqual(sut.listView.rowChanges, [.init(position: 1, removed: 1, added: 1)])
        XCTAssertEqual(sut.controller.numberOfRows, 2)
    }

    @MainActor func test_itemsAlreadyShown_areNotShownTwice() async {
        let sut = makeSUT(firstPage: ["a", "b"], nextPage: page2)
        sut.controller.simulateRowVisible(at: 2)

        sut.loader.completePageLoading(with: [makeItem(id: "b", name: "b again"), makeItem(id: "c", name: "c")])

        XCTAssertEqual((0..<sut.controller.numberOfRows).map { sut.controller.item(at: $0)?.name }, ["a", "b", "c"])
    }

    @MainActor func test_aFailedPage_showsTheError_andRetryingAsksAgain() async {
        let sut = makeSUT(firstPage: ["a"], nextPage: page2)
        let row = sut.controller.simulateRowVisible(at: 1)

        sut.loader.completePageLoadingWithError(RemoteLoadError.server(statusCode: 503))

        XCTAssertEqual(row.loadMoreState?.isLoading, false)
        XCTAssertEqual(row.loadMoreState?.errorMessage, RemoteLoadError.server(statusCode: 503).errorDescription)
        XCTAssertEqual(sut.loader.loadedPageURLs, [page2], "Expected no retry until the user asks")

        row.simulateRetryTapped()
        XCTAssertEqual(sut.loader.loadedPageURLs, [page2, page2])
        XCTAssertEqual(row.loadMoreState, LoadMoreRowState(isLoading: true, errorMessage: nil))

        sut.loader.completePageLoadingWithError(at: 1)
        sut.controller.simulateRowActivated(at: 1)
        XCTAssertEqual(sut.loader.loadedPageURLs, [page2, page2, page2], "Expected activating the failed row to retry too")
    }

    @MainActor func test_aPageNamingAPageAskedForBefore_endsTheList() async {
        let sut = makeSUT(firstPage: ["a"], nextPage: page2)
        sut.controller.simulateRowVisible(at: 1)

        sut.loader.completePageLoading(with: [makeItem(id: "b", name: "b")], nextPage: page2)

        XCTAssertEqual(sut.controller.numberOfRows, 2, "Expected no load-more row for a page already asked for")
    }

    @MainActor func test_reload_startsAgainFromPageOne_cancellingAndDroppingThePageUnderWay() async {
        let sut = makeSUT(firstPage: ["a"], nextPage: page2)
        sut.controller.simulateRowVisible(at: 1)

        sut.controller.simulateUserInitiatedReload()
        sut.loader.completePageLoading(with: [makeItem(id: "late", name: "late")], nextPage: page3)
        sut.loader.completeItemLoading(with: [makeItem(id: "fresh", name: "fresh")], at: 1)

        XCTAssertEqual(sut.loader.cancelledPageURLs, [page2])
        XCTAssertEqual(sut.controller.renderedNames, ["fresh"], "Expected the later page dropped and the late page ignored")
        XCTAssertEqual(sut.controller.numberOfRows, 1)
    }

    @MainActor func test_afterAReload_theSamePageCanBeAskedForAgain() async {
        let sut = makeSUT(firstPage: ["a"], nextPage: page2)
        sut.controller.simulateRowVisible(at: 1)
        sut.loader.completePageLoading(with: [makeItem(id: "b", name: "b")])

        sut.controller.simulateUserInitiatedReload()
        sut.loader.completeItemLoading(with: Feed(items: [makeItem(id: "a", name: "a")], nextPage: page2), at: 1)
        sut.controller.simulateRowVisible(at: 1)

        XCTAssertEqual(sut.loader.loadedPageURLs, [page2, page2])
    }

    // MARK: Helpers

    @MainActor private func makeSUT(firstPage names: [String], nextPage: URL?, file: StaticString = #filePath, line: UInt = #line) -> ItemListSUT {
        let sut = makeSUT(file: file, line: line)
        sut.controller.simulateScreenShown()
        sut.loader.completeItemLoading(with: Feed(items: names.map { makeItem(id: $0, name: $0) }, nextPage: nextPage), at: 0)
        return sut
    }
}

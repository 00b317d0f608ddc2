import XCTest
import ItemFeed
import ItemFeedUI
import ItemFeedTestSupport

/// SPEC 9.2: search. The search text reaches the controller through the
/// target–action layer, as the GTK search entry sends it.
final class ItemListSearchTests: XCTestCase {
    // MARK: Filtering what is loaded

    @MainActor func test_typing_filtersTheLoadedItemsByTitleAuthorAndSummary_atOnce() async {
        let sut = makeLoadedSUT([
            makeItem(id: "1", name: "Swift on Linux"),
            makeItem(id: "2", name: "GTK news", author: "Swifty"),
            makeItem(id: "3", name: "Café notes", summary: "Nothing about it"),
            makeItem(id: "4", name: "Rust"),
        ])

        sut.controller.searchField.userChangedText(to: "SWIFT")

        XCTAssertEqual(sut.controller.renderedNames, ["Swift on Linux", "GTK news"])
        XCTAssertEqual(sut.scheduler.pendingDelays, [], "Expected no delay for a local filter")
        XCTAssertEqual(sut.loader.loadItemsCallCount, 1, "Expected no request for a local filter")

        sut.controller.searchField.userChangedText(to: "cafe")
        XCTAssertEqual(sut.controller.renderedNames, ["Café notes"])
    }

    @MainActor func test_aFilterMatchingNothing_showsNoResults_andClosingTheSearchBringsBackTheList() async {
        let sut = makeLoadedSUT([makeItem(id: "1", name: "One"), makeItem(id: "2", name: "Two")])

        sut.controller.searchField.userChangedText(to: "three")
        XCTAssertEqual(sut.listView.page, .noResults("three"))
        XCTAssertEqual(sut.controller.numberOfRows, 0)

        sut.controller.searchField.userEndedSearch()
        XCTAssertEqual(sut.listView.page, .rows)
        XCTAssertEqual(sut.controller.renderedNames, ["One", "Two"])
    }

    @MainActor func test_filtering_hidesTheLoadMoreRow_andClosingBringsItBack() async {
        let sut = makeSUT()
        sut.controller.simulateScreenShown()
        sut.loader.completeItemLoading(with: Feed(items: [makeItem(id: "1", name: "One")], nextPage: URL(string: "https://feeds.example.com/2")!), at: 0)

        sut.controller.searchField.userChangedText(to: "one")
        XCTAssertEqual(sut.controller.numberOfRows, 1)
        sut.controller.simulateRowVisible(at: 1)
        XCTAssertEqual(sut.loader.loadedPageURLs, [], "Expected no page requested while filtering")

        sut.controller.searchField.userEndedSearch()
        XCTAssertEqual(sut.controller.numberOfRows, 2)
    }

    @MainActor func test_filtering_endsThePrefetchesOfTheRowsItMoves() async {
        let sut = makeLoadedSUT([makeItem(id: "1", name: "One", imageURL: imageURL("one")), makeItem(id: "2", name: "Two", imageURL: imageURL("two"))])
        sut.controller.simulateRowNearVisible(at: 1)

        sut.controller.searchField.userChangedText(to: "t")

        XCTAssertEqual(sut.loader.cancelledImageURLs, [imageURL("two")], "Expected the prefetch cancelled: the list view starts over")
    }

    @MainActor func test_aReloadWhileFiltering_keepsTheFilter() async {
        let sut = makeLoadedSUT([makeItem(id: "1", name: "Alpha")])
        sut.controller.searchField.userChangedText(to: "beta")

        sut.controller.simulateUserInitiatedReload()
        sut.loader.completeItemLoading(with: [makeItem(id: "1", name: "Alpha"), makeItem(id: "2", name: "Beta")], at: 1)

        XCTAssertEqual(sut.controller.renderedNames, ["Beta"])
    }

    // MARK: Searching on the server

    @MainActor func test_typing_asksTheServer_only300msAfterTypingStops() async {
        let sut = makeLoadedSUT([makeItem(id: "1", name: "Front page")], searchesOnTheServer: true)

        sut.controller.searchField.userChangedText(to: "sw")
        sut.controller.searchField.userChangedText(to: "swift")

        XCTAssertEqual(sut.scheduler.pendingDelays, [0.3], "Expected one pending query, the newest")
        XCTAssertEqual(sut.loader.searchedQueries, [])

        sut.scheduler.runPending()
        XCTAssertEqual(sut.loader.searchedQueries, ["swift"])
        XCTAssertTrue(sut.controller.isShowingLoadingIndicator)
    }

    @MainActor func test_aNewQuery_cancelsThePreviousQuerysTransfer_andShowsOnlyTheNewest() async {
        let sut = makeLoadedSUT([makeItem(id: "1", name: "Front page")], searchesOnTheServer: true)
        sut.controller.searchField.userChangedText(to: "swift")
        sut.scheduler.runPending()

        sut.controller.searchField.userChangedText(to: "gtk")
        sut.scheduler.runPending()
        sut.loader.completeSearch(with: [makeItem(id: "old", name: "Swift result")], at: 0)
        sut.loader.completeSearch(with: [makeItem(id: "new", name: "GTK result")], at: 1)

        XCTAssertEqual(sut.loader.cancelledSearches, ["swift"])
        XCTAssertEqual(sut.controller.renderedNames, ["GTK result"])
    }

    @MainActor func test_aServerSearchWithNoResults_saysSo_andClosingReloadsTheFeed() async {
        let sut = makeLoadedSUT([makeItem(id: "1", name: "Front page")], searchesOnTheServer: true)
        sut.controller.searchField.userChangedText(to: "nothing")
        sut.scheduler.runPending()
        sut.loader.completeSearch(with: [])
        XCTAssertEqual(sut.listView.page, .noResults("nothing"))

        sut.controller.searchField.userEndedSearch()

        XCTAssertEqual(sut.loader.loadItemsCallCount, 2, "Expected the feed itself loaded again")
        sut.loader.completeItemLoading(with: [makeItem(id: "1", name: "Front page")], at: 1)
        XCTAssertEqual(sut.controller.renderedNames, ["Front page"])
        XCTAssertEqual(sut.listView.page, .rows)
    }

    @MainActor func test_closingTheSearchBeforeTheDelay_asksTheServerNothing() async {
        let sut = makeLoadedSUT([makeItem(id: "1", name: "Front page")], searchesOnTheServer: true)
        sut.controller.searchField.userChangedText(to: "swi")

        sut.controller.searchField.userEndedSearch()
        sut.scheduler.runPending()

        XCTAssertEqual(sut.loader.searchedQueries, [])
        XCTAssertEqual(sut.loader.loadItemsCallCount, 1, "Expected no reload: the list never changed")
    }

    @MainActor func test_aReloadDuringAServerSearch_reloadsItsResults() async {
        let sut = makeLoadedSUT([makeItem(id: "1", name: "Front page")], searchesOnTheServer: true)
        sut.controller.searchField.userChangedText(to: "swift")
        sut.scheduler.runPending()

        sut.controller.simulateUserInitiatedReload()

        XCTAssertEqual(sut.loader.searchedQueries, ["swift", "swift"])
        XCTAssertEqual(sut.loader.loadItemsCallCount, 1)
    }

    // MARK: Helpers

    @MainActor private func makeLoadedSUT(_ items: [Item], searchesOnTheServer: Bool = false, file: StaticString = #filePath, line: UInt = #line) -> ItemListSUT {
        let sut = makeSUT(searchesOnTheServer: searchesOnTheServer, file: file, line: line)
        sut.controller.simulateScreenShown()
        sut.loader.completeItemLoading(with: items, at: 0)
        return sut
    }
}

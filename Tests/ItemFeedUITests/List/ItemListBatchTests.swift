import XCTest
import ItemFeed
import ItemFeedUI
import ItemFeedTestSupport

/// Issue 12, item 2: a big feed's first rows show while the rest is mapped.
/// Batches are appended in order; the finished feed adds only what they
/// did not bring; a newer load drops an older one's batches.
final class ItemListBatchTests: XCTestCase {
    @MainActor func test_batches_showTheirRowsAsTheyArrive_inOrder_whileTheLoadGoesOn() async {
        let sut = makeSUT()
        sut.controller.simulateScreenShown()

        sut.loader.deliverItemBatch(items("a", "b"))
        XCTAssertEqual(sut.controller.renderedNames, ["a", "b"])
        XCTAssertEqual(sut.listView.page, .rows, "Expected the rows, not the loading page, once a batch is in")
        XCTAssertTrue(sut.controller.isShowingLoadingIndicator, "Expected the load still shown as under way")

        sut.loader.deliverItemBatch(items("c", "d"))
        XCTAssertEqual(sut.controller.renderedNames, ["a", "b", "c", "d"])
        XCTAssertEqual(sut.listView.reloadCount, 1, "Expected the second batch appended, not the list rebuilt")
        XCTAssertEqual(sut.listView.rowChanges, [.init(position: 2, removed: 0, added: 2)])
    }

    @MainActor func test_theFinishedFeed_addsOnlyWhatTheBatchesDidNotBring() async {
        let sut = makeSUT()
        sut.controller.simulateScreenShown()
        let all = items("a", "b", "c")
        sut.loader.deliverItemBatch(Array(all[..<2]))

        sut.loader.completeItemLoading(with: all)

        XCTAssertEqual(sut.controller.renderedNames, ["a", "b", "c"])
        XCTAssertEqual(sut.listView.reloadCount, 1, "Expected the finished feed appended to the batches' rows")
        XCTAssertEqual(sut.listView.rowChanges, [.init(position: 2, removed: 0, added: 1)])
        XCTAssertFalse(sut.controller.isShowingLoadingIndicator)
    }

    @MainActor func test_aFinishedFeedThatDoesNotStartWithTheBatches_replacesTheirRows() async {
        let sut = makeSUT()
        sut.controller.simulateScreenShown()
        sut.loader.deliverItemBatch(items("fresh 1", "fresh 2"))

        sut.loader.completeItemLoading(with: items("saved 1"))

        XCTAssertEqual(sut.controller.renderedNames, ["saved 1"])
        XCTAssertEqual(sut.listView.reloadCount, 2)
    }

    @MainActor func test_aReload_dropsTheBatchesOfTheLoadItReplaced() async {
        let sut = makeSUT()
        sut.controller.simulateScreenShown()
        sut.loader.deliverItemBatch(items("old 1"), at: 0)

        sut.controller.simulateUserInitiatedReload()
        sut.loader.deliverItemBatch(items("old 2"), at: 0)
        sut.loader.completeItemLoading(with: items("old 1", "old 2", "old 3"), at: 0)

        XCTAssertEqual(sut.controller.renderedNames, ["old 1"], "Expected nothing from the replaced load")
        XCTAssertEqual(sut.loader.cancelledItemLoads, [0])
    }

    @MainActor func test_aReloadOverRowsShown_waitsForTheWholeFeed_insteadOfShrinkingToABatch() async {
        let sut = makeSUT()
        sut.controller.simulateScreenShown()
        sut.loader.completeItemLoading(with: items("a", "b", "c"), at: 0)

        sut.controller.simulateUserInitiatedReload()
        sut.loader.deliverItemBatch(items("new a"), at: 1)
        XCTAssertEqual(sut.controller.renderedNames, ["a", "b", "c"])

        sut.loader.completeItemLoading(with: items("new a", "new b"), at: 1)
        XCTAssertEqual(sut.controller.renderedNames, ["new a", "new b"])
    }

    @MainActor func test_aLoadThatFailsAfterItsBatches_keepsTheirRows_underTheMessage() async {
        let sut = makeSUT()
        sut.controller.simulateScreenShown()
        sut.loader.deliverItemBatch(items("a"))

        sut.loader.completeItemLoadingWithError()

        XCTAssertEqual(sut.controller.renderedNames, ["a"])
        XCTAssertNotNil(sut.listView.bannerMessage, "Expected the failure said over the rows")
    }

    private func items(_ names: String...) -> [Item] {
        names.map { makeItem(id: $0, name: $0) }
    }
}

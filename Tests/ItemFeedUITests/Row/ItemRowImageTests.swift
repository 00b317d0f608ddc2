import XCTest
import ItemFeed
import ItemFeedUI
import ItemFeedTestSupport

/// SPEC 2.5–2.10 and what users expect of recycled rows and failed images.
final class ItemRowImageTests: XCTestCase {
    @MainActor func test_noImageIsRequested_untilARowBecomesVisible() async {
        let sut = makeLoadedSUT(imageNames: ["a", "b"])

        XCTAssertEqual(sut.loader.loadedImageURLs, [], "Expected no image requests before any row is visible")
    }

    @MainActor func test_rowBecomingVisible_requestsItsImage_inTheOrderRowsAppear() async {
        let sut = makeLoadedSUT(imageNames: ["a", "b"])

        sut.controller.simulateRowVisible(at: 0)
        XCTAssertEqual(sut.loader.loadedImageURLs, [imageURL("a")])

        sut.controller.simulateRowVisible(at: 1)
        XCTAssertEqual(sut.loader.loadedImageURLs, [imageURL("a"), imageURL("b")])
    }

    @MainActor func test_rowStoppingBeingVisible_cancelsItsImageRequest() async {
        let sut = makeLoadedSUT(imageNames: ["a", "b"])

        sut.controller.simulateRowNotVisible(at: 0)
        XCTAssertEqual(sut.loader.cancelledImageURLs, [imageURL("a")])

        sut.controller.simulateRowNotVisible(at: 1)
        XCTAssertEqual(sut.loader.cancelledImageURLs, [imageURL("a"), imageURL("b")])
    }

    @MainActor func test_rowLoadingIndicator_isOnWhileItsImageLoads() async {
        let sut = makeLoadedSUT(imageNames: ["a", "b"])
        let row0 = sut.controller.simulateRowVisible(at: 0)
        let row1 = sut.controller.simulateRowVisible(at: 1)
        XCTAssertTrue(row0.isShowingLoadingIndicator, "Expected row 0 to load")
        XCTAssertTrue(row1.isShowingLoadingIndicator, "Expected row 1 to load")

        sut.loader.completeImageLoading(with: imageData(), at: 0)
        XCTAssertFalse(row0.isShowingLoadingIndicator, "Expected row 0 to stop loading on success")
        XCTAssertTrue(row1.isShowingLoadingIndicator, "Expected row 1 unchanged by row 0's image")

        sut.loader.completeImageLoadingWithError(at: 1)
        XCTAssertFalse(row0.isShowingLoadingIndicator, "Expected row 0 unchanged by row 1's failure")
        XCTAssertFalse(row1.isShowingLoadingIndicator, "Expected row 1 to stop loading on failure")
    }

    @MainActor func test_rowShowsItsOwnImage_whateverOrderTheyArriveIn() async {
        let sut = makeLoadedSUT(imageNames: ["a", "b"])
        let row0 = sut.controller.simulateRowVisible(at: 0)
        let row1 = sut.controller.simulateRowVisible(at: 1)
        XCTAssertNil(row0.renderedImage, "Expected no image before it arrives")
        XCTAssertNil(row1.renderedImage, "Expected no image before it arrives")

        sut.loader.completeImageLoading(with: imageData("b"), at: 1)
        XCTAssertNil(row0.renderedImage, "Expected row 0 still without an image")
        XCTAssertEqual(row1.renderedImage?.data, imageData("b"))

        sut.loader.completeImageLoading(with: imageData("a"), at: 0)
        XCTAssertEqual(row0.renderedImage?.data, imageData("a"))
        XCTAssertEqual(row1.renderedImage?.data, imageData("b"))
    }

    @MainActor func test_rowNearVisible_prefetchesItsImage() async {
        let sut = makeLoadedSUT(imageNames: ["a", "b"])

        sut.controller.simulateRowNearVisible(at: 0)
        XCTAssertEqual(sut.loader.loadedImageURLs, [imageURL("a")])

        sut.controller.simulateRowNearVisible(at: 1)
        XCTAssertEqual(sut.loader.loadedImageURLs, [imageURL("a"), imageURL("b")])
    }

    @MainActor func test_rowNoLongerNearVisible_cancelsItsPrefetch() async {
        let sut = makeLoadedSUT(imageNames: ["a", "b"])

        sut.controller.simulateRowNotNearVisible(at: 0)
        XCTAssertEqual(sut.loader.cancelledImageURLs, [imageURL("a")])

        sut.controller.simulateRowNotNearVisible(at: 1)
        XCTAssertEqual(sut.loader.cancelledImageURLs, [imageURL("a"), imageURL("b")])
    }

    @MainActor func test_prefetchedRowBecomingVisible_doesNotRequestItsImageTwice() async {
        let sut = makeLoadedSUT(imageNames: ["a"])
        sut.controller.simulateRowNearVisible(at: 0)

        let row = sut.controller.simulateRowVisible(at: 0)

        XCTAssertEqual(sut.loader.loadedImageURLs, [imageURL("a")])
        XCTAssertTrue(row.isShowingLoadingIndicator, "Expected the row to show the prefetch in progress")
    }

    @MainActor func test_prefetchedImage_isShownAsSoonAsTheRowBecomesVisible() async {
        let sut = makeLoadedSUT(imageNames: ["a"])
        sut.controller.simulateRowNearVisible(at: 0)
        sut.loader.completeImageLoading(with: imageData("a"), at: 0)

        let row = sut.controller.simulateRowVisible(at: 0)

        XCTAssertEqual(row.renderedImage?.data, imageData("a"))
        XCTAssertFalse(row.isShowingLoadingIndicator)
        XCTAssertEqual(sut.loader.loadedImageURLs.count, 1, "Expected no second request")
    }

    @MainActor func test_visibleRowNoLongerNearVisible_keepsLoading() async {
        let sut = makeLoadedSUT(imageNames: ["a"])
        sut.controller.simulateRowNearVisible(at: 0)
        let row = sut.controller.simulateRowVisible(at: 0)

        sut.controller.rowStoppedBeingNearVisible(at: 0)

        XCTAssertEqual(sut.loader.cancelledImageURLs, [], "Expected no cancel while the row is on screen")
        sut.loader.completeImageLoading(with: imageData("a"), at: 0)
        XCTAssertEqual(row.renderedImage?.data, imageData("a"))
    }

    @MainActor func test_failedImage_showsRetry_andRetryRequestsItAgain() async {
        let sut = makeLoadedSUT(imageNames: ["a"])
        let row = sut.controller.simulateRowVisible(at: 0)
        XCTAssertFalse(row.isShowingRetryAction, "Expected no retry while loading")

        sut.loader.completeImageLoadingWithError(at: 0)
        XCTAssertTrue(row.isShowingRetryAction, "Expected retry after a failed load")

        row.simulateRetryTapped()
        XCTAssertEqual(sut.loader.loadedImageURLs, [imageURL("a"), imageURL("a")])
        XCTAssertFalse(row.isShowingRetryAction, "Expected retry hidden while loading again")
        XCTAssertTrue(row.isShowingLoadingIndicator, "Expected the row to load again")
    }

    @MainActor func test_undecodableImage_showsRetry_andRetryRequestsItAgain() async {
        let sut = makeLoadedSUT(imageNames: ["a"])
        let row = sut.controller.simulateRowVisible(at: 0)

        sut.loader.completeImageLoading(with: undecodableImageData(), at: 0)
        XCTAssertTrue(row.isShowingRetryAction, "Expected retry for bytes that are not an image")
        XCTAssertNil(row.renderedImage, "Expected no image for undecodable bytes")

        row.simulateRetryTapped()
        XCTAssertEqual(sut.loader.loadedImageURLs, [imageURL("a"), imageURL("a")])
    }

    @MainActor func test_retryAfterSuccess_requestsNothing() async {
        let sut = makeLoadedSUT(imageNames: ["a"])
        let row = sut.controller.simulateRowVisible(at: 0)
        sut.loader.completeImageLoading(with: imageData("a"), at: 0)

        row.simulateRetryTapped()

        XCTAssertEqual(sut.loader.loadedImageURLs.count, 1)
    }

    @MainActor func test_imageArrivingAfterTheRowStoppedBeingVisible_isNotRendered() async {
        let sut = makeLoadedSUT(imageNames: ["a"])
        let row = sut.controller.simulateRowVisible(at: 0)
        sut.controller.simulateRowNotVisible(row)

        sut.loader.completeImageLoading(with: imageData("a"), at: 0)

        XCTAssertNil(row.renderedImage, "Expected a cancelled image never to reach the row")
        XCTAssertTrue(row.isShowingLoadingIndicator, "Expected the unbound row view left as it was")
    }

    @MainActor func test_recycledRow_showsOnlyTheNewItem_evenWhenTheOldImageArrivesLate() async {
        let sut = makeLoadedSUT(imageNames: ["a", "b"])
        let row = sut.controller.simulateRowVisible(at: 0)
        sut.controller.simulateRowNotVisible(row)
        sut.controller.simulateRowRebound(row, to: 1)
        XCTAssertEqual(row.name, "b", "Expected the new item's name")
        XCTAssertTrue(row.isShowingLoadingIndicator, "Expected the new item's own loading state")

        sut.loader.completeImageLoading(with: imageData("a"), at: 0)
        XCTAssertNil(row.renderedImage, "Expected the old item's late image not to appear")
        XCTAssertTrue(row.isShowingLoadingIndicator, "Expected the old image not to end the new load")

        sut.loader.completeImageLoading(with: imageData("b"), at: 1)
        XCTAssertEqual(row.renderedImage?.data, imageData("b"))
    }

    @MainActor func test_recycledRowWithoutUnbind_isTakenFromItsPreviousItem() async {
        let sut = makeLoadedSUT(imageNames: ["a", "b"])
        let row = sut.controller.simulateRowVisible(at: 0)

        sut.controller.simulateRowRebound(row, to: 1)
        sut.loader.completeImageLoading(with: imageData("a"), at: 0)

        XCTAssertEqual(sut.loader.cancelledImageURLs, [imageURL("a")])
        XCTAssertEqual(row.name, "b")
        XCTAssertNil(row.renderedImage, "Expected the previous item's image not to appear")
    }

    @MainActor func test_recycledRowWithLoadedImage_doesNotKeepItForTheNextItem() async {
        let sut = makeLoadedSUT(imageNames: ["a", "b"])
        let row = sut.controller.simulateRowVisible(at: 0)
        sut.loader.completeImageLoading(with: imageData("a"), at: 0)

        sut.controller.simulateRowNotVisible(row)
        sut.controller.simulateRowRebound(row, to: 1)

        XCTAssertNil(row.renderedImage, "Expected the new item to start without an image")
    }

    @MainActor func test_recycledRowsRetry_retriesOnlyItsCurrentItem() async {
        let sut = makeLoadedSUT(imageNames: ["a", "b"])
        let row = sut.controller.simulateRowVisible(at: 0)
        sut.loader.completeImageLoadingWithError(at: 0)
        sut.controller.simulateRowNotVisible(row)
        sut.controller.simulateRowRebound(row, to: 1)
        sut.loader.completeImageLoadingWithError(at: 1)

        row.simulateRetryTapped()

        XCTAssertEqual(sut.loader.loadedImageURLs, [imageURL("a"), imageURL("b"), imageURL("b")])
    }

    @MainActor func test_reload_cancelsTheImageLoadsOfReplacedRows() async {
        let sut = makeLoadedSUT(imageNames: ["a"])
        let row = sut.controller.simulateRowVisible(at: 0)

        sut.controller.simulateUserInitiatedReload()
        sut.loader.completeItemLoading(with: [makeItem(name: "c", imageURL: imageURL("c"))], at: 1)
        sut.loader.completeImageLoading(with: imageData("a"), at: 0)

        XCTAssertEqual(sut.loader.cancelledImageURLs, [imageURL("a")])
        XCTAssertNil(row.renderedImage, "Expected a replaced row's image never to appear")
    }

    @MainActor func test_outOfRangePositions_areIgnored() async {
        let sut = makeLoadedSUT(imageNames: ["a"])

        sut.controller.simulateRowVisible(at: 5)
        sut.controller.simulateRowNearVisible(at: -1)
        sut.controller.simulateRowActivated(at: 9)

        XCTAssertEqual(sut.loader.loadedImageURLs, [])
    }

    @MainActor func test_itemWithoutAnImage_showsItsRowWithThePlaceholder_andRequestsNothing() async {
        let sut = makeSUT()
        sut.controller.simulateScreenShown()
        sut.loader.completeItemLoading(with: [makeItem(name: "no picture", imageURL: nil)], at: 0)

        sut.controller.simulateRowNearVisible(at: 0)
        let row = sut.controller.simulateRowVisible(at: 0)

        XCTAssertEqual(sut.controller.renderedNames, ["no picture"])
        XCTAssertEqual(sut.loader.loadedImageURLs, [], "Expected no image request for an item without one")
        XCTAssertNil(row.renderedImage)
        XCTAssertFalse(row.isShowingLoadingIndicator, "Expected the placeholder, not a spinner")
        XCTAssertFalse(row.isShowingRetryAction, "Expected nothing to retry")
    }

    // MARK: Helpers

    @MainActor private func makeLoadedSUT(
        imageNames: [String],
        file: StaticString = #filePath,
        line: UInt = #line
    ) -> ItemListSUT {
        let sut = makeSUT(file: file, line: line)
        sut.controller.simulateScreenShown()
        sut.loader.completeItemLoading(
            with: imageNames.map { makeItem(name: $0, imageURL: imageURL($0)) },
            at: 0
        )
        return sut
    }
}

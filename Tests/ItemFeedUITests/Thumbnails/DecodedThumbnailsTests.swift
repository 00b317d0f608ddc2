import Foundation
import ItemFeed
import ItemFeedTestSupport
import ItemFeedUI
import XCTest

/// Thumbnails decoded a moment ago are shown again from memory, within a
/// budget in bytes.
final class DecodedThumbnailsTests: XCTestCase {
    func test_aThumbnailDecodedOnce_isServedFromMemory_withoutARequestOrADecode() {
        let (sut, loader, _) = makeSUT(maxBytes: 1000)
        var first: [Result<HeadlessImage, Error>] = []
        _ = sut.loadThumbnail(from: imageURL("a")) { first.append($0) }
        loader.completeImageLoading(with: imageData("a"))

        var again: [Result<HeadlessImage, Error>] = []
        _ = sut.loadThumbnail(from: imageURL("a")) { again.append($0) }

        XCTAssertEqual(loader.loadedImageURLs, [imageURL("a")], "Expected one request")
        XCTAssertEqual(try again.first?.get(), HeadlessImage(data: imageData("a")), "Expected the image at once")
    }

    func test_theLeastRecentlyShown_goFirst_whenTheBudgetIsFull() {
        let memory = DecodedThumbnails<HeadlessImage>(maxBytes: 100) { _ in 30 }
        for tag in ["a", "b", "c"] { memory.insert(HeadlessImage(data: imageData(tag)), for: imageURL(tag)) }
        _ = memory.image(for: imageURL("a"))

        memory.insert(HeadlessImage(data: imageData("d")), for: imageURL("d"))

        XCTAssertNotNil(memory.image(for: imageURL("a")), "Expected the recently shown kept")
        XCTAssertNotNil(memory.image(for: imageURL("d")), "Expected the newest kept")
        XCTAssertNil(memory.image(for: imageURL("b")), "Expected the least recently shown gone")
        XCTAssertLessThanOrEqual(memory.bytes, 100)
    }

    func test_anImageLargerThanTheBudget_isNotKept() {
        let memory = DecodedThumbnails<HeadlessImage>(maxBytes: 10) { $0.data.count }

        memory.insert(HeadlessImage(data: Data(count: 11)), for: imageURL("big"))

        XCTAssertEqual(memory.count, 0)
    }

    func test_failures_areNotRemembered() {
        let (sut, loader, memory) = makeSUT(maxBytes: 1000)
        _ = sut.loadThumbnail(from: imageURL("a")) { _ in }
        loader.completeImageLoading(with: undecodableImageData())

        _ = sut.loadThumbnail(from: imageURL("a")) { _ in }

        XCTAssertEqual(memory.count, 0)
        XCTAssertEqual(loader.loadedImageURLs, [imageURL("a"), imageURL("a")], "Expected a second try over the network")
    }

    @MainActor func test_aRowScrolledAwayAndBack_showsItsImageAtOnce() async {
        let loader = ItemLoaderSpy()
        let memory = DecodedThumbnails<HeadlessImage>(maxBytes: 1000) { $0.data.count }
        let controller = ItemListComposer.compose(
            itemLoader: loader, imageLoader: loader, imageDecoder: HeadlessImageDecoder(), decodedThumbnails: memory
        )
        controller.simulateScreenShown()
        loader.completeItemLoading(with: [makeItem(name: "a", imageURL: imageURL("a"))], at: 0)
        controller.simulateRowVisible(at: 0)
        loader.completeImageLoading(with: imageData("a"))
        controller.simulateRowNotVisible(at: 0)

        let row = controller.simulateRowVisible(at: 0)

        XCTAssertEqual(row.renderedImage, HeadlessImage(data: imageData("a")))
        XCTAssertFalse(row.isShowingLoadingIndicator)
        XCTAssertEqual(loader.loadedImageURLs, [imageURL("a")])
    }

    // MARK: Helpers

    private func makeSUT(maxBytes: Int) -> (ItemThumbnailLoader<HeadlessImageDecoder>, ItemLoaderSpy, DecodedThumbnails<HeadlessImage>) {
        let loader = ItemLoaderSpy()
        let memory = DecodedThumbnails<HeadlessImage>(maxBytes: maxBytes) { $0.data.count }
        let sut = ItemThumbnailLoader(imageLoader: loader, decoder: HeadlessImageDecoder(), decoded: memory)
        trackForMemoryLeaks(sut)
        return (sut, loader, memory)
    }
}

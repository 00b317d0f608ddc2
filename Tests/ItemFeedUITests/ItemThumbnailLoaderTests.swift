import XCTest
import ItemFeed
import ItemFeedUI
import ItemFeedTestSupport

/// The load-then-decode pipeline, with a decoder that finishes when the test says.
final class ItemThumbnailLoaderTests: XCTestCase {
    func test_cancelWhileLoading_cancelsTheTransfer_andDeliversNothing() {
        let (sut, loader, decoder) = makeSUT()
        var received: [Result<String, Error>] = []
        let task = sut.loadThumbnail(from: imageURL("a")) { received.append($0) }

        task.cancel()
        loader.completeImageLoading(with: imageData("a"))

        XCTAssertEqual(loader.cancelledImageURLs, [imageURL("a")])
        XCTAssertEqual(decoder.decodedData, [], "Expected no decoding after cancel")
        XCTAssertTrue(received.isEmpty)
    }

    func test_cancelWhileDecoding_cancelsTheDecode_andDeliversNothing() {
        let (sut, loader, decoder) = makeSUT()
        var received: [Result<String, Error>] = []
        let task = sut.loadThumbnail(from: imageURL("a")) { received.append($0) }
        loader.completeImageLoading(with: imageData("a"))

        task.cancel()
        decoder.complete(with: "decoded")

        XCTAssertEqual(decoder.cancelCount, 1)
        XCTAssertEqual(loader.cancelledImageURLs, [], "Expected the finished transfer left alone")
        XCTAssertTrue(received.isEmpty)
    }

    func test_decodedImage_isDeliveredOnce() throws {
        let (sut, loader, decoder) = makeSUT()
        var received: [Result<String, Error>] = []
        _ = sut.loadThumbnail(from: imageURL("a")) { received.append($0) }

        loader.completeImageLoading(with: imageData("a"))
        decoder.complete(with: "decoded")

        XCTAssertEqual(decoder.decodedData, [imageData("a")])
        XCTAssertEqual(received.count, 1)
        XCTAssertEqual(try received.first?.get(), "decoded")
    }

    func test_failedTransfer_isDeliveredWithoutDecoding() {
        let (sut, loader, decoder) = makeSUT()
        var received: [Result<String, Error>] = []
        _ = sut.loadThumbnail(from: imageURL("a")) { received.append($0) }

        loader.completeImageLoadingWithError()

        XCTAssertEqual(decoder.decodedData, [])
        XCTAssertEqual(received.count, 1)
        XCTAssertThrowsError(try received.first?.get())
    }

    // MARK: Helpers

    private func makeSUT(
        file: StaticString = #filePath, line: UInt = #line
    ) -> (ItemThumbnailLoader<DecoderSpy>, ItemLoaderSpy, DecoderSpy) {
        let loader = ItemLoaderSpy()
        let decoder = DecoderSpy()
        let sut = ItemThumbnailLoader(imageLoader: loader, decoder: decoder)
        trackForMemoryLeaks(loader, file: file, line: line)
        trackForMemoryLeaks(decoder, file: file, line: line)
        trackForMemoryLeaks(sut, file: file, line: line)
        return (sut, loader, decoder)
    }
}

private final class DecoderSpy: ItemImageDecoder {
    private(set) var decodedData: [Data] = []
    private(set) var cancelCount = 0
    private var completions: [(Result<String, Error>) -> Void] = []

    func decode(_ data: Data, completion: @escaping (Result<String, Error>) -> Void) -> ItemImageLoaderTask {
        decodedData.append(data)
        completions.append(completion)
        return Task { [weak self] in self?.cancelCount += 1 }
    }

    func complete(with image: String, at index: Int = 0) {
        completions[index](.success(image))
    }

    private struct Task: ItemImageLoaderTask {
        let onCancel: () -> Void
        func cancel() { onCancel() }
    }
}

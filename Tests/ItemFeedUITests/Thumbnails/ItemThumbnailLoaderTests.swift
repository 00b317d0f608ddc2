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

    // MARK: With a store of kept images

    func test_keptImageThatDecodes_isShownWithoutDownloading() throws {
        let store = StoreSpy(kept: [imageURL("a"): imageData("a")])
        let (sut, loader, decoder) = makeSUT(store: store)
        var received: [Result<String, Error>] = []
        _ = sut.loadThumbnail(from: imageURL("a")) { received.append($0) }

        decoder.complete(with: "kept")

        XCTAssertEqual(decoder.decodedData, [imageData("a")])
        XCTAssertEqual(loader.loadedImageURLs, [], "Expected no download for a kept image")
        XCTAssertEqual(try received.first?.get(), "kept")
    }

    func test_nothingKept_downloads_andKeepsBytesThatDecoded() throws {
        let store = StoreSpy(kept: [:])
        let (sut, loader, decoder) = makeSUT(store: store)
        var received: [Result<String, Error>] = []
        _ = sut.loadThumbnail(from: imageURL("a")) { received.append($0) }

        loader.completeImageLoading(with: imageData("a"))
        decoder.complete(with: "downloaded")

        XCTAssertEqual(loader.loadedImageURLs, [imageURL("a")])
        XCTAssertEqual(store.inserted[imageURL("a")], imageData("a"))
        XCTAssertEqual(try received.first?.get(), "downloaded")
    }

    func test_downloadedBytesThatDoNotDecode_areNotKept() {
        let store = StoreSpy(kept: [:])
        let (sut, loader, decoder) = makeSUT(store: store)
        var received: [Result<String, Error>] = []
        _ = sut.loadThumbnail(from: imageURL("a")) { received.append($0) }

        loader.completeImageLoading(with: undecodableImageData())
        decoder.fail()

        XCTAssertEqual(store.inserted, [:], "Expected an error page from a server never to be kept")
        XCTAssertEqual(received.count, 1)
        XCTAssertThrowsError(try received.first?.get())
    }

    func test_keptImageThatNoLongerDecodes_isDownloadedAgain() throws {
        let store = StoreSpy(kept: [imageURL("a"): undecodableImageData()])
        let (sut, loader, decoder) = makeSUT(store: store)
        var received: [Result<String, Error>] = []
        let task = sut.loadThumbnail(from: imageURL("a")) { received.append($0) }

        decoder.fail(at: 0)
        XCTAssertEqual(loader.loadedImageURLs, [imageURL("a")], "Expected a download after the kept bytes failed")
        XCTAssertTrue(received.isEmpty, "Expected no failure shown while the download runs")

        task.cancel()
        XCTAssertEqual(loader.cancelledImageURLs, [imageURL("a")], "Expected cancel to reach the download")
    }

    func test_cancelWhileReadingTheStore_deliversNothing_andDownloadsNothing() {
        let store = StoreSpy(kept: [imageURL("a"): imageData("a")], answersAtOnce: false)
        let (sut, loader, decoder) = makeSUT(store: store)
        var received: [Result<String, Error>] = []
        let task = sut.loadThumbnail(from: imageURL("a")) { received.append($0) }

        task.cancel()
        store.answerRetrievals()

        XCTAssertEqual(decoder.decodedData, [])
        XCTAssertEqual(loader.loadedImageURLs, [])
        XCTAssertTrue(received.isEmpty)
    }

    // MARK: Helpers

    private func makeSUT(
        store: ItemImageDataStore? = nil,
        file: StaticString = #filePath, line: UInt = #line
    ) -> (ItemThumbnailLoader<DecoderSpy>, ItemLoaderSpy, DecoderSpy) {
        let loader = ItemLoaderSpy()
        let decoder = DecoderSpy()
        let sut = ItemThumbnailLoader(imageLoader: loader, decoder: decoder, store: store)
        trackForMemoryLeaks(loader, file: file, line: line)
        trackForMemoryLeaks(decoder, file: file, line: line)
        trackForMemoryLeaks(sut, file: file, line: line)
        return (sut, loader, decoder)
    }
}

private final class StoreSpy: ItemImageDataStore {
    private let kept: [URL: Data]
    private let answersAtOnce: Bool
    private var pending: [() -> Void] = []
    private(set) var inserted: [URL: Data] = [:]

    init(kept: [URL: Data], answersAtOnce: Bool = true) {
        self.kept = kept
        self.answersAtOnce = answersAtOnce
    }

    func retrieve(dataFor url: URL, completion: @escaping (Data?) -> Void) {
        let answer = { [kept] in completion(kept[url]) }
        answersAtOnce ? answer() : pending.append(answer)
    }

    func insert(_ data: Data, for url: URL) {
        inserted[url] = data
    }

    func answerRetrievals() {
        pending.forEach { $0() }
    }
}

private final class DecoderSpy: ItemImageDecoder {
    private(set) var decodedData: [Data] = []
    private(set) var cancelCount = 0
    private var completions: [(Result<String, Error>) -> Void] = []

    func decode(_ data: Data, completion: @escaping (Result<String, Error>) -> Void) -> ItemImageLoaderTask {
        decodedData.append(data)
        completions.append(completion)
        return CancelRecorder { [weak self] in self?.cancelCount += 1 }
    }

    func complete(with image: String, at index: Int = 0) {
        completions[index](.success(image))
    }

    func fail(at index: Int = 0) {
        completions[index](.failure(NSError(domain: "undecodable", code: 0)))
    }
}

import XCTest
import ItemFeed
import ItemFeedTestSupport

/// SPEC 5.2: primary first; the fallback when the primary fails or is empty.
final class ItemLoaderWithFallbackTests: XCTestCase {
    func test_load_deliversPrimaryItems_withoutAskingTheFallback() {
        let primaryItems = [makeItem(name: "primary")]
        let (sut, fallback) = makeSUT(primary: .success(primaryItems), fallback: .success([makeItem()]))

        XCTAssertEqual(try load(sut).get().items, primaryItems)
        XCTAssertEqual(fallback.loadCallCount, 0, "Expected no fallback load when the primary has items")
    }

    func test_load_deliversFallbackItems_whenPrimaryFails() {
        let fallbackItems = [makeItem(name: "fallback")]
        let (sut, _) = makeSUT(primary: .failure(anyError()), fallback: .success(fallbackItems))

        XCTAssertEqual(try load(sut).get().items, fallbackItems)
    }

    func test_load_deliversFallbackItems_whenPrimaryIsEmpty() {
        let fallbackItems = [makeItem(name: "fallback")]
        let (sut, fallback) = makeSUT(primary: .success([]), fallback: .success(fallbackItems))

        XCTAssertEqual(try load(sut).get().items, fallbackItems, "Expected an empty primary to count as a failure")
        XCTAssertEqual(fallback.loadCallCount, 1)
    }

    func test_load_failsWithThePrimarysError_whenBothFail() {
        let primaryError = NSError(domain: "primary", code: 1)
        let (sut, _) = makeSUT(primary: .failure(primaryError), fallback: .failure(NSError(domain: "fallback", code: 2)))

        XCTAssertEqual(load(sut).error as NSError?, primaryError)
    }

    func test_load_failsWithThePrimarysError_whenPrimaryFailsAndFallbackIsEmpty() {
        let primaryError = NSError(domain: "primary", code: 1)
        let (sut, _) = makeSUT(primary: .failure(primaryError), fallback: .success([]))

        XCTAssertEqual(load(sut).error as NSError?, primaryError)
    }

    func test_load_failsWithNoItems_whenBothAreEmpty() {
        let (sut, _) = makeSUT(primary: .success([]), fallback: .success([]))

        XCTAssertEqual(load(sut).error as? FeedError, .noItems)
    }

    func test_load_failsWithTheFallbacksError_whenPrimaryIsEmptyAndFallbackFails() {
        let fallbackError = NSError(domain: "fallback", code: 2)
        let (sut, _) = makeSUT(primary: .success([]), fallback: .failure(fallbackError))

        XCTAssertEqual(load(sut).error as NSError?, fallbackError)
    }

    func test_fallbackFeed_saysItIsASavedCopy_andWhyThePrimaryWasPassedOver() {
        let primaryError = NSError(domain: "primary", code: 1)
        let (sut, _) = makeSUT(primary: .failure(primaryError), fallback: .success([makeItem()]))

        XCTAssertEqual(try load(sut).get().origin, .saved(because: primaryError))
    }

    func test_fallbackFeedForAnEmptyPrimary_saysNoItemsWasWhy() {
        let (sut, _) = makeSUT(primary: .success([]), fallback: .success([makeItem()]))

        XCTAssertEqual(try load(sut).get().origin, .saved(because: FeedError.noItems))
    }

    func test_primaryFeed_isFresh() {
        let (sut, _) = makeSUT(primary: .success([makeItem()]), fallback: .success([makeItem()]))

        XCTAssertEqual(try load(sut).get().origin, .fresh)
    }

    func test_cancel_stopsWhicheverLoadIsUnderWay() {
        let primary = ItemLoaderSpy()
        let fallback = ItemLoaderSpy()
        let sut = ItemLoaderWithFallback(primary: primary, fallback: fallback)
        var received: [Result<Feed, Error>] = []

        sut.load { received.append($0) }.cancel()
        XCTAssertEqual(primary.cancelledItemLoads, [0])

        let second = sut.load { received.append($0) }
        primary.completeItemLoadingWithError(at: 1)
        second.cancel()
        fallback.completeItemLoading(with: [makeItem()], at: 0)

        XCTAssertEqual(fallback.cancelledItemLoads, [0])
        XCTAssertTrue(received.isEmpty, "Expected nothing delivered after either cancel")
    }

    // MARK: Helpers

    func test_load_passesOnThePrimarysBatches_butNotTheFallbacks() {
        let fresh = [makeItem(id: "fresh")], saved = [makeItem(id: "saved")]
        var batches: [[Item]] = []

        let (online, _) = makeSUT(primary: .success(fresh), fallback: .success(saved))
        online.load(batches: { batches.append($0) }) { _ in }
        XCTAssertEqual(batches, [fresh])

        batches = []
        let (offline, _) = makeSUT(primary: .failure(anyError()), fallback: .success(saved))
        var received: Feed?
        offline.load(batches: { batches.append($0) }) { received = try? $0.get() }
        XCTAssertEqual(batches, [], "Expected the saved copy to come whole, in the completion")
        XCTAssertEqual(received?.items, saved)
    }

    private func makeSUT(
        primary: Result<[Item], Error>,
        fallback: Result<[Item], Error>,
        file: StaticString = #filePath,
        line: UInt = #line
    ) -> (ItemLoader, ItemLoaderStub) {
        let primaryLoader = ItemLoaderStub(result: primary)
        let fallbackLoader = ItemLoaderStub(result: fallback)
        let sut = ItemLoaderWithFallback(primary: primaryLoader, fallback: fallbackLoader)
        trackForMemoryLeaks(primaryLoader, file: file, line: line)
        trackForMemoryLeaks(fallbackLoader, file: file, line: line)
        trackForMemoryLeaks(sut, file: file, line: line)
        return (sut, fallbackLoader)
    }

    private func load(_ sut: ItemLoader, file: StaticString = #filePath, line: UInt = #line) -> Result<Feed, Error> {
        var received: [Result<Feed, Error>] = []
        sut.load { received.append($0) }
        XCTAssertEqual(received.count, 1, "Expected exactly one completion", file: file, line: line)
        return received[0]
    }
}

private final class ItemLoaderStub: ItemLoader {
    private let result: Result<Feed, Error>
    private(set) var loadCallCount = 0

    init(result: Result<[Item], Error>) {
        self.result = result.map { Feed(items: $0) }
    }

    /// Hands its items on as one batch first, when asked, as a mapping does.
    func load(batches: (([Item]) -> Void)?, completion: @escaping (Result<Feed, Error>) -> Void) -> FeedLoadTask {
        loadCallCount += 1
        if case let .success(feed) = result, !feed.items.isEmpty { batches?(feed.items) }
        completion(result)
        return CancelRecorder {}
    }
}

private extension Result {
    var error: Failure? {
        if case let .failure(error) = self { return error }
        return nil
    }
}

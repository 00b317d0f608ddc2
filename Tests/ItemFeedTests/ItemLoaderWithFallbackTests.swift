import XCTest
import ItemFeed
import ItemFeedTestSupport

/// SPEC 5.2: primary first; the fallback when the primary fails or is empty.
final class ItemLoaderWithFallbackTests: XCTestCase {
    func test_load_deliversPrimaryItems_withoutAskingTheFallback() {
        let primaryItems = [makeItem(name: "primary")]
        let (sut, fallback) = makeSUT(primary: .success(primaryItems), fallback: .success([makeItem()]))

        XCTAssertEqual(try load(sut).get(), primaryItems)
        XCTAssertEqual(fallback.loadCallCount, 0, "Expected no fallback load when the primary has items")
    }

    func test_load_deliversFallbackItems_whenPrimaryFails() {
        let fallbackItems = [makeItem(name: "fallback")]
        let (sut, _) = makeSUT(primary: .failure(anyError()), fallback: .success(fallbackItems))

        XCTAssertEqual(try load(sut).get(), fallbackItems)
    }

    func test_load_deliversFallbackItems_whenPrimaryIsEmpty() {
        let fallbackItems = [makeItem(name: "fallback")]
        let (sut, fallback) = makeSUT(primary: .success([]), fallback: .success(fallbackItems))

        XCTAssertEqual(try load(sut).get(), fallbackItems, "Expected an empty primary to count as a failure")
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

    func test_usingTheFallback_reportsWhyThePrimaryWasPassedOver_beforeDelivering() {
        let primaryError = NSError(domain: "primary", code: 1)
        var events: [String] = []
        let sut = ItemLoaderWithFallback(
            primary: ItemLoaderStub(result: .failure(primaryError)),
            fallback: ItemLoaderStub(result: .success([makeItem()])),
            didUseFallback: { events.append("fallback because \(($0 as NSError).domain)") }
        )

        sut.load { _ in events.append("delivered") }

        XCTAssertEqual(events, ["fallback because primary", "delivered"])
    }

    func test_usingTheFallbackForAnEmptyPrimary_reportsNoItems() {
        var reported: [Error] = []
        let sut = ItemLoaderWithFallback(
            primary: ItemLoaderStub(result: .success([])),
            fallback: ItemLoaderStub(result: .success([makeItem()])),
            didUseFallback: { reported.append($0) }
        )

        sut.load { _ in }

        XCTAssertEqual(reported.map { $0 as? FeedError }, [.noItems])
    }

    func test_notUsingTheFallback_reportsNothing() {
        var reported: [Error] = []
        for (primary, fallback) in [
            (Result<[Item], Error>.success([makeItem()]), Result<[Item], Error>.success([makeItem()])),
            (.failure(anyError()), .failure(anyError())),
            (.failure(anyError()), .success([])),
        ] {
            let sut = ItemLoaderWithFallback(
                primary: ItemLoaderStub(result: primary),
                fallback: ItemLoaderStub(result: fallback),
                didUseFallback: { reported.append($0) }
            )
            sut.load { _ in }
        }

        XCTAssertTrue(reported.isEmpty, "Expected no report unless the fallback's items are shown")
    }

    // MARK: Helpers

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

    private func load(_ sut: ItemLoader, file: StaticString = #filePath, line: UInt = #line) -> Result<[Item], Error> {
        var received: [Result<[Item], Error>] = []
        sut.load { received.append($0) }
        XCTAssertEqual(received.count, 1, "Expected exactly one completion", file: file, line: line)
        return received[0]
    }
}

private final class ItemLoaderStub: ItemLoader {
    private let result: Result<[Item], Error>
    private(set) var loadCallCount = 0

    init(result: Result<[Item], Error>) {
        self.result = result
    }

    func load(completion: @escaping (Result<[Item], Error>) -> Void) {
        loadCallCount += 1
        completion(result)
    }
}

private extension Result {
    var error: Failure? {
        if case let .failure(error) = self { return error }
        return nil
    }
}

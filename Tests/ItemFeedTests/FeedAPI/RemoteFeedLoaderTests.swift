import XCTest
import ItemFeed
import ItemFeedTestSupport

/// SPEC 6 and 8: the status table, the format chosen from the body, and
/// polite fetching with the saved copy's validators.
final class RemoteFeedLoaderTests: XCTestCase {
    func test_load_requestsTheFeedURL_withNoValidators_whenNothingIsSaved() {
        let url = URL(string: "https://feeds.example.com/items.json")!
        let (sut, client) = makeSUT(url: url)

        sut.load { _ in }

        XCTAssertEqual(client.requestedURLs, [url])
        XCTAssertEqual(client.requestHeaders, [[:]])
    }

    func test_load_mapsTheFormatTheBodyIsIn_inTheOrderGiven() throws {
        let (sut, client) = makeSUT(formats: [FormatStub(id: "json-feed", claims: "jsonfeed"), FormatStub(id: "native", claims: "{")])

        let feed = try load(sut) { client.complete(withStatusCode: 200, data: Data(#"{"version": "https://jsonfeed.org/version/1.1"}"#.utf8)) }.get()

        XCTAssertEqual(feed.title, "json-feed")
    }

    func test_load_ofABodyNoFormatRecognises_isInvalidData_withAMessageNamingTheFormats() {
        let (sut, client) = makeSUT()

        let result = load(sut) { client.complete(withStatusCode: 200, data: Data("<html>Hello</html>".utf8)) }

        XCTAssertEqual(result.failure as? RemoteLoadError, .invalidData)
        XCTAssertTrue(result.failure?.localizedDescription.contains("RSS, Atom, JSON Feed") == true)
    }

    func test_load_statusTable_appliesBeforeAnyFormat() {
        for (status, expected) in [(101, RemoteLoadError.client(statusCode: 101)), (302, .client(statusCode: 302)), (404, .client(statusCode: 404)), (500, .server(statusCode: 500))] {
            let (sut, client) = makeSUT()
            let result = load(sut) { client.complete(withStatusCode: status, data: Data(#"{"items": []}"#.utf8)) }
            XCTAssertEqual(result.failure as? RemoteLoadError, expected, "HTTP \(status)")
        }
    }

    func test_load_onTransportFailureOrOversizedBody_saysWhich() {
        for (clientError, expected) in [(HTTPClientError.transport(description: "refused"), RemoteLoadError.connectivity), (.bodyTooLarge(limitBytes: 1024), .tooLarge(limitBytes: 1024))] {
            let (sut, client) = makeSUT()
            XCTAssertEqual(load(sut) { client.complete(with: clientError) }.failure as? RemoteLoadError, expected)
        }
    }

    func test_load_sendsTheSavedCopysValidators() throws {
        let cache = makeCache()
        try cache.save(SavedFeed(formatID: "native", validators: .init(entityTag: #""v7""#, lastModified: "Sat, 31 Jan 2026 09:00:00 GMT"), body: Data()))
        let (sut, client) = makeSUT(cache: cache)

        sut.load { _ in }

        XCTAssertEqual(client.requestHeaders, [["If-None-Match": #""v7""#, "If-Modified-Since": "Sat, 31 Jan 2026 09:00:00 GMT"]])
    }

    func test_load_on304_mapsTheSavedCopy_asFresh() throws {
        let cache = makeCache()
        try cache.save(SavedFeed(formatID: "native", validators: .init(entityTag: #""v7""#), body: Data(#"{"items": [{"id": "1", "name": "Saved"}]}"#.utf8)))
        let (sut, client) = makeSUT(cache: cache)

        let feed = try load(sut) { client.complete(withStatusCode: 304, data: Data()) }.get()

        XCTAssertEqual(feed.items.map(\.name), ["Saved"])
        XCTAssertEqual(feed.origin, .fresh)
    }

    func test_load_on304WithNothingSaved_isTheStatusError() {
        let (sut, client) = makeSUT(cache: makeCache())

        XCTAssertEqual(load(sut) { client.complete(withStatusCode: 304, data: Data()) }.failure as? RemoteLoadError, .client(statusCode: 304))
    }

    func test_cancel_stopsTheTransfer_andNothingIsDelivered() {
        let url = URL(string: "https://feeds.example.com/feed.json")!
        let (sut, client) = makeSUT(url: url)
        var received: [Result<Feed, Error>] = []
        let task = sut.load { received.append($0) }

        task.cancel()
        client.complete(withStatusCode: 200, data: Data(#"{"items": [{"id": "1", "name": "Late"}]}"#.utf8))

        XCTAssertEqual(client.cancelledURLs, [url])
        XCTAssertTrue(received.isEmpty, "Expected a cancelled load never to deliver")
    }

    func test_cancelWhileMapping_dropsTheMappedFeed() {
        let client = HTTPClientSpy()
        var pendingMapping: (() -> Void)?
        let sut = RemoteFeedLoader(url: anyURL(), client: client) { mapping, _, completion in
            pendingMapping = { completion(Result { try mapping(nil) }) }
        }
        var received: [Result<Feed, Error>] = []
        let task = sut.load { received.append($0) }
        client.complete(withStatusCode: 200, data: Data(#"{"items": [{"id": "1", "name": "One"}]}"#.utf8))

        task.cancel()
        pendingMapping?()

        XCTAssertTrue(received.isEmpty, "Expected the mapping's result dropped after cancel")
        XCTAssertEqual(client.cancelledURLs, [], "Expected no cancel for a transfer that had finished")
    }

    func test_load_doesNotDeliver_afterTheLoaderIsDeallocated() {
        let client = HTTPClientSpy()
        var sut: RemoteFeedLoader? = RemoteFeedLoader(url: anyURL(), client: client)
        var received: [Result<Feed, Error>] = []
        sut?.load { received.append($0) }

        sut = nil
        client.complete(withStatusCode: 200, data: Data(#"{"items": []}"#.utf8))

        XCTAssertTrue(received.isEmpty, "Expected no result after the loader was deallocated")
    }

    func test_load_handsOnBatchesInOrder_beforeTheFeedThatHoldsEveryItem() throws {
        let client = HTTPClientSpy()
        let sut = RemoteFeedLoader(url: anyURL(), client: client)
        var events: [String] = []
        sut.load(batches: { events.append("batch \($0.first!.id)–\($0.last!.id)") }) {
            events.append("feed of \((try? $0.get())?.items.count ?? -1)")
        }

        client.complete(withStatusCode: 200, data: nativeFeed(ids: 1...200))

        XCTAssertEqual(events, ["batch 1–16", "batch 17–48", "batch 49–112", "feed of 200"])
    }

    func test_cancelWhileMapping_dropsTheBatchesStillToCome() {
        let client = HTTPClientSpy()
        var pendingMapping: (() -> Void)?
        let sut = RemoteFeedLoader(url: anyURL(), client: client) { mapping, batches, completion in
            pendingMapping = { completion(Result { try mapping(batches.map(ItemBatches.init)) }) }
        }
        var batchCount = 0
        let task = sut.load(batches: { _ in batchCount += 1 }) { _ in }
        client.complete(withStatusCode: 200, data: nativeFeed(ids: 1...200))

        task.cancel()
        pendingMapping?()

        XCTAssertEqual(batchCount, 0)
    }

    private func nativeFeed(ids: ClosedRange<Int>) -> Data {
        let entries = ids.map { #"{"id": "\#($0)", "name": "Item \#($0)"}"# }
        return Data(#"{"items": [\#(entries.joined(separator: ","))]}"#.utf8)
    }

    func test_load_mapsThroughTheInjectedStep() {
        let client = HTTPClientSpy()
        var mappings = 0
        let sut = RemoteFeedLoader(url: anyURL(), client: client) { mapping, _, completion in
            mappings += 1
            completion(Result { try mapping(nil) })
        }
        sut.load { _ in }

        client.complete(withStatusCode: 200, data: Data(#"{"items": []}"#.utf8))

        XCTAssertEqual(mappings, 1)
    }

    // MARK: Helpers

    private func makeSUT(
        url: URL = URL(string: "https://any-url.com/feed.json")!,
        formats: [any FeedFormat] = .json,
        cache: FeedCache? = nil,
        file: StaticString = #filePath,
        line: UInt = #line
    ) -> (RemoteFeedLoader, HTTPClientSpy) {
        let client = HTTPClientSpy()
        let sut = RemoteFeedLoader(url: url, client: client, formats: formats, cache: cache)
        trackForMemoryLeaks(client, file: file, line: line)
        trackForMemoryLeaks(sut, file: file, line: line)
        return (sut, client)
    }

    private func makeCache() -> FeedCache {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("itemfeed-loader-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        return FeedCache(directory: directory, feedURL: anyURL())
    }

    private func load(_ sut: RemoteFeedLoader, when action: () -> Void, file: StaticString = #filePath, line: UInt = #line) -> Result<Feed, Error> {
        var received: [Result<Feed, Error>] = []
        sut.load { received.append($0) }
        action()
        XCTAssertEqual(received.count, 1, "Expected exactly one completion", file: file, line: line)
        return received.first ?? .failure(RemoteLoadError.invalidData)
    }
}

/// A format that claims bodies containing a marker and names itself in
/// the feed's title, so a test sees which format mapped.
private struct FormatStub: FeedFormat {
    let id: String
    let claims: String
    var name: String { id }

    func recognises(_ response: HTTPResponse, from url: URL) -> Bool {
        String(decoding: response.body, as: UTF8.self).contains(claims)
    }

    func map(_ response: HTTPResponse, from url: URL, batches: ItemBatches?) throws -> Feed {
        Feed(items: [], title: id)
    }
}

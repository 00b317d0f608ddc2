import XCTest
import ItemFeed
import ItemFeedTestSupport

/// SPEC 6: the status table and the native feed format.
final class RemoteItemLoaderTests: XCTestCase {
    func test_load_requestsTheFeedURL() {
        let url = URL(string: "https://feeds.example.com/items.json")!
        let (sut, client) = makeSUT(url: url)

        sut.load { _ in }

        XCTAssertEqual(client.requestedURLs, [url])
    }

    func test_load_deliversConnectivityError_onTransportFailure() {
        let (sut, client) = makeSUT()

        expect(sut, toFailWith: .connectivity) {
            client.complete(with: .transport(description: "Connection refused"))
        }
    }

    func test_load_deliversTooLarge_whenTheClientStoppedAnOversizedBody() {
        let (sut, client) = makeSUT()

        expect(sut, toFailWith: .tooLarge(limitBytes: 1024)) {
            client.complete(with: .bodyTooLarge(limitBytes: 1024))
        }
    }

    func test_load_deliversClientError_on1xxResponses() {
        let (sut, client) = makeSUT()

        expect(sut, toFailWith: .client(statusCode: 101)) {
            client.complete(withStatusCode: 101, data: validFeedJSON)
        }
    }

    func test_load_deliversClientError_onUnresolved3xxResponses() {
        let (sut, client) = makeSUT()

        expect(sut, toFailWith: .client(statusCode: 304)) {
            client.complete(withStatusCode: 304, data: validFeedJSON)
        }
    }

    func test_load_deliversClientError_on4xxResponses() {
        let (sut, client) = makeSUT()

        expect(sut, toFailWith: .client(statusCode: 404)) {
            client.complete(withStatusCode: 404, data: validFeedJSON)
        }
    }

    func test_load_deliversServerError_on5xxResponses() {
        let (sut, client) = makeSUT()

        expect(sut, toFailWith: .server(statusCode: 503)) {
            client.complete(withStatusCode: 503, data: validFeedJSON)
        }
    }

    func test_load_deliversInvalidData_on2xxWithInvalidJSON() {
        let (sut, client) = makeSUT()

        expect(sut, toFailWith: .invalidData) {
            client.complete(withStatusCode: 200, data: Data("{\"items\": [".utf8))
        }
    }

    func test_load_deliversInvalidData_on2xxWithJSONThatIsNotAFeed() {
        let (sut, client) = makeSUT()

        expect(sut, toFailWith: .invalidData) {
            client.complete(withStatusCode: 200, data: Data("[{\"id\": \"1\"}]".utf8))
        }
    }

    func test_load_deliversNoItems_on2xxWithAnEmptyFeed() {
        let (sut, client) = makeSUT()

        let feed = loadFeed(sut) { client.complete(withStatusCode: 200, data: Data("{\"items\": []}".utf8)) }

        XCTAssertEqual(feed, Feed(items: [], skippedItemCount: 0))
    }

    func test_load_deliversItems_on2xxWithAValidFeed_resolvingRelativeImageURLs() {
        let (sut, client) = makeSUT(url: URL(string: "https://feeds.example.com/v1/feed.json")!)
        let json = Data("""
        {"items": [
          {"id": "7d3d2b4e-1c1e-4c55-9d3b-3f1f0f7a1a01", "name": "Full", "image_url": "https://img.example.com/a.png",
           "priority": 2, "date": "2026-01-31T12:00:00Z", "link": "https://example.com/a", "summary": "All fields"},
          {"id": 42, "name": "Relative", "image_url": "thumbs/b.jpg"},
          {"id": "frac", "name": "Fractional date", "image_url": "/c.gif", "date": "2026-02-01T00:00:00.250Z"}
        ]}
        """.utf8)

        let feed = loadFeed(sut) { client.complete(withStatusCode: 201, data: json) }

        XCTAssertEqual(feed?.items, [
            Item(
                id: "7d3d2b4e-1c1e-4c55-9d3b-3f1f0f7a1a01", name: "Full",
                imageURL: URL(string: "https://img.example.com/a.png")!, priority: 2,
                date: Date(timeIntervalSince1970: 1_769_860_800), link: URL(string: "https://example.com/a")!,
                summary: "All fields"
            ),
            Item(id: "42", name: "Relative", imageURL: URL(string: "https://feeds.example.com/v1/thumbs/b.jpg")!),
            Item(
                id: "frac", name: "Fractional date", imageURL: URL(string: "https://feeds.example.com/c.gif")!,
                date: Date(timeIntervalSince1970: 1_769_904_000.25)
            ),
        ])
        XCTAssertEqual(feed?.skippedItemCount, 0)
    }

    func test_load_skipsAndCountsInvalidEntries_whileTheRestLoad() {
        let (sut, client) = makeSUT(url: URL(string: "https://feeds.example.com/feed.json")!)
        let json = Data("""
        {"items": [
          {"id": "ok", "name": "Kept", "image_url": "https://img.example.com/ok.png", "date": "not a date", "link": "javascript:alert(1)"},
          {"name": "No id", "image_url": "https://img.example.com/1.png"},
          {"id": "2", "image_url": "https://img.example.com/2.png"},
          {"id": "3", "name": "   ", "image_url": "https://img.example.com/3.png"},
          {"id": "4", "name": "No image"},
          {"id": "5", "name": 5, "image_url": "https://img.example.com/5.png"},
          {"id": "6", "name": "Local file", "image_url": "file:///etc/passwd"},
          {"id": "7", "name": "Other scheme", "image_url": "ftp://img.example.com/7.png"},
          {"id": "ok", "name": "Duplicate id", "image_url": "https://img.example.com/dup.png"},
          "not an object",
          {"id": "last", "name": "Also kept", "image_url": "https://img.example.com/last.png"}
        ]}
        """.utf8)

        let feed = loadFeed(sut) { client.complete(withStatusCode: 200, data: json) }

        XCTAssertEqual(feed?.items.map(\.id), ["ok", "last"])
        XCTAssertNil(feed?.items.first?.date, "Expected an invalid optional date to be dropped, not the item")
        XCTAssertNil(feed?.items.first?.link, "Expected a non-web link to be dropped, not the item")
        XCTAssertEqual(feed?.skippedItemCount, 9)
    }

    func test_load_allowsFileImageURLs_onlyForAFeedThatIsALocalFile() {
        let (sut, client) = makeSUT(url: URL(fileURLWithPath: "/usr/share/item-feed/demo/feed.json"))
        let json = Data("""
        {"items": [{"id": "1", "name": "Local", "image_url": "images/1.png"}]}
        """.utf8)

        let feed = loadFeed(sut) { client.complete(withStatusCode: 200, data: json) }

        XCTAssertEqual(feed?.items.map(\.imageURL), [URL(fileURLWithPath: "/usr/share/item-feed/demo/images/1.png")])
    }

    func test_load_doesNotDeliver_afterTheLoaderIsDeallocated() {
        let client = HTTPClientSpy()
        var sut: RemoteItemLoader? = RemoteItemLoader(url: anyURL(), client: client)
        var received: [Result<[Item], Error>] = []
        sut?.load { received.append($0) }

        sut = nil
        client.complete(withStatusCode: 200, data: validFeedJSON)

        XCTAssertTrue(received.isEmpty, "Expected no result after the loader was deallocated")
    }

    func test_load_usesTheInjectedDecoder() {
        let client = HTTPClientSpy()
        var decodedBodies: [Data] = []
        let sut = RemoteItemLoader(url: anyURL(), client: client) { data, _, completion in
            decodedBodies.append(data)
            completion(.success(Feed(items: [])))
        }
        sut.load { _ in }

        client.complete(withStatusCode: 200, data: validFeedJSON)

        XCTAssertEqual(decodedBodies, [validFeedJSON])
    }

    // MARK: Helpers

    private let validFeedJSON = Data("""
    {"items": [{"id": "1", "name": "One", "image_url": "https://img.example.com/1.png"}]}
    """.utf8)

    private func makeSUT(
        url: URL = URL(string: "https://any-url.com/feed.json")!,
        file: StaticString = #filePath,
        line: UInt = #line
    ) -> (RemoteItemLoader, HTTPClientSpy) {
        let client = HTTPClientSpy()
        let sut = RemoteItemLoader(url: url, client: client)
        trackForMemoryLeaks(client, file: file, line: line)
        trackForMemoryLeaks(sut, file: file, line: line)
        return (sut, client)
    }

    private func expect(
        _ sut: RemoteItemLoader,
        toFailWith expected: RemoteLoadError,
        when action: () -> Void,
        file: StaticString = #filePath,
        line: UInt = #line
    ) {
        var received: [Result<[Item], Error>] = []
        sut.load { received.append($0) }
        action()
        XCTAssertEqual(received.count, 1, "Expected exactly one completion", file: file, line: line)
        guard case let .failure(error)? = received.first else {
            return XCTFail("Expected failure \(expected), got \(String(describing: received.first))", file: file, line: line)
        }
        XCTAssertEqual(error as? RemoteLoadError, expected, file: file, line: line)
    }

    private func loadFeed(
        _ sut: RemoteItemLoader,
        when action: () -> Void,
        file: StaticString = #filePath,
        line: UInt = #line
    ) -> Feed? {
        var received: [Result<Feed, Error>] = []
        sut.loadFeed { received.append($0) }
        action()
        XCTAssertEqual(received.count, 1, "Expected exactly one completion", file: file, line: line)
        do {
            return try received.first?.get()
        } catch {
            XCTFail("Expected a feed, got \(error)", file: file, line: line)
            return nil
        }
    }
}

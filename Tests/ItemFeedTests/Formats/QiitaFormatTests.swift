import XCTest
import ItemFeed
import ItemFeedTestSupport

/// SPEC 8, the Qiita row: the QiitaViewer article's client, with a fake
/// session answering each request as the test decides.
final class QiitaFormatTests: XCTestCase {
    private let itemsURL = URL(string: "https://qiita.com/api/v2/items?page=1&per_page=20&query=swift")!

    // MARK: Requests built from components

    func test_itemsURL_isBuiltFromComponents_withTheQueryEscaped() {
        XCTAssertEqual(QiitaAPI.itemsURL(query: "swift"), itemsURL)
        XCTAssertEqual(
            QiitaAPI.itemsURL(base: URL(string: "http://127.0.0.1:8080/ignored?x=1")!, page: 3, query: "tag:swift&c++ title:入門")?.absoluteString,
            "http://127.0.0.1:8080/api/v2/items?page=3&per_page=20&query=tag%3Aswift%26c%2B%2B%20title%3A%E5%85%A5%E9%96%80"
        )
        XCTAssertEqual(QiitaAPI.itemsURL(query: "")?.absoluteString, "https://qiita.com/api/v2/items?page=1&per_page=20")
    }

    func test_normalised_requestsAnyItemsAddress_asTheAppPagesIt() {
        XCTAssertEqual(QiitaAPI.normalised(URL(string: "https://qiita.com/api/v2/items?query=swift")!), itemsURL)
        XCTAssertEqual(QiitaAPI.normalised(URL(string: "https://qiita.com/api/v2/items?per_page=100&page=9&query=swift")!), itemsURL)
        XCTAssertNil(QiitaAPI.normalised(URL(string: "https://qiita.com/tags/swift")!))
    }

    // MARK: The article's status table, one row each

    func test_load_on1xx_isANetworkError() {
        expect(status: 101, toFailWith: .client(statusCode: 101))
    }

    func test_load_on3xx_isANetworkError() {
        expect(status: 301, toFailWith: .client(statusCode: 301))
    }

    func test_load_on4xx_isANetworkError() {
        expect(status: 404, toFailWith: .client(statusCode: 404))
        expect(status: 403, toFailWith: .client(statusCode: 403))
    }

    func test_load_on5xx_isAServerError() {
        expect(status: 500, toFailWith: .server(statusCode: 500))
        expect(status: 503, toFailWith: .server(statusCode: 503))
    }

    func test_load_onTransportFailure_isAConnectivityError() {
        let (sut, session) = makeSUT()
        var received: [Result<Feed, Error>] = []
        sut.load { received.append($0) }

        session.complete(with: .transport(description: "Could not resolve host: qiita.com"))

        XCTAssertEqual(received.count, 1)
        XCTAssertEqual(received.first?.failure as? RemoteLoadError, .connectivity)
    }

    func test_load_on2xx_decodesTheItems() throws {
        let (sut, session) = makeSUT()
        var received: [Result<Feed, Error>] = []
        sut.load { received.append($0) }

        session.complete(withStatusCode: 200, headers: ["total-count": "2"], data: Data(Self.page(count: 2).utf8))

        let feed = try XCTUnwrap(received.first?.get())
        XCTAssertEqual(feed.items.map(\.id), ["id0", "id1"])
        XCTAssertEqual(feed.totalItemCount, 2)
    }

    func test_load_on2xxWithABodyThatIsNotAnItemList_isInvalidData() {
        expect(status: 200, body: #"{"message": "Not found", "type": "not_found"}"#, toFailWith: .invalidData)
        expect(status: 200, body: "<html>maintenance</html>", toFailWith: .invalidData)
    }

    // MARK: Beyond the article: the rate limit

    func test_load_on403Or429WithNoRequestsRemaining_saysWhenTheLimitResets() {
        let reset = Date(timeIntervalSince1970: 1_800_000_000)
        for status in [403, 429] {
            expect(status: status, headers: ["rate-remaining": "0", "rate-reset": "1800000000"], toFailWith: .rateLimited(until: reset))
        }
        expect(status: 429, headers: ["rate-remaining": "0"], toFailWith: .rateLimited(until: nil))
        expect(status: 403, headers: ["rate-remaining": "12", "rate-reset": "1800000000"], toFailWith: .client(statusCode: 403))
    }

    func test_rateLimitedMessage_namesTheTimeItResets() {
        let reset = Date(timeIntervalSince1970: 1_800_000_000)

        let message = RemoteLoadError.rateLimited(until: reset).localizedDescription

        XCTAssertTrue(message.contains(reset.formatted(date: .omitted, time: .shortened)), message)
    }

    // MARK: Mapping and paging

    func test_map_readsEveryField() throws {
        let feed = try QiitaFormat().map("""
        [{"id": "c686397e4a0f4f11683d", "title": "Swift で GTK", "url": "https://qiita.com/jo/items/c686397e4a0f4f11683d",
          "created_at": "2026-01-31T18:00:00+09:00", "likes_count": 42,
          "tags": [{"name": "Swift", "versions": []}, {"name": "GTK"}],
          "user": {"id": "jo", "name": "Jo Doe", "profile_image_url": "https://s3.example.com/jo.png"}},
         {"id": "2", "title": "No name", "user": {"id": "anon", "name": ""}}]
        """, from: itemsURL.absoluteString)

        XCTAssertEqual(feed.items, [
            Item(id: "c686397e4a0f4f11683d", name: "Swift で GTK", imageURL: URL(string: "https://s3.example.com/jo.png"), author: "Jo Doe",
                 date: utc(2026, 1, 31, 9), link: URL(string: "https://qiita.com/jo/items/c686397e4a0f4f11683d"),
                 priority: -42, likes: 42, tags: ["Swift", "GTK"]),
            Item(id: "2", name: "No name", imageURL: nil, author: "anon"),
        ])
    }

    func test_map_keepsLikeCountsOf0And1() throws {
        let feed = try QiitaFormat().map(#"[{"id": "a", "title": "A", "likes_count": 0}, {"id": "b", "title": "B", "likes_count": 1}]"#, from: itemsURL.absoluteString)

        XCTAssertEqual(feed.items.map(\.likes), [0, 1])
    }

    func test_nextPage_followsTheLinkHeader_whenThereIsOne() throws {
        let link = #"<https://qiita.com/api/v2/items?page=1&per_page=20>; rel="first", <https://qiita.com/api/v2/items?page=2&per_page=20&query=swift>; rel="next""#

        let feed = try QiitaFormat().map(Self.page(count: 1), from: itemsURL.absoluteString, headers: ["link": link])

        XCTAssertEqual(feed.nextPage, URL(string: "https://qiita.com/api/v2/items?page=2&per_page=20&query=swift"))
    }

    func test_nextPage_withoutALinkHeader_isThePageAfter_whileAPageIsFull() throws {
        XCTAssertEqual(
            try QiitaFormat().map(Self.page(count: 20), from: itemsURL.absoluteString).nextPage,
            URL(string: "https://qiita.com/api/v2/items?page=2&per_page=20&query=swift")
        )
        XCTAssertNil(try QiitaFormat().map(Self.page(count: 19), from: itemsURL.absoluteString).nextPage)
        XCTAssertNil(try QiitaFormat().map(Self.page(count: 20), from: itemsURL.absoluteString, headers: ["link": #"<x>; rel="prev""#]).nextPage)
    }

    func test_recognises_anItemListAddress_whateverTheBody() {
        XCTAssertTrue(QiitaFormat().recognises("[]", from: "http://127.0.0.1:9/api/v2/items?page=1"))
        XCTAssertFalse(QiitaFormat().recognises("[]", from: "https://qiita.com/api/v2/users"))
    }

    // MARK: Helpers

    private func makeSUT(file: StaticString = #filePath, line: UInt = #line) -> (RemoteFeedLoader, HTTPClientSpy) {
        let session = HTTPClientSpy()
        let sut = RemoteFeedLoader(url: itemsURL, client: session)
        trackForMemoryLeaks(session, file: file, line: line)
        trackForMemoryLeaks(sut, file: file, line: line)
        return (sut, session)
    }

    private func expect(
        status: Int, headers: [String: String] = [:], body: String = QiitaFormatTests.page(count: 1),
        toFailWith expected: RemoteLoadError, file: StaticString = #filePath, line: UInt = #line
    ) {
        let (sut, session) = makeSUT(file: file, line: line)
        var received: [Result<Feed, Error>] = []
        sut.load { received.append($0) }

        session.complete(withStatusCode: status, headers: headers, data: Data(body.utf8))

        XCTAssertEqual(received.count, 1, "Expected exactly one completion", file: file, line: line)
        XCTAssertEqual(received.first?.failure as? RemoteLoadError, expected, "HTTP \(status)", file: file, line: line)
    }

    static func page(count: Int) -> String {
        "[" + (0..<count).map { #"{"id": "id\#($0)", "title": "Article \#($0)", "user": {"id": "u\#($0)"}}"# }.joined(separator: ",") + "]"
    }
}

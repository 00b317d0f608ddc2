import Foundation
import ItemFeed
import ItemFeedTestSupport
import XCTest

/// A new subscription whose address is a web page: the loader follows the
/// page to the first feed it names, once, and says where (`movedTo`).
@MainActor
final class SubscriptionLoaderPageTests: XCTestCase {
    private let page = URL(string: "https://blog.example/")!
    private let feed = URL(string: "https://blog.example/feed.json")!

    func test_aNewSubscriptionsPage_isFollowedToTheFeedItNames() async throws {
        let (loader, client) = makeSUT()
        var refresh: FeedRefresh?

        loader.refresh(Subscription(address: page, title: "Blog")) { refresh = $0 }
        client.complete(withStatusCode: 200, headers: ["content-type": "text/html"], data: Data("<html></html>".utf8))
        client.complete(withStatusCode: 200, headers: ["content-type": "application/json", "etag": "\"f1\""], data: Data(#"{"items": [{"id": "1", "name": "One"}]}"#.utf8), at: 1)

        XCTAssertEqual(client.requestedURLs, [page, feed])
        XCTAssertEqual(refresh?.address, page, "the library's row, until it follows the feed")
        XCTAssertEqual(refresh?.movedTo, feed)
        XCTAssertEqual(refresh?.validators?.entityTag, "\"f1\"")
        guard case let .loaded(_, _, items, _, _)? = refresh?.outcome else { return XCTFail("\(String(describing: refresh?.outcome))") }
        XCTAssertEqual(items.map(\.id), ["1"])
    }

    func test_aPageOfAFeedLoadedBefore_isAFailure_notFollowed() async throws {
        let (loader, client) = makeSUT()
        var refresh: FeedRefresh?

        loader.refresh(Subscription(address: page, title: "Blog", state: .ok)) { refresh = $0 }
        client.complete(withStatusCode: 200, headers: ["content-type": "text/html"], data: Data("<html></html>".utf8))

        XCTAssertEqual(client.requestedURLs, [page])
        guard case .failed? = refresh?.outcome else { return XCTFail("\(String(describing: refresh?.outcome))") }
    }

    func test_aNamedFeedThatIsAPageToo_isNotFollowedFurther() async throws {
        let (loader, client) = makeSUT()
        var refresh: FeedRefresh?

        loader.refresh(Subscription(address: page, title: "Blog")) { refresh = $0 }
        client.complete(withStatusCode: 200, headers: ["content-type": "text/html"], data: Data("<html></html>".utf8))
        client.complete(withStatusCode: 200, headers: ["content-type": "text/html"], data: Data("<html></html>".utf8), at: 1)

        XCTAssertEqual(client.requestedURLs, [page, feed])
        guard case .failed? = refresh?.outcome else { return XCTFail("\(String(describing: refresh?.outcome))") }
    }

    private func makeSUT() -> (SubscriptionLoader, HTTPClientSpy) {
        let client = HTTPClientSpy()
        let loader = SubscriptionLoader(client: client, formats: .json, links: PageLinks(feed: feed), now: { LibrarySpecData.date(1) })
        return (loader, client)
    }
}

/// Every HTML body names one feed.
private struct PageLinks: FeedLinkReader {
    let feed: URL
    func links(in response: HTTPResponse, from url: URL) -> [FeedLink]? {
        response.headers["content-type"] == "text/html" ? [FeedLink(url: feed, title: nil, format: "JSON Feed")] : nil
    }
}

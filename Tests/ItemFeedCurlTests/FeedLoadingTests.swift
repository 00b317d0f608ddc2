import Foundation
import ItemFeed
import ItemFeedCurl
import ItemFeedTestSupport
import ItemFeedXML
import XCTest

/// Every format through the real libcurl client and the loader, against
/// the local test server: what `--print` and the window do with a feed.
final class FeedLoadingTests: LocalServerTestCase {
    func test_loadsAnRSSFeedWithMediaThumbnails() throws {
        let feed = try load(served("""
        <?xml version="1.0" encoding="UTF-8"?>
        <rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/"><channel><title>Podcast</title>
          <item><title>Episode 1</title><guid>e1</guid><pubDate>Sat, 31 Jan 2026 09:00:00 GMT</pubDate>
            <media:thumbnail url="/img/e1.jpg"/></item>
        </channel></rss>
        """, type: "application/rss+xml")).get()

        XCTAssertEqual(feed.title, "Podcast")
        XCTAssertEqual(feed.items.map(\.name), ["Episode 1"])
        XCTAssertEqual(feed.items.first?.imageURL, server.url("/img/e1.jpg"))
    }

    func test_loadsAnAtomFeed_withItsNextPage() throws {
        let feed = try load(served("""
        <feed xmlns="http://www.w3.org/2005/Atom"><title>Notes</title><link rel="next" href="/page/2"/>
          <entry><id>urn:1</id><title>Entry</title><updated>2026-01-31T09:00:00Z</updated></entry></feed>
        """, type: "application/atom+xml")).get()

        XCTAssertEqual(feed.items.map(\.id), ["urn:1"])
        XCTAssertEqual(feed.nextPage, server.url("/page/2"))
    }

    func test_loadsAJSONFeed_whateverTheContentTypeSays() throws {
        let feed = try load(served(#"{"version": "https://jsonfeed.org/version/1.1", "title": "J", "items": [{"id": "1", "title": "Hi"}]}"#, type: "text/plain")).get()

        XCTAssertEqual(feed.items.map(\.name), ["Hi"])
    }

    func test_pagesThroughAJSONFeed_byItsNextURL() throws {
        let page2 = served(#"{"version": "https://jsonfeed.org/version/1.1", "items": [{"id": "2", "title": "Second"}]}"#, type: "application/feed+json")
        let page1 = served(#"{"version": "https://jsonfeed.org/version/1.1", "next_url": "\#(page2.absoluteString)", "items": [{"id": "1", "title": "First"}]}"#, type: "application/feed+json")

        let first = try load(page1).get()
        let next = try XCTUnwrap(first.nextPage)
        let second = try load(next, page: true).get()

        XCTAssertEqual(next, page2)
        XCTAssertEqual(first.items.map(\.name) + second.items.map(\.name), ["First", "Second"])
        XCTAssertNil(second.nextPage)
    }

    func test_loadsAQiitaShapedPage_pagingByTheLinkHeader() throws {
        let next = server.url("/echo/api/v2/items?page=2").absoluteString
        let url = served(
            #"[{"id": "q1", "title": "Swift", "likes_count": 3, "user": {"id": "jo", "profile_image_url": "https://img.example.com/jo.png"}}]"#,
            type: "application/json", path: "/echo/api/v2/items",
            headers: ["Link:<\(next)>; rel=\"next\"", "Total-Count:41"]
        )

        let feed = try load(url).get()

        XCTAssertEqual(feed.items.map(\.likes), [3])
        XCTAssertEqual(feed.nextPage, URL(string: next))
        XCTAssertEqual(feed.totalItemCount, 41)
    }

    func test_aQiitaRateLimit_saysWhenItResets() {
        let url = served("[]", type: "application/json", path: "/echo/api/v2/items", status: 429, headers: ["Rate-Remaining:0", "Rate-Reset:1800000000"])

        XCTAssertEqual(load(url).failure as? RemoteLoadError, .rateLimited(until: Date(timeIntervalSince1970: 1_800_000_000)))
    }

    func test_anHTMLPage_isNotAFeed() {
        XCTAssertEqual(load(served("<!doctype html><html><body>Hello</body></html>", type: "text/html")).failure as? RemoteLoadError, .invalidData)
    }

    func test_aSecondLoad_asksWithTheSavedETag_andA304ShowsTheSavedItemsAsFresh() throws {
        let url = served(#"{"items": [{"id": "1", "name": "Saved"}]}"#, type: "application/json", etag: #""v1""#)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("itemfeed-304-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        let cache = FeedCache(directory: directory, feedURL: url)

        _ = try load(url, cache: cache).get()
        XCTAssertEqual(cache.loadValidators()?.entityTag, #""v1""#)
        let second = try load(url, cache: cache).get()

        XCTAssertEqual(second.items.map(\.name), ["Saved"])
        XCTAssertEqual(second.origin, .fresh)
    }

    func test_aReloadInterruptingA30MiBFeed_closesItsConnection_andOnlyTheNewerLoadDelivers() throws {
        let session = CurlSession(userAgent: "ItemFeed-tests/1.0") { $0() }
        let client = CurlHTTPClient(session: session, limits: .feed)
        let bigLoader = RemoteFeedLoader(url: server.url("/slow-feed"), client: client)
        let newerLoader = RemoteFeedLoader(url: served(#"{"items": [{"id": "1", "name": "Newer"}]}"#, type: "application/json"), client: client)
        let delivered = LockedBox<[String]>([])
        let big = bigLoader.load { result in
            delivered.update { $0.append("big: \((try? result.get().items.map(\.name)) ?? [])") }
        }
        Thread.sleep(forTimeInterval: 0.3)

        let cancelled = Date()
        big.cancel()
        let done = expectation(description: "the newer load")
        newerLoader.load { result in
            delivered.update { $0.append("newer: \((try? result.get().items.map(\.name)) ?? [])") }
            done.fulfill()
        }
        try waitUntilServerSawAbort(of: "/slow-feed")
        let sawClose = Date().timeIntervalSince(cancelled)
        wait(for: [done], timeout: 10)

        print(String(format: "a reload 0.3 s into a 30 MiB feed: the server saw the connection close within %.0f ms", sawClose * 1000))
        Thread.sleep(forTimeInterval: 0.2)
        XCTAssertEqual(delivered.value, ["newer: [\"Newer\"]"], "Expected the interrupted load never to deliver")
    }

    // MARK: Helpers

    private func load(_ url: URL, cache: FeedCache? = nil, page: Bool = false, file: StaticString = #filePath, line: UInt = #line) -> Result<Feed, Error> {
        let session = CurlSession(userAgent: "ItemFeed-tests/1.0") { $0() }
        let client = CurlHTTPClient(session: session, limits: .feed)
        let loader = RemoteFeedLoader(url: url, client: client, formats: .json + [RSSFormat(), AtomFormat()], cache: cache)
        let received = LockedBox<[Result<Feed, Error>]>([])
        let done = expectation(description: "load \(url)")
        let completion: (Result<Feed, Error>) -> Void = { result in
            received.update { $0.append(result) }
            done.fulfill()
        }
        if page { loader.loadPage(at: url, completion: completion) } else { loader.load(completion: completion) }
        wait(for: [done], timeout: 15)
        XCTAssertEqual(received.value.count, 1, "Expected exactly one completion", file: file, line: line)
        return received.value.first ?? .failure(RemoteLoadError.connectivity)
    }
}

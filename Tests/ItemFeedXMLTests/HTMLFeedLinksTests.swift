import Foundation
import ItemFeed
import ItemFeedXML
import XCTest

/// SPEC 14: a web page's address finds the feeds it names.
final class HTMLFeedLinksTests: XCTestCase {
    private let sut = HTMLFeedLinks()
    private let page = URL(string: "https://blog.example.com/posts/")!

    func test_findsRSSAtomAndJSONFeedLinks_inTheirOrder_withTitlesAndFormats() {
        let links = sut.links(in: html("""
        <link rel="stylesheet" href="/style.css">
        <link rel="alternate" type="application/rss+xml" title="Posts" href="/feed.xml">
        <LINK REL="Alternate" TYPE="application/atom+xml" href="atom.xml">
        <link rel="alternate" type="application/feed+json; charset=utf-8" title="JSON &amp; more" href="https://cdn.example.net/feed.json">
        <link rel="alternate" type="text/html" hreflang="fr" href="/fr/">
        """), from: page)

        XCTAssertEqual(links, [
            FeedLink(url: URL(string: "https://blog.example.com/feed.xml")!, title: "Posts", format: "RSS"),
            FeedLink(url: URL(string: "https://blog.example.com/posts/atom.xml")!, title: nil, format: "Atom"),
            FeedLink(url: URL(string: "https://cdn.example.net/feed.json")!, title: "JSON & more", format: "JSON Feed"),
        ])
    }

    func test_resolvesAgainstTheBaseElement() {
        let links = sut.links(in: html("""
        <base href="https://static.example.org/site/">
        <link rel="alternate" type="application/rss+xml" href="rss">
        """), from: page)

        XCTAssertEqual(links?.map(\.url.absoluteString), ["https://static.example.org/site/rss"])
    }

    func test_aBaseWithoutAHost_isIgnored_andLinksWithoutOneLeftOut() {
        let links = sut.links(in: html("""
        <base href="https:g">
        <link rel="alternate" type="application/rss+xml" href="/feed">
        <link rel="alternate" type="application/atom+xml" href="http:/atom">
        """), from: page)

        XCTAssertEqual(links?.map(\.url.absoluteString), ["https://blog.example.com/feed"])
    }

    func test_leavesOutNonWebAddresses_andRepeats() {
        let links = sut.links(in: html("""
        <link rel="alternate" type="application/rss+xml" href="javascript:alert(1)">
        <link rel="alternate" type="application/rss+xml" href="file:///etc/passwd">
        <link rel="alternate" type="application/rss+xml" href="/feed">
        <link rel="alternate" type="application/rss+xml" href="https://blog.example.com/feed">
        """), from: page)

        XCTAssertEqual(links?.map(\.url.absoluteString), ["https://blog.example.com/feed"])
    }

    func test_aPageNamingNoFeed_hasNoLinks_andWhatIsNotAPage_isNil() {
        XCTAssertEqual(sut.links(in: html("<title>Hi</title>"), from: page), [])
        XCTAssertNil(sut.links(in: HTTPResponse(statusCode: 200, headers: ["content-type": "application/json"], body: Data("{}".utf8)), from: page))
        XCTAssertNotNil(sut.links(in: HTTPResponse(statusCode: 200, body: Data("  <!DOCTYPE html><p>x".utf8)), from: page), "Expected a page told by its start")
    }

    func test_tagSoup_andAPageNestedThousandsDeep_areRead() {
        let deep = String(repeating: "<div>", count: 20_000)
        let links = sut.links(in: html("<link rel=alternate type=application/rss+xml href=/soup><p><b>unclosed" + deep), from: page)

        XCTAssertEqual(links?.map(\.url.absoluteString), ["https://blog.example.com/soup"])
    }

    func test_throughTheLoader_aPageIsAFailureNamingItsFeeds_orNone() {
        let client = PageClient(body: html(#"<link rel="alternate" type="application/atom+xml" href="/atom">"#).body)
        let loader = RemoteFeedLoader(url: page, client: client, formats: [RSSFormat(), AtomFormat()], links: sut)
        var result: Result<Feed, Error>?

        loader.load { result = $0 }

        XCTAssertEqual(result?.failure as? RemoteLoadError, .pageNamesFeeds([FeedLink(url: URL(string: "https://blog.example.com/atom")!, title: nil, format: "Atom")]))
        XCTAssertEqual(RemoteLoadError.pageNamesNoFeed.errorDescription, "This page names no feed. Look on the site for a link to its feed, and open that address.")
    }

    /// SPEC 11: a site's icon, when its feed names none.
    func test_icon_isTheFirstIconLink_elseTheTouchIcon_resolved_andWebOnly() {
        let page = URL(string: "https://blog.example/posts/")!
        let reader = HTMLFeedLinks()

        XCTAssertEqual(reader.icon(in: html(#"<link rel="apple-touch-icon" href="/touch.png"><link rel="Shortcut Icon" href="fav.png"><link rel="icon" href="/second.png">"#), from: page),
                       URL(string: "https://blog.example/posts/fav.png"))
        XCTAssertEqual(reader.icon(in: html(#"<link rel="apple-touch-icon" href="/touch.png">"#), from: page), URL(string: "https://blog.example/touch.png"))
        XCTAssertEqual(reader.icon(in: html(#"<base href="https://cdn.example/"><link rel="icon" href="i.svg">"#), from: page), URL(string: "https://cdn.example/i.svg"))
        XCTAssertNil(reader.icon(in: html(#"<link rel="icon" href="file:///etc/passwd"><link rel="icon" href="javascript:x">"#), from: page))
        XCTAssertNil(reader.icon(in: html(#"<link rel="stylesheet" href="/s.css">"#), from: page))
        XCTAssertNil(reader.icon(in: HTTPResponse(statusCode: 200, headers: ["content-type": "image/png"], body: Data([0x89, 0x50])), from: page))
    }

    private func html(_ head: String) -> HTTPResponse {
        HTTPResponse(statusCode: 200, headers: ["content-type": "text/html; charset=utf-8"], body: Data("<!DOCTYPE html><html><head>\(head)</head><body></body></html>".utf8))
    }
}

/// Answers every request at once with a web page.
private final class PageClient: HTTPClient {
    let body: Data
    init(body: Data) { self.body = body }

    private struct Task: HTTPClientTask { func cancel() {} }

    func send(_ request: HTTPRequest, completion: @escaping (Result<HTTPResponse, HTTPClientError>) -> Void) -> HTTPClientTask {
        completion(.success(HTTPResponse(statusCode: 200, headers: ["content-type": "text/html"], body: body)))
        return Task()
    }
}

import Foundation
import ItemFeed
@testable import ItemFeedXML
import XCTest

/// The readability pass on pages written here: what it keeps, what it
/// resolves and what it refuses, whatever the page.
final class ReadabilityTests: XCTestCase {
    private let address = URL(string: "https://news.example/2026/11/tides.html")!

    private func page(head: String = "", body: String) -> Data {
        Data("<!DOCTYPE html><html lang=\"en\"><head><title>Reading the Harbour's Tide Tables - Gazette</title>\(head)</head><body>\(body)</body></html>".utf8)
    }

    private let paragraphs = (1...5).map { "<p>Paragraph \($0) of the article, long enough to count, with commas, clauses, and the words a reader came for: the tides, the moon that pulls them, and the harbour they fill twice a day.</p>" }.joined()

    func test_theArticle_keepsItsParagraphs_andLeavesTheChromeOut() throws {
        let article = try Readability.article(from: page(body: """
        <header class="site-header"><a href="/">Gazette</a></header><nav class="menu"><a href="/a">A</a><a href="/b">B</a></nav>
        <div class="content"><h1>Reading the Harbour's Tide Tables</h1>\(paragraphs)</div>
        <aside class="sidebar"><p>Subscribe to our newsletter for more, every week, in your inbox, free of charge, forever.</p></aside>
        <div id="comments" class="comments"><p>First! Great article, thanks, really.</p></div>
        """), address: address)

        XCTAssertEqual(article.title, "Reading the Harbour's Tide Tables")
        XCTAssertEqual(article.text.components(separatedBy: "\n\n").count, 5)
        XCTAssertTrue(article.text.hasPrefix("Paragraph 1 of the article"))
        XCTAssertFalse(article.text.contains("newsletter"))
        XCTAssertFalse(article.text.contains("First!"))
        XCTAssertEqual(article.language, "en")
        XCTAssertTrue(article.isReaderable)
    }

    func test_addressesAreResolved_scriptLinksBecomeText_andLazyImagesGetTheirAddress() throws {
        let article = try Readability.article(from: page(body: """
        <article>\(paragraphs)
        <p>See <a href="../10/earlier.html">the earlier tables</a> or <a href="javascript:alert(1)">this</a>, and <a href="#notes">the notes</a>, with more words.</p>
        <img class="lazy" data-src="/images/tide.jpg" alt="The tide"><img src="data:image/gif;base64,R0lGOD" data-srcset="/images/a.png 2x">
        <p onclick="steal()" style="color: red">A paragraph with handlers, and a style, that nobody should keep around.</p></article>
        """), address: address)

        XCTAssertTrue(article.html.contains("href=\"https://news.example/2026/10/earlier.html\""), article.html)
        XCTAssertFalse(article.html.contains("javascript:"))
        XCTAssertTrue(article.html.contains("src=\"https://news.example/images/tide.jpg\""), article.html)
        XCTAssertFalse(article.html.contains("onclick"))
        XCTAssertFalse(article.html.contains("style="))
        let rendered = HTMLArticle.article(fromHTML: article.html, base: address)
        XCTAssertTrue(rendered.blocks.contains { if case .image = $0.kind { true } else { false } }, "the pane shows the lazy image")
    }

    func test_theMetadata_comesFromJSONLD_thenMetaTags() throws {
        let article = try Readability.article(from: page(head: """
        <meta property="og:site_name" content="The Harbour Gazette"><meta name="description" content="Meta description">
        <meta property="og:image" content="/images/lead.jpg">
        <script type="application/ld+json">{"@context": "https://schema.org", "@type": "NewsArticle", "headline": "Tide Tables, Explained",
          "author": [{"@type": "Person", "name": "Ann Mariner"}, {"@type": "Person", "name": "Ben Ferry"}], "datePublished": "2026-11-20T08:00:00Z",
          "description": "How to read them &amp; why."}</script>
        """, body: "<article>\(paragraphs)</article>"), address: address)

        XCTAssertEqual(article.title, "Tide Tables, Explained")
        XCTAssertEqual(article.byline, "Ann Mariner, Ben Ferry")
        XCTAssertEqual(article.publishedTime, "2026-11-20T08:00:00Z")
        XCTAssertEqual(article.excerpt, "How to read them & why.")
        XCTAssertEqual(article.siteName, "The Harbour Gazette")
        XCTAssertEqual(article.leadImage, URL(string: "https://news.example/images/lead.jpg"))
    }

    func test_aPageWithNoText_givesNoArticle_andTooLargeOrNotHTMLAreRefused() {
        XCTAssertThrowsError(try Readability.article(from: page(body: "<div><img src=\"a.png\"></div>"), address: address)) {
            XCTAssertEqual($0 as? ReadabilityError, .noArticle)
        }
        XCTAssertThrowsError(try Readability.article(from: Data(count: PageTree.maxBytes + 1), address: address)) {
            XCTAssertEqual($0 as? ReadabilityError, .tooLarge)
        }
        XCTAssertThrowsError(try Readability.article(from: Data(), address: address)) {
            XCTAssertEqual($0 as? ReadabilityError, .notHTML)
        }
    }

    func test_hostilePages_keepEveryPromise() throws {
        let deep = String(repeating: "<div>", count: 20_000) + paragraphs + String(repeating: "</div>", count: 20_000)
        let wide = String(repeating: "<span>x</span>", count: 60_000)
        let brs = "<div>" + String(repeating: "word<br><br>", count: 20_000) + "</div>"
        for body in [deep, wide, brs, "<p>\u{0}\u{1B}[2J</p>" + paragraphs] {
            let article = try? Readability.article(from: page(body: body), address: address)
            if let article { XCTAssertFalse(article.html.contains("<script")) }
        }
    }

    /// The time cap: once the budget is spent no looser attempt begins, and
    /// the best attempt so far is the article (here, a page too short for any).
    func test_aSpentTimeBudget_stopsTheLooserAttempts_andKeepsTheBestSoFar() throws {
        let short = "<div class=\"sidebar\"><p>A short note, with a comma, about the tides.</p></div>"
        XCTAssertEqual(try Readability.article(from: page(body: short), address: address).text, "A short note, with a comma, about the tides.")

        let pass = ReadabilityPass(title: "", knownByline: false, deadline: .distantPast)
        let root = try PageTree.parse(page(body: short), encoding: nil)
        let content = pass.grab(try XCTUnwrap(root.elements(["body"]).first))
        XCTAssertEqual(pass.attemptsMade, 1)
        XCTAssertNil(content, "the first attempt strips the unlikely sidebar: nothing is left, and none looser is tried")

        let patient = ReadabilityPass(title: "", knownByline: false)
        XCTAssertNotNil(patient.grab(try XCTUnwrap(try PageTree.parse(page(body: short), encoding: nil).elements(["body"]).first)))
        XCTAssertEqual(patient.attemptsMade, 4)
    }

    func test_theReaderableVerdict_wantsLongParagraphs() throws {
        XCTAssertFalse(try Readability.article(from: page(body: "<div>" + String(repeating: "<p>Short line, here.</p>", count: 60) + "</div>"), address: address).isReaderable)
        XCTAssertTrue(try Readability.article(from: page(body: paragraphs + paragraphs), address: address).isReaderable)
    }
}

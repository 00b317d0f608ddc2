import Foundation
import ItemFeed
import ItemFeedXML
import XCTest

/// Formats asked to keep articles (a library's refresh) keep each item's
/// HTML beside the items: the full content, else the summary; asked not
/// to, they keep none.
final class FeedArticlesTests: XCTestCase {
    private let url = URL(string: "https://feed.example/feed")!

    func test_rss_keepsContentEncoded_elseTheDescription() throws {
        let body = """
        <rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel><title>R</title>
          <item><guid>1</guid><title>Full</title><description>Short</description><content:encoded><![CDATA[<p>Full <b>text</b></p>]]></content:encoded></item>
          <item><guid>2</guid><title>Summary only</title><description>&lt;p&gt;Just this&lt;/p&gt;</description></item>
          <item><guid>1</guid><title>Repeated id</title><content:encoded>second</content:encoded></item>
        </channel></rss>
        """
        let feed = try RSSFormat(keepsArticles: true).map(HTTPResponse(statusCode: 200, body: Data(body.utf8)), from: url)

        XCTAssertEqual(feed.articles, ["1": "<p>Full <b>text</b></p>", "2": "<p>Just this</p>"])
        XCTAssertEqual(feed.items.first?.summary, "Short", "the row's text is still the summary")
        XCTAssertEqual(try RSSFormat().map(HTTPResponse(statusCode: 200, body: Data(body.utf8)), from: url).articles, [:])
    }

    func test_atom_keepsContent_elseTheSummary_textMadeHTML() throws {
        let body = """
        <feed xmlns="http://www.w3.org/2005/Atom"><title>A</title>
          <entry><id>h</id><title>H</title><content type="html">&lt;p&gt;Markup&lt;/p&gt;</content></entry>
          <entry><id>t</id><title>T</title><summary>a &lt; b</summary></entry>
          <entry><id>x</id><title>X</title><content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml"><em>inline</em></div></content></entry>
        </feed>
        """
        let feed = try AtomFormat(keepsArticles: true).map(HTTPResponse(statusCode: 200, body: Data(body.utf8)), from: url)

        XCTAssertEqual(feed.articles["h"], "<p>Markup</p>")
        XCTAssertEqual(feed.articles["t"], "<p>a &lt; b</p>")
        XCTAssertTrue(feed.articles["x"]?.contains("<em>inline</em>") == true, feed.articles["x"] ?? "none")
    }

    func test_jsonFeed_keepsContentHTML_elseItsText() throws {
        let body = #"""
        {"version": "https://jsonfeed.org/version/1.1", "title": "J", "items": [
          {"id": "1", "title": "H", "content_html": "<p>Hi</p>", "content_text": "Hi"},
          {"id": "2", "title": "T", "content_text": "Line one\n\nLine <two>"}]}
        """#
        let feed = try JSONFeedFormat(keepsArticles: true).map(HTTPResponse(statusCode: 200, body: Data(body.utf8)), from: url)

        XCTAssertEqual(feed.articles, ["1": "<p>Hi</p>", "2": "<p>Line one</p><p>Line &lt;two&gt;</p>"])
    }

    func test_anArticleIsCutAt512KiB() {
        let long = String(repeating: "é", count: 400_000)
        XCTAssertLessThanOrEqual(FeedArticles.capped(long).utf8.count, FeedArticles.maxBytes)
        XCTAssertEqual(FeedArticles.capped("<p>short</p>"), "<p>short</p>")
    }
}

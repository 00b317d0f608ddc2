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

    func test_enclosures_ofRSSAtomAndJSONFeed_withTheirDurationAndSize_butNotImages() throws {
        let rss = """
        <rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"><channel><title>P</title>
          <item><guid>e1</guid><title>Episode</title><enclosure url="/media/e1.mp3" type="audio/mpeg" length="38000000"/><itunes:duration>42:05</itunes:duration></item>
          <item><guid>e2</guid><title>Picture</title><enclosure url="/e2.jpg" type="image/jpeg" length="5"/></item>
        </channel></rss>
        """
        let fromRSS = try RSSFormat(keepsArticles: true).map(HTTPResponse(statusCode: 200, body: Data(rss.utf8)), from: url)
        XCTAssertEqual(fromRSS.enclosures, ["e1": Enclosure(url: URL(string: "https://feed.example/media/e1.mp3")!, type: "audio/mpeg", length: 38_000_000, duration: 2_525)])

        let atom = """
        <feed xmlns="http://www.w3.org/2005/Atom"><title>A</title><entry><id>v</id><title>V</title>
          <link rel="enclosure" href="https://cdn.example/v.webm" type="video/webm" length="9"/></entry></feed>
        """
        let fromAtom = try AtomFormat(keepsArticles: true).map(HTTPResponse(statusCode: 200, body: Data(atom.utf8)), from: url)
        XCTAssertEqual(fromAtom.enclosures["v"], Enclosure(url: URL(string: "https://cdn.example/v.webm")!, type: "video/webm", length: 9))

        let json = #"{"version": "https://jsonfeed.org/version/1.1", "items": [{"id": "j", "title": "J", "attachments": [{"url": "https://cdn.example/i.png", "mime_type": "image/png"}, {"url": "https://cdn.example/j.m4a", "mime_type": "audio/mp4", "size_in_bytes": 10, "duration_in_seconds": 60}]}]}"#
        let fromJSON = try JSONFeedFormat(keepsArticles: true).map(HTTPResponse(statusCode: 200, body: Data(json.utf8)), from: url)
        XCTAssertEqual(fromJSON.enclosures["j"], Enclosure(url: URL(string: "https://cdn.example/j.m4a")!, type: "audio/mp4", length: 10, duration: 60))

        XCTAssertEqual(Enclosure.duration("3600"), 3_600)
        XCTAssertEqual(Enclosure.duration("1:02:03"), 3_723)
        XCTAssertNil(Enclosure.duration("soon"))
        XCTAssertNil(Enclosure.duration("1:2:3:4"))
    }

    func test_anArticleIsCutAt512KiB() {
        let long = String(repeating: "é", count: 400_000)
        XCTAssertLessThanOrEqual(FeedArticles.capped(long).utf8.count, FeedArticles.maxBytes)
        XCTAssertEqual(FeedArticles.capped("<p>short</p>"), "<p>short</p>")
    }
}

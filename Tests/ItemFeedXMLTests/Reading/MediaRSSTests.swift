import Foundation
import ItemFeed
import ItemFeedXML
import XCTest

/// Media RSS read by the formats (SPEC 19): a YouTube channel's entry, whose
/// only text is `media:description`, opens on its description, its video's
/// card and its thumbnail; a Mastodon post's pictures follow its text with
/// their descriptions as alt text. Both were empty articles.
final class MediaRSSTests: XCTestCase {
    private let channel = URL(string: "https://www.youtube.com/feeds/videos.xml?channel_id=UC1")!

    func test_aYouTubeEntry_isItsDescription_itsVideosCard_andItsThumbnail() throws {
        let body = """
        <feed xmlns:yt="http://www.youtube.com/xml/schemas/2015" xmlns:media="http://search.yahoo.com/mrss/" xmlns="http://www.w3.org/2005/Atom">
         <title>A channel</title>
         <entry>
          <id>yt:video:dQw4w9WgXcQ</id><yt:videoId>dQw4w9WgXcQ</yt:videoId><yt:channelId>UC1</yt:channelId>
          <title>A song</title>
          <link rel="alternate" href="https://www.youtube.com/watch?v=dQw4w9WgXcQ"/>
          <published>2026-11-01T10:00:00+00:00</published>
          <media:group>
           <media:title>A song</media:title>
           <media:content url="https://www.youtube.com/v/dQw4w9WgXcQ?version=3" type="application/x-shockwave-flash" width="640" height="390"/>
           <media:thumbnail url="https://i1.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg" width="480" height="360"/>
           <media:description>First line &amp; more.
        Second line: https://example.org/notes
        </media:description>
           <media:community><media:starRating count="10" average="5.00" min="1" max="5"/><media:statistics views="100"/></media:community>
          </media:group>
         </entry>
        </feed>
        """
        let feed = try AtomFormat(keepsArticles: true).map(HTTPResponse(statusCode: 200, body: Data(body.utf8)), from: channel)

        let item = try XCTUnwrap(feed.items.first)
        XCTAssertEqual(item.imageURL, URL(string: "https://i1.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg"), "the row's thumbnail")
        XCTAssertEqual(item.summary?.hasPrefix("First line & more."), true, item.summary ?? "no summary")
        let article = HTMLArticle.article(fromHTML: try XCTUnwrap(feed.articles[item.id]), base: nil)
        XCTAssertEqual(article.blocks.first?.text, "First line & more.\nSecond line: https://example.org/notes", "its lines kept")
        XCTAssertEqual(article.links, [URL(string: "https://example.org/notes")!], "its address a link")
        let cards = article.blocks.compactMap { if case let .media(media) = $0.kind { media } else { nil } }
        XCTAssertEqual(cards, [ArticleMedia(kind: .video, address: URL(string: "https://www.youtube.com/watch?v=dQw4w9WgXcQ"),
                                            poster: URL(string: "https://i1.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg"), title: "A song")])
    }

    func test_aMastodonPost_showsItsPictures_describedByTheirAltText_afterItsText() throws {
        let body = """
        <rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/" xmlns:webfeeds="http://webfeeds.org/rss/1.0"><channel><title>@someone</title>
         <item>
          <guid isPermaLink="true">https://mastodon.example/@someone/1</guid>
          <link>https://mastodon.example/@someone/1</link>
          <pubDate>Sun, 01 Nov 2026 10:00:00 +0000</pubDate>
          <description>&lt;p&gt;Look at the harbour&lt;/p&gt;</description>
          <media:content url="https://files.mastodon.example/a.png" type="image/png" fileSize="1000" medium="image">
           <media:rating scheme="urn:simple">nonadult</media:rating>
           <media:description type="plain">Boats at dawn</media:description>
          </media:content>
          <media:content url="https://files.mastodon.example/b.jpg" type="image/jpeg" medium="image"/>
         </item>
        </channel></rss>
        """
        let feed = try RSSFormat(keepsArticles: true).map(HTTPResponse(statusCode: 200, body: Data(body.utf8)), from: URL(string: "https://mastodon.example/@someone.rss")!)

        let item = try XCTUnwrap(feed.items.first)
        XCTAssertEqual(item.imageURL, URL(string: "https://files.mastodon.example/a.png"))
        XCTAssertEqual(item.summary, "Look at the harbour", "the picture's description is not the post's")
        let article = HTMLArticle.article(fromHTML: try XCTUnwrap(feed.articles[item.id]), base: nil)
        let pictures = article.blocks.compactMap { if case let .image(source, alternative, _, _) = $0.kind { "\(source.lastPathComponent) \(alternative)" } else { nil } }
        XCTAssertEqual(article.blocks.first?.text, "Look at the harbour")
        XCTAssertEqual(pictures, ["a.png Boats at dawn", "b.jpg "])
    }

    func test_anEntryWithoutMedia_keepsItsArticleAsItWas() throws {
        let body = #"<rss version="2.0"><channel><title>R</title><item><guid>1</guid><description>&lt;p&gt;Plain&lt;/p&gt;</description></item></channel></rss>"#
        let feed = try RSSFormat(keepsArticles: true).map(HTTPResponse(statusCode: 200, body: Data(body.utf8)), from: channel)

        XCTAssertEqual(feed.articles["1"], "<p>Plain</p>")
    }
}

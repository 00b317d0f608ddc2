import XCTest
import ItemFeed
import ItemFeedTestSupport
import ItemFeedXML

/// SPEC 8, the Atom row: RFC 4287 with RFC 5005 paging.
final class AtomFormatTests: XCTestCase {
    private let sut = AtomFormat()

    func test_recognises_anAtomFeed_onlyInTheAtomNamespace() {
        XCTAssertTrue(sut.recognises(#"<?xml version="1.0" encoding="utf-8"?><feed xmlns="http://www.w3.org/2005/Atom"></feed>"#))
        XCTAssertTrue(sut.recognises(#"<a:feed xmlns:a="http://www.w3.org/2005/Atom"/>"#))
        XCTAssertFalse(sut.recognises("<feed/>"))
        XCTAssertFalse(sut.recognises("<rss/>"))
    }

    func test_map_readsEveryFieldOfAnEntry_andTheNextPage() throws {
        let feed = try sut.map("""
        <feed xmlns="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/">
          <title type="html">Notes &amp;amp; more</title>
          <link rel="self" href="https://blog.example.com/atom.xml"/>
          <link rel="next" href="atom.xml?page=2"/>
          <author><name>Feed Author</name></author>
          <entry>
            <id>tag:blog.example.com,2026:1</id>
            <title>Hello</title>
            <link rel="edit" href="/edit/1"/>
            <link href="/posts/1"/>
            <published>2026-01-31T09:30:00+09:00</published>
            <updated>2026-02-01T00:00:00Z</updated>
            <summary type="html">&lt;p&gt;Short &lt;em&gt;summary&lt;/em&gt;&lt;/p&gt;</summary>
            <content type="text">Long content</content>
            <author><name>Jo Doe</name></author>
            <media:thumbnail url="/img/1.jpg"/>
          </entry>
          <entry>
            <id>tag:blog.example.com,2026:2</id>
            <title type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml">An <b>XHTML</b> title</div></title>
            <updated>2026-02-02T00:00:00Z</updated>
            <content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml"><p>One</p><p>Two</p></div></content>
          </entry>
        </feed>
        """, from: "https://blog.example.com/atom.xml")

        XCTAssertEqual(feed.title, "Notes & more")
        XCTAssertEqual(feed.nextPage, URL(string: "https://blog.example.com/atom.xml?page=2"))
        XCTAssertEqual(feed.items, [
            Item(
                id: "tag:blog.example.com,2026:1", name: "Hello", imageURL: URL(string: "https://blog.example.com/img/1.jpg"),
                author: "Jo Doe", date: utc(2026, 1, 31, 0, 30), link: URL(string: "https://blog.example.com/posts/1"),
                summary: "Short summary"
            ),
            Item(
                id: "tag:blog.example.com,2026:2", name: "An XHTML title", imageURL: nil,
                author: "Feed Author", date: utc(2026, 2, 2), summary: "One Two"
            ),
        ])
    }

    func test_map_nextPage_isNeverTheFeedItself() throws {
        let feed = try sut.map(#"<feed xmlns="http://www.w3.org/2005/Atom"><link rel="next" href="https://blog.example.com/atom.xml"/></feed>"#, from: "https://blog.example.com/atom.xml")

        XCTAssertNil(feed.nextPage)
    }

    func test_map_skipsAndCounts_entriesWithoutAnIdOrATitle() throws {
        let feed = try sut.map("""
        <feed xmlns="http://www.w3.org/2005/Atom">
          <entry><title>No id</title></entry>
          <entry><id>no-title</id></entry>
          <entry><id>ok</id><title>Kept</title><updated>yesterday</updated></entry>
        </feed>
        """)

        XCTAssertEqual(feed.items.map(\.id), ["ok"])
        XCTAssertNil(feed.items.first?.date)
        XCTAssertEqual(feed.skippedItemCount, 2)
    }
}

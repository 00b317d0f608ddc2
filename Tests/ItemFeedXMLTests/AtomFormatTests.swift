import XCTest
import ItemFeed
import ItemFeedTestSupport
import ItemFeedXML

/// SPEC 8, the Atom row: RFC 4287 with RFC 5005 paging.
final class AtomFormatTests: XCTestCase {
    private let sut = AtomFormat()

    func test_recognises_anAtomFeed_inAtom1Or03sNamespaceOrNone_butNoOtherNamespace() {
        XCTAssertTrue(sut.recognises(#"<?xml version="1.0" encoding="utf-8"?><feed xmlns="http://www.w3.org/2005/Atom"></feed>"#))
        XCTAssertTrue(sut.recognises(#"<a:feed xmlns:a="http://www.w3.org/2005/Atom"/>"#))
        XCTAssertTrue(sut.recognises(#"<feed version="0.3" xmlns="http://purl.org/atom/ns#"/>"#), "Expected Atom 0.3")
        XCTAssertTrue(sut.recognises("<feed/>"), "Expected Atom written without its namespace, as feedparser reads it")
        XCTAssertFalse(sut.recognises(#"<feed xmlns="http://example.com/other"/>"#))
        XCTAssertFalse(sut.recognises("<rss/>"))
    }

    func test_map_readsAtom03_andAtomWithoutItsNamespace() throws {
        let atom03 = try sut.map("""
        <feed version="0.3" xmlns="http://purl.org/atom/ns#">
          <title>Old blog</title>
          <entry><id>tag:1</id><title>First</title><link rel="alternate" type="text/html" href="https://old.example.com/1"/>
            <issued>2004-01-02T03:04:05Z</issued><modified>2004-02-02T00:00:00Z</modified>
            <author><name>Jo</name></author>
            <content type="text/html" mode="escaped">&lt;p&gt;Hello &lt;b&gt;there&lt;/b&gt;&lt;/p&gt;</content></entry>
        </feed>
        """)
        let bare = try sut.map("<feed><title>Bare</title><entry><id>1</id><title>Plain</title></entry></feed>")

        XCTAssertEqual(atom03.title, "Old blog")
        XCTAssertEqual(atom03.items.map(\.name), ["First"])
        XCTAssertEqual(atom03.items.first?.link, URL(string: "https://old.example.com/1"))
        XCTAssertEqual(atom03.items.first?.date, Date(timeIntervalSince1970: 1_073_012_645), "Expected issued as the date")
        XCTAssertEqual(atom03.items.first?.author, "Jo")
        XCTAssertEqual(atom03.items.first?.summary, "Hello there", "Expected escaped content read as HTML")
        XCTAssertEqual(bare.title, "Bare")
        XCTAssertEqual(bare.items.map(\.name), ["Plain"])
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

    /// SPEC 14: feedparser shows these, so ItemFeed does.
    func test_map_titlesAndIdentifiesEntriesWithoutATitleOrAnId_andSkipsOnlyRepeats() throws {
        let feed = try sut.map("""
        <feed xmlns="http://www.w3.org/2005/Atom">
          <entry><title>No id</title><link href="https://example.com/no-id"/></entry>
          <entry><id>no-title</id><summary>Shipped it. Details follow.</summary></entry>
          <entry><id>ok</id><title>Kept</title><updated>yesterday</updated></entry>
          <entry><id>ok</id><title>Repeated</title></entry>
        </feed>
        """)

        XCTAssertEqual(feed.items.map(\.id), ["https://example.com/no-id", "no-title", "ok"])
        XCTAssertEqual(feed.items.map(\.name), ["No id", "Shipped it.", "Kept"])
        XCTAssertNil(feed.items.last?.date)
        XCTAssertEqual(feed.skippedItemCount, 1)
    }
}

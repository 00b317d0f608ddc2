import XCTest
import ItemFeed
import ItemFeedTestSupport
import ItemFeedXML

/// SPEC 8, the RSS row: RSS 2.0 with Media RSS, iTunes and Dublin Core.
final class RSSFormatTests: XCTestCase {
    private let sut = RSSFormat()

    func test_recognises_RSSAndRDF_byTheRootElement_notOtherXMLOrJSON() {
        XCTAssertTrue(sut.recognises(#"<?xml version="1.0"?><!-- a comment --><rss version="2.0"><channel/></rss>"#))
        XCTAssertTrue(sut.recognises("\u{FEFF}  <rss><channel/></rss>"))
        XCTAssertTrue(sut.recognises(#"<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/"/>"#))
        XCTAssertFalse(sut.recognises(#"<feed xmlns="http://www.w3.org/2005/Atom"/>"#))
        XCTAssertFalse(sut.recognises("<html><body>Not found</body></html>"))
        XCTAssertFalse(sut.recognises(#"{"items": []}"#))
    }

    func test_tinyDocuments_areReadFromTheirOwnBytes() throws {
        // Up to 14 bytes, `Data` keeps them inline and lends them from a
        // stack copy that is gone by the time libxml2 reads them.
        for body in ["<rss/>", "<rss></rss>", " <rss ></rss>"] {
            XCTAssertTrue(sut.recognises(body), "Expected \(body) recognised")
        }
        XCTAssertFalse(sut.recognises("<feed></feed>"))
        XCTAssertEqual(try sut.map("<rss></rss>").items, [])
    }

    func test_map_readsEveryFieldOfAnItem() throws {
        let feed = try sut.map("""
        <rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/">
          <channel>
            <title>Example &amp; Co</title>
            <item>
              <title>First post</title>
              <link>https://example.com/posts/1</link>
              <guid isPermaLink="false">post-1</guid>
              <pubDate>Sat, 31 Jan 2026 09:30:00 +0900</pubDate>
              <description>&lt;p&gt;Hello &lt;b&gt;world&lt;/b&gt;&lt;/p&gt;&lt;p&gt;Caf&amp;eacute; &amp;amp; more&lt;/p&gt;</description>
              <dc:creator>Jo Doe</dc:creator>
            </item>
          </channel>
        </rss>
        """)

        XCTAssertEqual(feed.title, "Example & Co")
        XCTAssertEqual(feed.items, [Item(
            id: "post-1", name: "First post", imageURL: nil, author: "Jo Doe",
            date: utc(2026, 1, 31, 0, 30), link: URL(string: "https://example.com/posts/1"),
            summary: "Hello world Café & more"
        )])
        XCTAssertNil(feed.nextPage, "RSS has no paging")
    }

    func test_map_readsModulesByTheirNamespace_whateverThePrefix_andWhereverDeclared() throws {
        let feed = try sut.map("""
        <rss version="2.0" xmlns:m="http://search.yahoo.com/mrss/">
          <channel>
            <item><title>Root prefix</title><guid>1</guid><m:thumbnail url="https://img.example.com/1.jpg"/></item>
            <item xmlns:m="https://example.com/not-media/">
              <title>Same prefix, another namespace</title><guid>2</guid><m:thumbnail url="https://img.example.com/2.jpg"/>
            </item>
            <item xmlns:pic="http://search.yahoo.com/mrss/" xmlns:who="http://purl.org/dc/elements/1.1/">
              <title>Declared on the item</title><guid>3</guid><pic:thumbnail url="https://img.example.com/3.jpg"/><who:creator>Ana</who:creator>
            </item>
            <item><title>Root prefix again</title><guid>4</guid><m:thumbnail url="https://img.example.com/4.jpg"/></item>
          </channel>
        </rss>
        """)

        XCTAssertEqual(feed.items.map(\.imageAddress), [
            "https://img.example.com/1.jpg", nil, "https://img.example.com/3.jpg", "https://img.example.com/4.jpg",
        ])
        XCTAssertEqual(feed.items.map(\.author), [nil, nil, "Ana", nil])
    }

    func test_map_readsHowOftenTheChannelSaysItChanges_itsTTLFirst() throws {
        let ttl = try sut.map("""
        <rss version="2.0" xmlns:sy="http://purl.org/rss/1.0/modules/syndication/"><channel><ttl> 90 </ttl>
          <sy:updatePeriod>daily</sy:updatePeriod><item><title>A</title><guid>1</guid></item></channel></rss>
        """)
        XCTAssertEqual(ttl.refreshInterval, 90 * 60)

        let syndication = try sut.map("""
        <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/" xmlns:s="http://purl.org/rss/1.0/modules/syndication/">
          <channel rdf:about="https://a.example/"><title>R</title><s:updatePeriod> Hourly </s:updatePeriod><s:updateFrequency>4</s:updateFrequency></channel>
          <item rdf:about="https://a.example/1"><title>A</title><link>https://a.example/1</link></item></rdf:RDF>
        """)
        XCTAssertEqual(syndication.refreshInterval, 900)

        let nonsense = try sut.map("""
        <rss version="2.0"><channel><ttl>soon</ttl><item><title>A</title><guid>1</guid></item></channel></rss>
        """)
        XCTAssertNil(nonsense.refreshInterval)
    }

    func test_map_usesTheLinkAsId_withoutAGuid_andAPermalinkGuidAsLink_withoutALink() throws {
        let feed = try sut.map("""
        <rss><channel>
          <item><title>A</title><link>https://example.com/a</link></item>
          <item><title>B</title><guid>https://example.com/b</guid></item>
        </channel></rss>
        """)

        XCTAssertEqual(feed.items.map(\.id), ["https://example.com/a", "https://example.com/b"])
        XCTAssertEqual(feed.items.map(\.link), [URL(string: "https://example.com/a"), URL(string: "https://example.com/b")])
    }

    func test_map_takesTheAuthorsNameFromTheAuthorAddress() throws {
        let feed = try sut.map("<rss><channel><item><title>A</title><guid>a</guid><author>jo@example.com (Jo Doe)</author></item></channel></rss>")

        XCTAssertEqual(feed.items.first?.author, "Jo Doe")
    }

    func test_map_takesTheAuthorsNameBesideTheAddress_inEachWayFeedsWriteIt() throws {
        let authors = ["Zoë Doe (zoe@example.com)", "Zoë Doe &lt;zoe@example.com&gt;", "zoe@example.com (Zoë Doe)", "Zoë (the editor)", "Zoë Doe"]
        let items = authors.enumerated().map { "<item><guid>\($0)</guid><author>\($1)</author></item>" }.joined()

        let feed = try sut.map("<rss><channel>\(items)</channel></rss>")

        XCTAssertEqual(feed.items.map(\.author), ["Zoë Doe", "Zoë Doe", "Zoë Doe", "the editor", "Zoë Doe"])
    }

    func test_map_picksTheImage_inTheOrderOfSPEC8() throws {
        let feed = try sut.map("""
        <rss xmlns:media="http://search.yahoo.com/mrss/" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"><channel>
          <title>Podcast</title>
          <image><url>https://img.example.com/channel.png</url><title>Not the feed title</title></image>
          <item><title>1</title><guid>1</guid>
            <itunes:image href="https://img.example.com/itunes.png"/>
            <enclosure url="https://img.example.com/enclosure.jpg" type="image/jpeg" length="1"/>
            <media:content url="https://img.example.com/content.jpg" medium="image"/>
            <media:thumbnail url="https://img.example.com/thumb.jpg"/>
          </item>
          <item><title>2</title><guid>2</guid>
            <itunes:image href="https://img.example.com/itunes.png"/>
            <enclosure url="https://img.example.com/episode.mp3" type="audio/mpeg" length="1"/>
            <enclosure url="https://img.example.com/enclosure.jpg" type="image/jpeg" length="1"/>
            <media:group><media:content url="https://img.example.com/video.mp4" medium="video"/><media:content url="https://img.example.com/content.jpg" type="image/jpeg"/></media:group>
          </item>
          <item><title>3</title><guid>3</guid>
            <itunes:image href="https://img.example.com/itunes.png"/>
            <enclosure url="https://img.example.com/enclosure.jpg" type="image/jpeg" length="1"/>
          </item>
          <item><title>4</title><guid>4</guid><itunes:image href="https://img.example.com/itunes.png"/></item>
          <item><title>5</title><guid>5</guid></item>
        </channel></rss>
        """)

        XCTAssertEqual(feed.items.map(\.imageURL?.lastPathComponent), ["thumb.jpg", "content.jpg", "enclosure.jpg", "itunes.png", "channel.png"])
        XCTAssertEqual(feed.title, "Podcast")
    }

    func test_map_resolvesRelativeAddresses_againstTheFeedOrItsXMLBase() throws {
        let feed = try sut.map("""
        <rss xmlns:media="http://search.yahoo.com/mrss/"><channel>
          <item><title>1</title><link>/posts/1</link><media:thumbnail url="img/1.png"/></item>
          <item xml:base="https://cdn.example.net/base/"><title>2</title><link>posts/2</link><media:thumbnail url="2.png"/></item>
        </channel></rss>
        """, from: "https://blog.example.com/feeds/rss.xml")

        XCTAssertEqual(feed.items.map(\.link), [URL(string: "https://blog.example.com/posts/1"), URL(string: "https://cdn.example.net/base/posts/2")])
        XCTAssertEqual(feed.items.map(\.imageURL), [URL(string: "https://blog.example.com/feeds/img/1.png"), URL(string: "https://cdn.example.net/base/2.png")])
    }

    /// SPEC 14: a Mastodon feed's items have no title, a hand-written
    /// feed's no guid; feedparser shows them, even an empty one, so
    /// ItemFeed does. Only a repeated id is skipped.
    func test_map_titlesAndIdentifiesItemsWithoutATitleOrAnId_andSkipsOnlyRepeatedOnes() throws {
        let feed = try sut.map("""
        <rss><channel>
          <item><title>Kept</title><guid>k</guid><pubDate>not a date</pubDate><link>javascript:alert(1)</link></item>
          <item><description>&lt;p&gt;No title here. Just a toot.&lt;/p&gt;</description><guid>n</guid></item>
          <item><title>   </title><guid>blank</guid></item>
          <item><title>No id</title></item>
          <item><title>Repeated</title><guid>k</guid></item>
          <item/>
          <item><title>Also kept</title><guid>a</guid></item>
        </channel></rss>
        """)

        XCTAssertEqual(feed.items.map(\.name), ["Kept", "No title here.", "Untitled", "No id", "Untitled", "Also kept"])
        XCTAssertEqual(feed.items[4].id, "urn:itemfeed:entry:5", "Expected an empty item named by its place in the feed")
        XCTAssertEqual(feed.items[3].id, EntryFallback.id(link: nil, title: "No id", date: nil, text: nil), "Expected a digest id, the same on every refresh")
        XCTAssertNil(feed.items.first?.date, "Expected an unreadable date to be no date, not a skipped item")
        XCTAssertNil(feed.items.first?.link, "Expected a non-web link to be dropped, not the item")
        XCTAssertEqual(feed.skippedItemCount, 1, "Expected the repeated id skipped")
    }

    /// RSS titles carry no type and publishers put HTML in them: read as
    /// feedparser reads them.
    func test_map_readsTitlesAsHTML_keepingALessThanThatOpensNoTag() throws {
        let feed = try sut.map("""
        <rss><channel>
          <item><guid>1</guid><title><![CDATA[A <b>bold</b> move]]></title></item>
          <item><guid>2</guid><title>A &lt;em&gt;lot&lt;/em&gt;</title></item>
          <item><guid>3</guid><title>1 &lt; 2 and AT&amp;T</title></item>
        </channel></rss>
        """)

        XCTAssertEqual(feed.items.map(\.name), ["A bold move", "A lot", "1 < 2 and AT&T"])
    }

    func test_map_refusesFileImages_fromAWebFeed_butNotFromALocalOne() throws {
        let body = #"<rss xmlns:media="http://search.yahoo.com/mrss/"><channel><item><title>1</title><guid>1</guid><media:thumbnail url="file:///etc/passwd"/></item></channel></rss>"#

        XCTAssertNil(try sut.map(body).items.first?.imageURL)
        XCTAssertEqual(try sut.map(body, from: "file:///usr/share/item-feed/demo/feed.rss").items.first?.imageURL, URL(fileURLWithPath: "/etc/passwd"))
    }

    func test_map_readsCDATA_andContentEncoded_asPlainText() throws {
        let feed = try sut.map("""
        <rss xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel>
          <item><title><![CDATA[Tom & Jerry <3]]></title><guid>1</guid>
            <content:encoded><![CDATA[<div><script>alert(1)</script><p>Body&nbsp;text</p></div>]]></content:encoded></item>
        </channel></rss>
        """)

        XCTAssertEqual(feed.items.first?.name, "Tom & Jerry <3", "Expected an RSS title shown literally")
        XCTAssertEqual(feed.items.first?.summary, "Body text")
    }

    func test_map_readsEachItemsHTML_onItsOwn() throws {
        let feed = try sut.map("""
        <rss><channel>
          <item><title>1</title><guid>1</guid><description>&lt;ul&gt;&lt;li&gt;One&lt;/li&gt;&lt;li&gt;Two&lt;/li&gt;&lt;/ul&gt;&lt;style&gt;p {}&lt;/style&gt;</description></item>
          <item><title>2</title><guid>2</guid><description>&lt;p&gt;Three &amp;lt; four&lt;/p&gt;&lt;!-- hidden --&gt;</description></item>
          <item><title>3</title><guid>3</guid><description>Plain &amp;amp; simple</description></item>
        </channel></rss>
        """)

        XCTAssertEqual(feed.items.map(\.summary), ["One Two", "Three < four", "Plain & simple"])
    }

    func test_map_removesControlCharacters_andCapsLengths() throws {
        let longTitle = String(repeating: "x", count: 5_000)
        let feed = try sut.map("""
        <rss><channel><item><title>\(longTitle)</title><guid>1</guid></item>
        <item><title>Safe&#x9;title&#x202E;txt.exe</title><guid>2</guid></item></channel></rss>
        """)

        XCTAssertEqual(feed.items.first?.name.count, FeedText.titleLimit)
        XCTAssertEqual(feed.items.first?.name.last, "…")
        XCTAssertEqual(feed.items.last?.name, "Safe titletxt.exe")
    }

    func test_map_handsOnEveryItemInFeedOrder_inBatches_acrossManyChunksOfSummaries() throws {
        let count = 1_000
        let body = "<rss><channel>" + (0..<count).map {
            "<item><title>\($0)</title><guid>\($0)</guid><description>&lt;p&gt;Item &lt;b&gt;\($0)&lt;/b&gt;&lt;/p&gt;</description></item>"
        }.joined() + "</channel></rss>"
        let batches = LockedBatches()

        let feed = try sut.map(HTTPResponse(statusCode: 200, body: Data(body.utf8)), from: URL(string: "https://feeds.example.com/feed")!, batches: ItemBatches(batches.append))

        XCTAssertEqual(feed.items.map(\.id), (0..<count).map(String.init))
        XCTAssertEqual(feed.items.map(\.summary), (0..<count).map { "Item \($0)" })
        let handedOn = batches.items.map(\.id)
        XCTAssertEqual(handedOn, Array(feed.items.map(\.id).prefix(handedOn.count)), "Expected batches in feed order")
        // Doubling from 16; the last 504 come with the finished feed.
        XCTAssertEqual(batches.sizes, [16, 32, 64, 128, 256])
    }

    func test_map_keepsFeedOrder_whenTheReaderMakesItemsItself_behindASlowSecondThread() throws {
        let count = 1_500
        let body = "<rss><channel>" + (0..<count).map {
            "<item><title>\($0)</title><guid>\($0)</guid><description>&lt;p&gt;Item &lt;b&gt;\($0)&lt;/b&gt;&lt;/p&gt;</description></item>"
        }.joined() + "</channel></rss>"
        // The first batch holds the second thread up long after the reader
        // has read the whole feed, so the reader makes most chunks' items.
        let batches = LockedBatches(delayingFirstBatchBy: 0.3)

        let feed = try sut.map(HTTPResponse(statusCode: 200, body: Data(body.utf8)), from: URL(string: "https://feeds.example.com/feed")!, batches: ItemBatches(batches.append))

        XCTAssertEqual(feed.items.map(\.id), (0..<count).map(String.init))
        XCTAssertEqual(feed.items.map(\.summary), (0..<count).map { "Item \($0)" })
        XCTAssertEqual(batches.items.map(\.id), Array(feed.items.map(\.id).prefix(batches.items.count)), "Expected batches in feed order")
    }

    /// SPEC 14: read as far as libxml2's recovery goes, with a note; the
    /// batches streamed before the break are a preview the result replaces.
    func test_map_thatBreaksPartWay_isRecovered_withTheProblemNamed_andNoBatchAfterTheBreak() throws {
        let body = "<rss><channel>" + (0..<600).map {
            "<item><title>\($0)</title><guid>\($0)</guid><description>&lt;p&gt;\($0)&lt;/p&gt;</description></item>"
        }.joined() + "<item><title>broken</title><guid>last</guid></channel></rss>"
        let batches = LockedBatches()

        let feed = try sut.map(HTTPResponse(statusCode: 200, body: Data(body.utf8)), from: URL(string: "https://feeds.example.com/feed")!, batches: ItemBatches(batches.append))
        let countWhenItReturned = batches.items.count
        Thread.sleep(forTimeInterval: 0.1)

        XCTAssertEqual(Array(feed.items.map(\.id).prefix(600)), (0..<600).map(String.init), "Expected every item before the break")
        XCTAssertTrue(feed.problem?.contains("mismatch") == true, "Expected the break named, got \(feed.problem ?? "nothing")")
        XCTAssertGreaterThan(countWhenItReturned, 0, "Expected the items before the break handed on while streaming")
        XCTAssertEqual(batches.items.count, countWhenItReturned, "Expected no batch after the stream broke")
    }
}

/// Batches as a mapping hands them on, from whichever thread it does.
private final class LockedBatches: @unchecked Sendable {
    private let lock = NSLock()
    private var received: [[Item]] = []
    private let firstBatchDelay: TimeInterval

    init(delayingFirstBatchBy firstBatchDelay: TimeInterval = 0) {
        self.firstBatchDelay = firstBatchDelay
    }

    func append(_ batch: [Item]) {
        let isFirst = lock.withLock { received.isEmpty }
        if isFirst { Thread.sleep(forTimeInterval: firstBatchDelay) }
        lock.withLock { received.append(batch) }
    }

    var items: [Item] { lock.withLock { received.flatMap { $0 } } }
    var sizes: [Int] { lock.withLock { received.map(\.count) } }
}

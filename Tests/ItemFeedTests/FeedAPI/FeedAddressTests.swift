import XCTest
import ItemFeed

/// SPEC 9.4: the addresses a user can open, and why others cannot be.
final class FeedAddressTests: XCTestCase {
    func test_opens_webAddresses_qiitaQueries_andLocalFilesThatExist() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("itemfeed-address-\(UUID().uuidString).rss")
        try Data("<rss/>".utf8).write(to: file)
        addTeardownBlock { try? FileManager.default.removeItem(at: file) }

        XCTAssertEqual(try FeedAddress.url(from: " https://blog.example.com/feed.xml ").get(), URL(string: "https://blog.example.com/feed.xml"))
        XCTAssertEqual(try FeedAddress.url(from: "qiita:swift gtk").get(), URL(string: "https://qiita.com/api/v2/items?page=1&per_page=20&query=swift%20gtk"))
        XCTAssertEqual(try FeedAddress.url(from: "https://qiita.com/api/v2/items?query=swift&page=4").get(), URL(string: "https://qiita.com/api/v2/items?page=1&per_page=20&query=swift"))
        XCTAssertEqual(try FeedAddress.url(from: file.path).get(), file)
        XCTAssertEqual(try FeedAddress.url(from: file.absoluteString).get().path, file.path)
    }

    func test_refuses_withAReasonAUserCanActOn() {
        XCTAssertEqual(FeedAddress.url(from: "  ").failure, .empty)
        XCTAssertEqual(FeedAddress.url(from: "ftp://example.com/feed").failure, .unsupportedScheme("ftp"))
        XCTAssertEqual(FeedAddress.url(from: "javascript:alert(1)").failure, .unsupportedScheme("javascript"))
        XCTAssertEqual(FeedAddress.url(from: "https:///feed.xml").failure, .noHost("https:///feed.xml"))
        XCTAssertEqual(FeedAddress.url(from: "/no/such/feed.xml").failure, .noSuchFile("/no/such/feed.xml"))
        XCTAssertEqual(FeedAddress.Problem.noSuchFile("/x").localizedDescription, "There is no file at /x.")
    }

    /// Issue 55: the browser's feed links (`feed:` and `feeds:`, as the
    /// desktop file claims them) open the web address they carry.
    func test_feedLinks_openTheWebAddressTheyCarry() throws {
        XCTAssertEqual(try FeedAddress.url(from: "feed:https://blog.example.com/feed.xml").get(), URL(string: "https://blog.example.com/feed.xml"))
        XCTAssertEqual(try FeedAddress.url(from: "FEED:http://blog.example.com/rss").get(), URL(string: "http://blog.example.com/rss"))
        XCTAssertEqual(try FeedAddress.url(from: "feed://blog.example.com/rss?x=1").get(), URL(string: "http://blog.example.com/rss?x=1"))
        XCTAssertEqual(try FeedAddress.url(from: "feeds://blog.example.com/atom").get(), URL(string: "https://blog.example.com/atom"))
    }

    /// Issue 55: a link in a page cannot open a script, a local file or a
    /// path through ItemFeed.
    func test_feedLinks_toAnythingButTheWeb_areRefused_sayingWhy() {
        for link in ["feed:javascript:alert(1)", "feed:file:///etc/passwd", "feed:/etc/passwd", "feeds:data:text/xml,<rss/>", "feed:", "feed://"] {
            XCTAssertEqual(FeedAddress.url(from: link).failure, .notAWebFeedLink(link), link)
        }
        XCTAssertEqual(
            FeedAddress.Problem.notAWebFeedLink("feed:file:///x").localizedDescription,
            "A feed link opens a web address (http, https), not “feed:file:///x”."
        )
    }

    func test_displayName_namesTheFeedBeforeItLoads() {
        XCTAssertEqual(FeedAddress.displayName(of: URL(string: "https://blog.example.com/feed.xml")!), "blog.example.com")
        XCTAssertEqual(FeedAddress.displayName(of: URL(string: "https://qiita.com/api/v2/items?page=1&query=swift")!), "Qiita: swift")
        XCTAssertEqual(FeedAddress.displayName(of: URL(fileURLWithPath: "/tmp/demo.rss")), "demo.rss")
    }
}

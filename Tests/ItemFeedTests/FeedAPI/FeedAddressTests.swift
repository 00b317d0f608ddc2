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

    func test_displayName_namesTheFeedBeforeItLoads() {
        XCTAssertEqual(FeedAddress.displayName(of: URL(string: "https://blog.example.com/feed.xml")!), "blog.example.com")
        XCTAssertEqual(FeedAddress.displayName(of: URL(string: "https://qiita.com/api/v2/items?page=1&query=swift")!), "Qiita: swift")
        XCTAssertEqual(FeedAddress.displayName(of: URL(fileURLWithPath: "/tmp/demo.rss")), "demo.rss")
    }
}

import Foundation
import XCTest

/// `--search QUERY` (SPEC 17) end to end: the built `item-feed` prints the
/// library's items the query matches, and refuses one it cannot read.
final class SearchCommandLineTests: LocalServerTestCase {
    private var binary: ItemFeedBinary!

    override func setUpWithError() throws {
        binary = .withPrivateLibrary(in: self)
    }

    func test_search_printsTheItemsTheQueryMatches_withinUnreadToo() throws {
        let entries = [("a", "Swift on GTK", "Ada"), ("b", "Rust and GTK", "Bob"), ("c", "Gardening", "Ada")].map { id, title, author in
            "<item><guid>\(id)</guid><title>\(title)</title><author>\(author)</author><pubDate>2\(id == "a" ? 3 : id == "b" ? 2 : 1) Nov 2026 09:00:00 GMT</pubDate></item>"
        }.joined()
        let feed = served("<rss version=\"2.0\"><channel><title>Tech</title>\(entries)</channel></rss>", type: "application/rss+xml")
        XCTAssertEqual(try binary.run(["--subscribe", feed.absoluteString]).status, 0)

        XCTAssertEqual(try titles(["--print", "--search", "gtk -rust"]), ["Swift on GTK"])
        XCTAssertEqual(try titles(["--search", "author:ada OR title:rust"]), ["Swift on GTK", "Rust and GTK", "Gardening"], "newest first; --print is implied")
        XCTAssertEqual(try titles(["--search", "feed:tech before:2026-11-22"]), ["Gardening"])
        let key = try XCTUnwrap(try binary.run(["--print", "--search", "gardening"]).lines.first?.split(separator: "\t").first.map(String.init))
        XCTAssertEqual(try binary.run(["--mark-read", key]).status, 0)
        XCTAssertEqual(try titles(["--print", "--unread", "--search", "author:ada"]), ["Swift on GTK"])
        XCTAssertEqual(try titles(["--search", "is:read"]), ["Gardening"])
    }

    func test_aQueryThatCannotBeRead_saysWhy_andExits2() throws {
        let refused = try binary.run(["--search", "colour:red"])

        XCTAssertEqual(refused.status, 2)
        XCTAssertEqual(refused.lines, [])
        XCTAssertEqual(refused.errors.trimmingCharacters(in: .whitespacesAndNewlines),
                       "item-feed: cannot search “colour:red”: “colour:” is not a field: use title:, author:, feed:, folder:, is:, after: or before:")
    }

    private func titles(_ arguments: [String]) throws -> [String] {
        let run = try binary.run(arguments)
        XCTAssertEqual(run.status, 0, run.errors)
        return run.lines.map { String($0.split(separator: "\t")[1]) }
    }
}

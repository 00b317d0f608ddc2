import Foundation
import XCTest

/// `--add-rule`, `--rules`, `--remove-rule` and `--apply-rules` (SPEC 17)
/// end to end: the built `item-feed` on a library in a temporary folder.
final class RuleCommandLineTests: LocalServerTestCase {
    private var binary: ItemFeedBinary!

    override func setUpWithError() throws {
        binary = .withPrivateLibrary(in: self)
    }

    func test_aRuleMarksItemsAsTheyArrive_andAnotherAppliesToThoseAlreadyThere() throws {
        let feed = rss(["a": "Swift on GTK", "b": "Rust and GTK", "c": "Gardening"])
        let added = try binary.run(["--add-rule", "gtk -rust", "star"])
        XCTAssertEqual(added.status, 0, added.errors)
        XCTAssertEqual(added.lines, ["Added rule 1"])
        XCTAssertEqual(try binary.run(["--add-rule", "garden", "hide", "--feed", feed.absoluteString]).status, 0)

        XCTAssertEqual(try binary.run(["--subscribe", feed.absoluteString]).status, 0)
        XCTAssertEqual(try binary.run(["--rules"]).lines, ["1\tstar\tall\tgtk -rust", "2\thide\tfeed:\(feed.absoluteString)\tgarden"])
        XCTAssertEqual(try titles(["--search", "is:starred"]), ["Swift on GTK"], "starred as it arrived")
        XCTAssertEqual(try titles(["--print"]), ["Swift on GTK", "Rust and GTK"], "the garden item hidden")

        XCTAssertEqual(try binary.run(["--add-rule", "rust", "read"]).status, 0)
        XCTAssertEqual(try titles(["--print", "--unread"]), ["Swift on GTK", "Rust and GTK"], "a new rule leaves the items already there")
        XCTAssertEqual(try binary.run(["--apply-rules"]).lines, ["Rule 1: 0 items", "Rule 2: 0 items", "Rule 3: 1 item"])
        XCTAssertEqual(try titles(["--print", "--unread"]), ["Swift on GTK"])

        XCTAssertEqual(try binary.run(["--remove-rule", "3"]).lines, ["Removed rule 3"])
        XCTAssertEqual(try binary.run(["--rules"]).lines.count, 2)
    }

    func test_whatARuleCannotBe_saysWhy_andExits2() throws {
        let noAction = try binary.run(["--add-rule", "gtk"])
        XCTAssertEqual(noAction.status, 2)
        XCTAssertTrue(noAction.errors.contains("read, star, hide or notify"), noAction.errors)
        let badQuery = try binary.run(["--add-rule", "colour:red", "read"])
        XCTAssertEqual(badQuery.status, 2)
        XCTAssertTrue(badQuery.errors.contains("“colour:” is not a field"), badQuery.errors)
        XCTAssertEqual(try binary.run(["--add-rule", "gtk", "read", "--feed", "x", "--folder", "Work"]).status, 2)
        XCTAssertEqual(try binary.run(["--remove-rule", "7"]).status, 2)
        XCTAssertEqual(try binary.run(["--rules"]).lines, [], "nothing kept")
    }

    private func titles(_ arguments: [String]) throws -> [String] {
        let run = try binary.run(arguments)
        XCTAssertEqual(run.status, 0, run.errors)
        return run.lines.map { String($0.split(separator: "\t")[1]) }
    }

    /// Newest first in the order given.
    private func rss(_ items: [String: String]) -> URL {
        let entries = items.sorted { $0.key < $1.key }.enumerated().map { index, item in
            "<item><guid>\(item.key)</guid><title>\(item.value)</title><pubDate>2\(9 - index) Nov 2026 09:00:00 GMT</pubDate></item>"
        }.joined()
        return served("<rss version=\"2.0\"><channel><title>Tech</title>\(entries)</channel></rss>", type: "application/rss+xml")
    }
}

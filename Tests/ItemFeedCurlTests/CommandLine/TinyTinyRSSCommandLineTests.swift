import Foundation
import XCTest

/// SPEC 15 against a real Tiny Tiny RSS (Debian's tt-rss on PostgreSQL and
/// PHP, on loopback): the built `item-feed` adds the account, syncs, and its
/// marks and subscriptions land on the server.
final class TinyTinyRSSCommandLineTests: XCTestCase {
    private var binary: ItemFeedBinary!
    private var server: TinyTinyRSSTestServer!
    private let now = Date()

    override func setUpWithError() throws {
        server = try TinyTinyRSSTestServer()
        binary = try ItemFeedBinary.withPrivateKeyring(in: self)
    }

    func test_addAndSync_bringsTheServersFeedsItemsAndMarks() throws {
        let category = try server.addCategory("Swift")
        try server.subscribe(server.writeFeed(feedName("swift"), title: "Swift Weekly", items: items("s", 3)), category: category)
        try server.subscribe(server.writeFeed(feedName("gnome"), title: "GNOME News", items: items("g", 2)))
        let first = try XCTUnwrap(server.headlines().first?["id"] as? Int)
        try server.api("updateArticle", ["article_ids": "\(first)", "field": 2, "mode": 0])

        let id = try add()
        let sync = try binary.run(["--sync"])

        XCTAssertEqual(sync.status, 0, sync.errors)
        XCTAssertEqual(sync.lines, ["\(id)\t\(server.userName)@127.0.0.1\t5\tok", "Synced 1 account: 5 new items, 0 failed"])
        let account = try binary.run(["--accounts"]).lines.first?.split(separator: "\t").map(String.init) ?? []
        XCTAssertEqual(Array(account.prefix(7)), [id, "ttrss", server.address.absoluteString, server.userName, "2", "4", "ok"])
        let titles = try binary.run(["--print"]).lines.map { $0.split(separator: "\t")[1] }
        XCTAssertEqual(Set(titles), ["s0", "s1", "s2", "g0", "g1"])
        XCTAssertEqual(try binary.run(["--print", "--unread"]).lines.count, 4)
    }

    func test_marksMadeHere_reachTheServer_onTheNextSync() throws {
        try server.subscribe(server.writeFeed(feedName("marks"), title: "Marks", items: items("m", 4)))
        _ = try add()
        XCTAssertEqual(try binary.run(["--sync"]).status, 0)
        let printed = try binary.run(["--print"]).lines.map { $0.split(separator: "\t").map(String.init) }
        let key = { (title: String) in try XCTUnwrap(printed.first { $0[1] == title }?[0]) }

        XCTAssertEqual(try binary.run(["--mark-read", key("m0"), key("m1")]).status, 0)
        XCTAssertEqual(try binary.run(["--star", key("m3")]).status, 0)
        XCTAssertEqual(try server.headlines(-4, viewMode: "unread").count, 4, "nothing is sent before the sync")
        let sync = try binary.run(["--sync"])

        XCTAssertEqual(sync.status, 0, sync.errors)
        let onServer = try server.headlines()
        XCTAssertEqual(Set(onServer.filter { $0["unread"] as? Bool == true }.compactMap { $0["title"] as? String }), ["m2", "m3"])
        XCTAssertEqual(onServer.filter { $0["marked"] as? Bool == true }.compactMap { $0["title"] as? String }, ["m3"])
        XCTAssertEqual(try binary.run(["--print", "--unread"]).lines.count, 2)
    }

    func test_marksAndItemsFromElsewhere_reachTheLibrary() throws {
        let name = feedName("news")
        let feed = try server.subscribe(server.writeFeed(name, title: "News", items: items("n", 2)))
        _ = try add()
        XCTAssertEqual(try binary.run(["--sync"]).status, 0)

        let read = try XCTUnwrap(server.headlines().first { $0["title"] as? String == "n0" }?["id"] as? Int)
        try server.api("updateArticle", ["article_ids": "\(read)", "field": 2, "mode": 0])
        try server.writeFeed(name, title: "News", items: items("n", 3))
        try server.api("updateFeed", ["feed_id": feed])
        let sync = try binary.run(["--sync"])

        XCTAssertEqual(sync.status, 0, sync.errors)
        XCTAssertEqual(sync.lines.first?.split(separator: "\t")[2], "1", "only the new item is downloaded")
        let unread = try binary.run(["--print", "--unread"]).lines.map { String($0.split(separator: "\t")[1]) }
        XCTAssertEqual(Set(unread), ["n1", "n2"])
    }

    func test_aSessionTheServerForgot_isOpenedAgain_andTheMarksStillArrive() throws {
        try server.subscribe(server.writeFeed(feedName("session"), title: "Session", items: items("x", 2)))
        _ = try add()
        XCTAssertEqual(try binary.run(["--sync"]).status, 0)
        let key = try XCTUnwrap(binary.run(["--print"]).lines.first?.split(separator: "\t").first).description
        XCTAssertEqual(try binary.run(["--mark-read", key]).status, 0)

        try server.sql("delete from ttrss_sessions")
        let sync = try binary.run(["--sync"])

        XCTAssertEqual(sync.status, 0, sync.errors)
        XCTAssertEqual(try server.headlines(-4, viewMode: "unread").count, 1)
    }

    func test_aRefusedPassword_addsNothing_andAChangedOneNeedsSignIn() throws {
        let refused = try binary.run(["--add-account", "ttrss", server.address.absoluteString, "--user", server.userName], input: Data("wrong\n".utf8))
        XCTAssertNotEqual(refused.status, 0)
        XCTAssertTrue(refused.errors.contains("refused the user name or password"), refused.errors)
        XCTAssertEqual(try binary.run(["--accounts"]).lines, [])

        let id = try add()
        try server.sql("update ttrss_users set pwd_hash = 'SHA1:0' where login = '\(server.userName)'; delete from ttrss_sessions")
        let sync = try binary.run(["--sync"])

        XCTAssertEqual(sync.status, 1)
        XCTAssertEqual(sync.lines.first, "\(id)\t\(server.userName)@127.0.0.1\t0\tneeds sign-in")
    }

    func test_anAccountWhoseAPIAccessIsOff_isToldHowToTurnItOn() throws {
        try server.sql("""
            update ttrss_user_prefs set value = 'false' where pref_name = 'ENABLE_API_ACCESS'
            and owner_uid = (select id from ttrss_users where login = '\(server.userName)')
            """)

        let run = try binary.run(["--add-account", "ttrss", server.address.absoluteString, "--user", server.userName], input: Data("\(server.password)\n".utf8))

        XCTAssertNotEqual(run.status, 0)
        XCTAssertTrue(run.errors.contains("Enable API"), run.errors)
        XCTAssertEqual(try binary.run(["--accounts"]).lines, [])
    }

    func test_subscribeWithTheAccount_subscribesOnTheServer_andBringsTheFeedsItems() throws {
        let id = try add()
        let feed = try server.writeFeed(feedName("added"), title: "Added Here", items: items("a", 2))

        let run = try binary.run(["--subscribe", feed.absoluteString, "--account", id])

        XCTAssertEqual(run.status, 0, run.errors)
        XCTAssertEqual(run.lines, ["Subscribed to Added Here on \(server.userName)@127.0.0.1: 2 new items"])
        let feeds = try XCTUnwrap(server.api("getFeeds", ["cat_id": -3]) as? [[String: Any]])
        XCTAssertEqual(feeds.compactMap { $0["feed_url"] as? String }, [feed.absoluteString])
        XCTAssertEqual(try binary.run(["--print"]).lines.count, 2)

        let missing = try binary.run(["--subscribe", feed.deletingLastPathComponent().appendingPathComponent("missing.xml").absoluteString, "--account", id])
        XCTAssertNotEqual(missing.status, 0)
        XCTAssertTrue(missing.errors.contains("could not fetch"), missing.errors)
    }

    // MARK: Helpers

    /// The account's id.
    private func add() throws -> String {
        let run = try binary.run(["--add-account", "ttrss", server.address.absoluteString, "--user", server.userName], input: Data("\(server.password)\n".utf8))
        XCTAssertEqual(run.status, 0, run.errors)
        return try XCTUnwrap(run.lines.first)
    }

    /// Feeds are files on one host shared by every test: named per test.
    private func feedName(_ name: String) -> String {
        "\(name)-\(server.userName)"
    }

    /// `count` items titled prefix0…, an hour old and a minute apart (the
    /// same dates when a feed is written again with more).
    private func items(_ prefix: String, _ count: Int) -> [(guid: String, title: String, date: Date)] {
        (0..<count).map { ("\(prefix)-\($0)-\(server.userName)", "\(prefix)\($0)", now.addingTimeInterval(Double($0 * 60) - 3_600)) }
    }
}

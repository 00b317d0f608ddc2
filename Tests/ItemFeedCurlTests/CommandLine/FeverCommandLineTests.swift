import Foundation
import ItemFeed
import ItemFeedStore
import XCTest

/// SPEC 15 against a real Fever server (coldsweat from PyPI, on loopback):
/// the built `item-feed` adds the account, syncs, and its marks land on the
/// server; what Fever's API cannot do is refused with the reason.
final class FeverCommandLineTests: XCTestCase {
    private var binary: ItemFeedBinary!
    private var server: FeverTestServer!
    private let now = Date()

    override func setUpWithError() throws {
        server = try FeverTestServer()
        binary = try ItemFeedBinary.withPrivateKeyring(in: self)
    }

    func test_addAndSync_bringsTheServersGroupsFeedsItemsAndMarks() throws {
        try server.subscribe([
            (server.writeFeed(feedName("swift"), title: "Swift Weekly", items: items("s", 3)), "Swift Weekly", "Swift"),
            (server.writeFeed(feedName("gnome"), title: "GNOME News", items: items("g", 2)), "GNOME News", nil),
        ])
        let onServer = try server.items()
        try server.api("", [("mark", "item"), ("as", "read"), ("id", String(try XCTUnwrap(onServer["s0"]).id))])
        try server.api("", [("mark", "item"), ("as", "saved"), ("id", String(try XCTUnwrap(onServer["g1"]).id))])

        let id = try add()
        let sync = try binary.run(["--sync"])

        XCTAssertEqual(sync.status, 0, sync.errors)
        XCTAssertEqual(sync.lines, ["\(id)\t\(server.userName)@127.0.0.1\t5\tok", "Synced 1 account: 5 new items, 0 failed"])
        let account = try binary.run(["--accounts"]).lines.first?.split(separator: "\t").map(String.init) ?? []
        XCTAssertEqual(Array(account.prefix(7)), [id, "fever", server.address.absoluteString, server.userName, "2", "4", "ok"])
        let titles = try binary.run(["--print"]).lines.map { $0.split(separator: "\t")[1] }
        XCTAssertEqual(Set(titles), ["s0", "s1", "s2", "g0", "g1"])
        XCTAssertEqual(try binary.run(["--print", "--unread"]).lines.count, 4)
        XCTAssertEqual(try SQLiteLibraryStore(path: binary.libraryFile.path).items(.starred, in: 0..<10).map(\.item.name), ["g1"])
    }

    func test_marksMadeHere_reachTheServer_onTheNextSync() throws {
        try server.subscribe([(server.writeFeed(feedName("marks"), title: "Marks", items: items("m", 4)), "Marks", nil)])
        _ = try add()
        XCTAssertEqual(try binary.run(["--sync"]).status, 0)
        let printed = try binary.run(["--print"]).lines.map { $0.split(separator: "\t").map(String.init) }
        let key = { (title: String) in try XCTUnwrap(printed.first { $0[1] == title }?[0]) }

        XCTAssertEqual(try binary.run(["--mark-read", key("m0"), key("m1")]).status, 0)
        XCTAssertEqual(try binary.run(["--star", key("m3")]).status, 0)
        XCTAssertEqual(try server.items().values.filter(\.isRead).count, 0, "nothing is sent before the sync")
        let sync = try binary.run(["--sync"])

        XCTAssertEqual(sync.status, 0, sync.errors)
        let onServer = try server.items()
        XCTAssertEqual(Set(onServer.filter { !$0.value.isRead }.map(\.key)), ["m2", "m3"])
        XCTAssertEqual(onServer.filter(\.value.isSaved).map(\.key), ["m3"])
        XCTAssertEqual(try binary.run(["--print", "--unread"]).lines.count, 2)
    }

    /// coldsweat fetches a feed at most every 3 minutes: the item that comes
    /// meanwhile is in a feed the user subscribed to elsewhere.
    func test_marksAndItemsFromElsewhere_reachTheLibrary_onlyTheNewItemDownloaded() throws {
        try server.subscribe([(server.writeFeed(feedName("news"), title: "News", items: items("n", 2)), "News", nil)])
        _ = try add()
        XCTAssertEqual(try binary.run(["--sync"]).status, 0)

        try server.api("", [("mark", "item"), ("as", "read"), ("id", String(try XCTUnwrap(server.items()["n0"]).id))])
        try server.subscribe([(server.writeFeed(feedName("later"), title: "Later", items: items("l", 1)), "Later", nil)])
        let sync = try binary.run(["--sync"])

        XCTAssertEqual(sync.status, 0, sync.errors)
        XCTAssertEqual(sync.lines.first?.split(separator: "\t")[2], "1", "only the new item is downloaded")
        let unread = try binary.run(["--print", "--unread"]).lines.map { String($0.split(separator: "\t")[1]) }
        XCTAssertEqual(Set(unread), ["n1", "l0"])
    }

    func test_aRefusedPassword_addsNothing() throws {
        let refused = try binary.run(["--add-account", "fever", server.address.absoluteString, "--user", server.userName], input: Data("wrong-password\n".utf8))

        XCTAssertNotEqual(refused.status, 0)
        XCTAssertTrue(refused.errors.contains("refused the user name or password"), refused.errors)
        XCTAssertEqual(try binary.run(["--accounts"]).lines, [])
    }

    func test_subscribingWithAFeverAccount_isRefused_sayingTheAPICannot() throws {
        let id = try add()
        let feed = try server.writeFeed(feedName("added"), title: "Added Here", items: items("a", 2))

        let run = try binary.run(["--subscribe", feed.absoluteString, "--account", id])

        XCTAssertNotEqual(run.status, 0)
        XCTAssertTrue(run.errors.contains("Fever API cannot"), run.errors)
        XCTAssertEqual(try binary.run(["--print"]).lines, [])
    }

    // MARK: Helpers

    /// The account's id.
    private func add() throws -> String {
        let run = try binary.run(["--add-account", "fever", server.address.absoluteString, "--user", server.userName], input: Data("\(server.password)\n".utf8))
        XCTAssertEqual(run.status, 0, run.errors)
        return try XCTUnwrap(run.lines.first)
    }

    /// Feeds are files on one host shared by every test: named per test.
    private func feedName(_ name: String) -> String {
        "\(name)-\(server.userName.prefix(17))"
    }

    /// `count` items titled prefix0…, an hour old and a minute apart.
    private func items(_ prefix: String, _ count: Int) -> [(guid: String, title: String, date: Date)] {
        (0..<count).map { ("\(prefix)-\($0)-\(server.userName)", "\(prefix)\($0)", now.addingTimeInterval(Double($0 * 60) - 3_600)) }
    }
}

import Foundation
import ItemFeed
import ItemFeedStore
import XCTest

/// SPEC 15 with a Nextcloud News account, end to end: the built `item-feed`
/// against `Server/nextcloud_server.py` on loopback (written from the API's
/// documentation: no Nextcloud can be installed here), its password in a
/// keyring of the test's own.
final class NextcloudNewsCommandLineTests: XCTestCase {
    private var binary: ItemFeedBinary!

    override func setUpWithError() throws {
        binary = try ItemFeedBinary.withPrivateKeyring(in: self)
    }

    func test_addAndSync_bringsTheFoldersFeedsItemsAndMarks() throws {
        let server = try start(["--feeds", "3", "--items", "4", "--unread-every", "2", "--starred-every", "5"])

        let id = try add(server)
        let sync = try binary.run(["--sync"])

        XCTAssertEqual(sync.status, 0, sync.errors)
        XCTAssertEqual(sync.lines, ["\(id)\titemfeed@127.0.0.1\t12\tok", "Synced 1 account: 12 new items, 0 failed"])
        let account = try binary.run(["--accounts"]).lines.first?.split(separator: "\t").map(String.init) ?? []
        XCTAssertEqual(Array(account.prefix(7)), [id, "nextcloud", server.address.absoluteString, "itemfeed", "3", "6", "ok"])
        XCTAssertEqual(try binary.run(["--print", "--unread"]).lines.count, 6)
        XCTAssertEqual(try SQLiteLibraryStore(path: binary.libraryFile.path).count(.starred), 3)
    }

    func test_aSyncWithNothingNew_asksTheFoldersTheFeedsAndWhatChanged_only() throws {
        let server = try start(["--feeds", "20", "--items", "50"])
        _ = try add(server)
        XCTAssertEqual(try binary.run(["--sync"]).status, 0)
        let before = try server.stats()

        XCTAssertEqual(try binary.run(["--sync"]).status, 0)

        let after = try server.stats()
        XCTAssertEqual(after.requests - before.requests, 3)
        XCTAssertEqual(after.byPath["GET /items/updated"], 1)
        XCTAssertEqual(after.byPath["GET /items"], before.byPath["GET /items"])
    }

    func test_marksMadeHere_areSentOnTheNextSync_manyIdsARequest() throws {
        let server = try start(["--feeds", "2", "--items", "10", "--unread-every", "1"])
        _ = try add(server)
        XCTAssertEqual(try binary.run(["--sync"]).status, 0)
        let unread = try binary.run(["--print", "--unread"]).lines.map { String($0.split(separator: "\t")[0]) }
        XCTAssertEqual(unread.count, 20)

        XCTAssertEqual(try binary.run(["--mark-read"] + unread.prefix(15)).status, 0)
        XCTAssertEqual(try server.stats().unread, 20, "nothing is sent before the sync")
        XCTAssertEqual(try binary.run(["--sync"]).status, 0)

        let after = try server.stats()
        XCTAssertEqual(after.unread, 5)
        XCTAssertEqual(after.byPath["POST /items/read/multiple"], 1)
        XCTAssertEqual(try binary.run(["--print", "--unread"]).lines.count, 5, "the listing after the marks agrees")
    }

    func test_itemsAndMarksFromElsewhere_reachTheLibrary() throws {
        let server = try start(["--feeds", "1", "--items", "3", "--unread-every", "1", "--starred-every", "0"])
        _ = try add(server)
        XCTAssertEqual(try binary.run(["--sync"]).status, 0)
        let held = try binary.run(["--print"]).lines.count

        let added = try server.control(["action": "add", "feed": 0, "count": 2])
        try server.control(["action": "star", "ids": added["ids"] ?? []])
        try server.control(["action": "read", "ids": ["1"]])
        let sync = try binary.run(["--sync"])

        XCTAssertEqual(sync.lines.first?.split(separator: "\t")[2], "2", sync.errors)
        XCTAssertEqual(try binary.run(["--print"]).lines.count, held + 2)
        XCTAssertEqual(try binary.run(["--print", "--unread"]).lines.count, 4)
        XCTAssertEqual(try SQLiteLibraryStore(path: binary.libraryFile.path).count(.starred), 2)
    }

    func test_aRefusedPassword_addsNothing_andAPasswordChangedLater_needsSignIn() throws {
        let server = try start()
        let refused = try binary.run(["--add-account", "nextcloud", server.address.absoluteString, "--user", "itemfeed"], input: Data("wrong\n".utf8))
        XCTAssertNotEqual(refused.status, 0)
        XCTAssertTrue(refused.errors.contains("refused the user name or password"), refused.errors)

        let id = try add(server)
        try server.control(["action": "password", "password": "changed-elsewhere"])
        let sync = try binary.run(["--sync"])

        XCTAssertEqual(sync.lines.first, "\(id)\titemfeed@127.0.0.1\t0\tneeds sign-in")
    }

    func test_subscribeAndUnsubscribeWithTheAccount_happenOnItsServer() throws {
        let server = try start(["--feeds", "1", "--items", "1"])
        let id = try add(server)
        XCTAssertEqual(try binary.run(["--sync"]).status, 0)

        let run = try binary.run(["--subscribe", "https://extra.example/feed.xml", "--account", id])

        XCTAssertEqual(run.status, 0, run.errors)
        XCTAssertEqual(run.lines, ["Subscribed to Added 2 on itemfeed@127.0.0.1: 1 new item"])
        XCTAssertEqual(try binary.run(["--accounts"]).lines.first?.split(separator: "\t")[4], "2")
        let twice = try binary.run(["--subscribe", "https://extra.example/feed.xml", "--account", id])
        XCTAssertNotEqual(twice.status, 0)
        XCTAssertTrue(twice.errors.contains("Feed already exists"), twice.errors)
    }

    func test_anAddressWhereNoNextcloudNewsAnswers_isRefused_sayingWhere() throws {
        let server = try start()
        let wrong = URL(string: "http://127.0.0.1:\(server.port)/somewhere/apps/news/api/v1-2/")!

        let run = try binary.run(["--add-account", "nextcloud", wrong.absoluteString, "--user", "itemfeed"], input: Data("itemfeed-api\n".utf8))

        XCTAssertNotEqual(run.status, 0)
        XCTAssertTrue(run.errors.contains("does not answer as Nextcloud News does"), run.errors)
    }

    // MARK: Helpers

    private func start(_ options: [String] = []) throws -> LoopbackSyncServer {
        let server = try LoopbackSyncServer.nextcloudNews(options)
        addTeardownBlock { server.process.stop() }
        return server
    }

    /// The account's id.
    private func add(_ server: LoopbackSyncServer, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        try server.addAccount(to: binary, file: file, line: line)
    }
}

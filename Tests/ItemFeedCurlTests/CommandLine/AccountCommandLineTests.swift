import Foundation
import ItemFeed
import ItemFeedStore
import XCTest

/// SPEC 15's command line end to end: the built `item-feed` syncing with a
/// Google Reader API server on loopback, its password in a keyring of the
/// test's own (GNOME Keyring on a private session bus, through libsecret).
final class AccountCommandLineTests: XCTestCase {
    private var binary: ItemFeedBinary!

    override func setUpWithError() throws {
        binary = try ItemFeedBinary.withPrivateKeyring(in: self)
    }

    func test_addSyncList_bringsTheServersFeedsAndItems_andMarks() throws {
        let server = try start(["--feeds", "3", "--items", "4", "--unread-every", "2", "--starred-every", "5"])

        let id = try add(server)
        XCTAssertEqual(try binary.run(["--accounts"]).lines, ["\(id)\tgreader\t\(server.address.absoluteString)\titemfeed\t0\t0\tnever synced\t-"])
        let sync = try binary.run(["--sync"])

        XCTAssertEqual(sync.status, 0, sync.errors)
        XCTAssertEqual(sync.lines, ["\(id)\titemfeed@127.0.0.1\t12\tok", "Synced 1 account: 12 new items, 0 failed"])
        let accounts = try binary.run(["--accounts"]).lines.first?.split(separator: "\t").map(String.init) ?? []
        XCTAssertEqual(Array(accounts.prefix(7)), [id, "greader", server.address.absoluteString, "itemfeed", "3", "6", "ok"])
        XCTAssertNotEqual(accounts.last, "-")
        XCTAssertEqual(try binary.run(["--print"]).lines.count, 12)
        XCTAssertEqual(try binary.run(["--print", "--unread"]).lines.count, 6)
        let listed = try binary.run(["--subscriptions"]).lines.map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
        XCTAssertEqual(listed.count, 3, "every feed of the library, the account's too (issue 54): \(listed)")
        XCTAssertEqual(Set(listed.map { $0.last }), [id], "each with its account")
        XCTAssertEqual(listed.map { Int($0[3]) ?? 0 }.reduce(0, +), 12, "and its items")
    }

    func test_aSecondSyncWithNothingNew_asksFiveSmallThings_andNoItem() throws {
        let server = try start()
        _ = try add(server)
        XCTAssertEqual(try binary.run(["--sync"]).status, 0)
        let before = try server.stats()

        XCTAssertEqual(try binary.run(["--sync"]).status, 0)

        let after = try server.stats()
        XCTAssertLessThanOrEqual(after.requests - before.requests, 5)
        XCTAssertEqual(after.byPath["/reader/api/0/stream/items/contents"], before.byPath["/reader/api/0/stream/items/contents"])
        XCTAssertEqual(after.byPath["/accounts/ClientLogin"], before.byPath["/accounts/ClientLogin"], "the session kept in the keyring serves")
    }

    func test_marksMadeHere_areSentOnTheNextSync_inOneRequest() throws {
        let server = try start(["--feeds", "2", "--items", "10", "--unread-every", "1"])
        _ = try add(server)
        XCTAssertEqual(try binary.run(["--sync"]).status, 0)
        let unread = try binary.run(["--print", "--unread"]).lines.map { String($0.split(separator: "\t")[0]) }
        XCTAssertEqual(unread.count, 20)

        XCTAssertEqual(try binary.run(["--mark-read"] + unread.prefix(15)).status, 0)
        XCTAssertEqual(try server.stats().unread, 20, "nothing is sent before the sync")
        let before = try server.stats()
        XCTAssertEqual(try binary.run(["--sync"]).status, 0)

        let after = try server.stats()
        XCTAssertEqual(after.unread, 5)
        XCTAssertEqual((after.byPath["/reader/api/0/edit-tag"] ?? 0) - (before.byPath["/reader/api/0/edit-tag"] ?? 0), 1)
        XCTAssertEqual(try binary.run(["--print", "--unread"]).lines.count, 5)
    }

    func test_marksMadeElsewhere_reachTheLibrary() throws {
        let server = try start(["--feeds", "1", "--items", "3", "--unread-every", "1", "--starred-every", "0"])
        _ = try add(server)
        XCTAssertEqual(try binary.run(["--sync"]).status, 0)

        let added = try server.control(["action": "add", "feed": 0, "count": 2])
        try server.control(["action": "star", "ids": added["ids"] ?? []])
        XCTAssertEqual(try binary.run(["--sync"]).lines.first?.split(separator: "\t")[2], "2")

        XCTAssertEqual(try binary.run(["--print", "--unread"]).lines.count, 5)
    }

    func test_aRefusedPassword_addsNothing_andKeepsThePasswordOutOfTheLibrary() throws {
        let server = try start()

        let run = try binary.run(["--add-account", "greader", server.address.absoluteString, "--user", "itemfeed"], input: Data("wrong-password\n".utf8))

        XCTAssertNotEqual(run.status, 0)
        XCTAssertTrue(run.errors.contains("refused the user name or password"), run.errors)
        XCTAssertEqual(try binary.run(["--accounts"]).lines, [])
        _ = try add(server)
        let library = try Data(contentsOf: binary.libraryFile) + ((try? Data(contentsOf: URL(fileURLWithPath: binary.libraryFile.path + "-wal"))) ?? Data())
        XCTAssertNil(library.range(of: Data("itemfeed-api".utf8)), "the password is in the keyring only")
    }

    func test_aPasswordChangedOnTheServer_needsSignIn_andKeepsTheMarksMadeHere() throws {
        let server = try start(["--feeds", "1", "--items", "2", "--unread-every", "1"])
        let id = try add(server)
        XCTAssertEqual(try binary.run(["--sync"]).status, 0)
        let first = try XCTUnwrap(binary.run(["--print"]).lines.first?.split(separator: "\t").first).description
        XCTAssertEqual(try binary.run(["--mark-read", first]).status, 0)
        try server.control(["action": "password", "password": "changed-elsewhere"])

        let sync = try binary.run(["--sync"])

        XCTAssertEqual(sync.status, 1)
        XCTAssertEqual(sync.lines.first, "\(id)\titemfeed@127.0.0.1\t0\tneeds sign-in")
        XCTAssertTrue(sync.errors.contains("refused"), sync.errors)
        XCTAssertTrue(try binary.run(["--accounts"]).output.contains("\tneeds sign-in\t"))
        XCTAssertEqual(try binary.run(["--print", "--unread"]).lines.count, 1, "the mark stays")
        XCTAssertEqual(try server.stats().unread, 2)
    }

    func test_aServerThatIsDown_failsItsAccountOnly_withTheReason() throws {
        let server = try start()
        _ = try add(server)
        server.process.stop()

        let sync = try binary.run(["--sync"])

        XCTAssertEqual(sync.status, 1)
        XCTAssertTrue(sync.errors.contains("could not be reached"), sync.errors)
        XCTAssertTrue(try binary.run(["--accounts"]).output.contains("\terror: "))
        XCTAssertEqual(try binary.run(["--sync"]).status, 1, "--sync asks a failing server again")
        let account = try XCTUnwrap(SQLiteLibraryStore(path: binary.libraryFile.path).accounts().first)
        XCTAssertEqual(account.failures, 2)
        guard case let .failed(_, until?) = account.state else { return XCTFail("\(account.state)") }
        XCTAssertEqual(until.timeIntervalSinceNow, 2 * 3_600, accuracy: 60, "the refresh interval waits an hour, doubling with each failure")
    }

    func test_subscribeWithAnAccount_subscribesOnItsServer_andBringsTheFeedsItems() throws {
        let server = try start(["--feeds", "1", "--items", "1"])
        let id = try add(server)
        XCTAssertEqual(try binary.run(["--sync"]).status, 0)

        let run = try binary.run(["--subscribe", "https://extra.example/feed.xml", "--account", id])

        XCTAssertEqual(run.status, 0, run.errors)
        XCTAssertEqual(run.lines, ["Subscribed to Added 2 on itemfeed@127.0.0.1: 1 new item"])
        XCTAssertEqual(try binary.run(["--accounts"]).lines.first?.split(separator: "\t")[4], "2")
        XCTAssertEqual(try binary.run(["--subscriptions"]).lines.filter { $0.hasPrefix("https://extra.example/feed.xml\t") }.map { $0.split(separator: "\t").last.map(String.init) }, [id], "on the server, listed with its account")
        let refused = try binary.run(["--subscribe", "https://missing.example/feed.xml", "--account", id])
        XCTAssertNotEqual(refused.status, 0)
        XCTAssertTrue(refused.errors.contains("404"), refused.errors)
    }

    func test_miniflux_pagesItsIdsByOffset() throws {
        let server = try start(["--miniflux", "--max-ids", "7", "--feeds", "3", "--items", "10", "--unread-every", "1"])
        _ = try add(server)

        XCTAssertEqual(try binary.run(["--sync"]).status, 0)

        XCTAssertEqual(try binary.run(["--print", "--unread"]).lines.count, 30)
    }

    func test_removeAccount_removesItsFeedsAndItems_andOnlyThem() throws {
        let server = try start()
        let id = try add(server)
        XCTAssertEqual(try binary.run(["--sync"]).status, 0)

        let removed = try binary.run(["--remove-account", id])

        XCTAssertEqual(removed.status, 0, removed.errors)
        XCTAssertEqual(try binary.run(["--accounts"]).lines, [])
        XCTAssertEqual(try binary.run(["--print"]).lines, [])
        XCTAssertNotEqual(try binary.run(["--remove-account", id]).status, 0)
        XCTAssertNotEqual(try binary.run(["--sync", "99"]).status, 0)
    }

    func test_withoutASecretService_nothingIsKept_andTheReasonIsSaid() throws {
        let server = try start()
        binary.environment = ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent/item-feed-test-bus"]

        let run = try binary.run(["--add-account", "greader", server.address.absoluteString, "--user", "itemfeed"], input: Data("itemfeed-api\n".utf8))

        XCTAssertNotEqual(run.status, 0)
        XCTAssertTrue(run.errors.contains("keyring"), run.errors)
        XCTAssertEqual(try binary.run(["--accounts"]).lines, [])
    }

    func test_badArguments_sayWhatIsExpected() throws {
        XCTAssertTrue(try binary.run(["--add-account", "rss2", "https://x.example"], input: Data()).errors.contains("takes one of greader, ttrss, nextcloud, fever, not “rss2”"))
        XCTAssertTrue(try binary.run(["--add-account", "greader", "ftp://x.example", "--user", "u"], input: Data()).errors.contains("https://"))
        XCTAssertTrue(try binary.run(["--add-account", "greader", "https://x.example"], input: Data()).errors.contains("--user"))
        XCTAssertTrue(try binary.run(["--add-account", "greader", "https://x.example", "--user", "u"], input: Data()).errors.contains("standard input"))
    }

    // MARK: Helpers

    private func start(_ options: [String] = []) throws -> LoopbackSyncServer {
        let server = try LoopbackSyncServer.googleReader(options)
        addTeardownBlock { server.process.stop() }
        return server
    }

    /// The account's id.
    private func add(_ server: LoopbackSyncServer, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        try server.addAccount(to: binary, file: file, line: line)
    }
}

import Foundation
import ItemFeed
@testable import ItemFeedStore
import ItemFeedTestSupport
import XCTest

/// Every earlier schema version, as a committed file written by the
/// ItemFeed that used it, opens with its subscriptions, items and marks.
final class MigrationTests: XCTestCase {
    func test_aNewLibraryIsAtTheCurrentVersionAndMarkedAsItemFeeds() throws {
        let store = try SQLiteLibraryStore(path: temporaryLibraryFolder().appendingPathComponent("library.sqlite").path)
        XCTAssertEqual(try store.database.integer("PRAGMA user_version"), LibrarySchema.version)
        XCTAssertEqual(try store.database.integer("PRAGMA application_id"), LibrarySchema.applicationID)
        XCTAssertEqual(try store.database.integer("PRAGMA foreign_keys"), 1)
    }

    func test_version1_opensWithEverythingItHeld() throws {
        let store = try openFixture("library-v1.sqlite")
        try assertHoldsTheFixturesLibrary(store)
        try store.database.execute("INSERT INTO item_text (item_text) VALUES ('integrity-check')")
        XCTAssertEqual(try store.database.integer("PRAGMA user_version"), LibrarySchema.version)
    }

    func test_version1_gainsVersion2sPreferences_atTheirDefaults() throws {
        let store = try openFixture("library-v1.sqlite")
        XCTAssertEqual(try store.preference(ReadRetention.self), .month)
        try store.setPreference(ReadRetention.forever)
        XCTAssertEqual(try store.preference(ReadRetention.self), .forever)
    }

    func test_version2_opensWithEverythingItHeld() throws {
        let store = try openFixture("library-v2.sqlite")
        try assertHoldsTheFixturesLibrary(store)
        XCTAssertEqual(try store.preference(ReadRetention.self), .month)
    }

    func test_version3_opensWithEverythingItHeld() throws {
        let store = try openFixture("library-v3.sqlite")
        try assertHoldsTheFixturesLibrary(store)
        XCTAssertNil(try store.enclosure(try LibrarySpecData.keys(store)["t1"]!), "enclosures come with the next refresh")
    }

    func test_version4_opensWithEverythingItHeld() throws {
        let store = try openFixture("library-v4.sqlite")
        try assertHoldsTheFixturesLibrary(store)
    }

    func test_version5_opensWithEverythingItHeld() throws {
        let store = try openFixture("library-v5.sqlite")
        try assertHoldsTheFixturesLibrary(store)
    }

    /// Version 5 readies the library for servers: every earlier feed and
    /// folder is the local library's, nothing is waiting to be sent, and
    /// no item has a full article or a server's id yet.
    func test_everyEarlierVersion_becomesTheLocalAccountsLibrary_withNothingPending() throws {
        for version in 1...4 {
            let store = try openFixture("library-v\(version).sqlite")
            let database = store.database
            XCTAssertEqual(try database.integer("SELECT count(*) FROM account"), 1, "v\(version)")
            XCTAssertEqual(try database.integer("SELECT count(*) FROM account WHERE id = 1 AND service = 'local'"), 1, "v\(version)")
            XCTAssertEqual(try database.integer("SELECT count(*) FROM feed WHERE account_id = 1"), 2, "v\(version)")
            XCTAssertEqual(try database.integer("SELECT count(*) FROM folder WHERE account_id = 1 AND name = 'Work'"), 1, "v\(version)")
            XCTAssertEqual(try database.integer("SELECT count(*) FROM item"), 3, "no item lost in the rebuild, v\(version)")
            XCTAssertEqual(try database.integer("SELECT count(*) FROM item WHERE remote_id IS NOT NULL OR full_content IS NOT NULL"), 0, "v\(version)")
            XCTAssertEqual(try database.integer("SELECT count(*) FROM pending_change"), 0, "v\(version)")
            XCTAssertEqual(try database.integer("SELECT count(*) FROM pragma_foreign_key_check"), 0, "v\(version)")
            XCTAssertEqual(try database.integer("PRAGMA foreign_keys"), 1, "on again after the migration, v\(version)")
            XCTAssertEqual(try database.integer("SELECT count(*) FROM pragma_integrity_check WHERE integrity_check != 'ok'"), 0, "v\(version)")
        }
    }

    /// The counts' and the index's triggers still name the rebuilt `feed`:
    /// a refresh, a mark and an unsubscribe after the migration keep them.
    func test_afterVersion5sRebuild_theCountsAndCascadesStillWork() throws {
        let store = try openFixture("library-v4.sqlite")
        try store.apply([FeedRefresh(address: LibrarySpecData.news, outcome: .loaded(title: nil, siteLink: nil, items: LibrarySpecData.items("n2")), date: LibrarySpecData.date(90))])
        XCTAssertEqual(try store.subscriptions().first { $0.address == LibrarySpecData.news }?.counts, ItemCounts(unread: 2, total: 2))
        try store.unsubscribe(LibrarySpecData.news)
        XCTAssertEqual(try store.count(.all), 2, "its items went with it")
        XCTAssertEqual(try store.count(LibraryView(.all, search: "Item n")), 0)
    }

    /// The same address may be followed by two accounts (here and on a server).
    func test_twoAccounts_mayFollowTheSameAddress_butOneAccountOnlyOnce() throws {
        let store = try openFixture("library-v5.sqlite")
        try store.database.execute("INSERT INTO account (id, service, title, added) VALUES (2, 'greader', 'FreshRSS', 0)")
        try store.database.execute("INSERT INTO feed (account_id, address, added) VALUES (2, '\(LibrarySpecData.tech.absoluteString)', 0)")
        XCTAssertThrowsError(try store.database.execute("INSERT INTO feed (account_id, address, added) VALUES (2, '\(LibrarySpecData.tech.absoluteString)', 0)"))
        try store.database.execute("DELETE FROM account WHERE id = 2")
        XCTAssertEqual(try store.database.integer("SELECT count(*) FROM feed"), 2, "an account's feeds go with it, the local library's stay")
    }

    func test_earlierVersions_gainArticles_emptyUntilTheNextRefresh() throws {
        for fixture in ["library-v1.sqlite", "library-v2.sqlite"] {
            let store = try openFixture(fixture)
            let keys = try LibrarySpecData.keys(store)
            XCTAssertNil(try store.articleHTML(keys["t1"]!))
            try store.apply([FeedRefresh(address: LibrarySpecData.tech, outcome: .loaded(title: nil, siteLink: nil, items: [LibrarySpecData.item("t1", day: 40)], articles: ["t1": "<p>Now</p>"]), date: LibrarySpecData.date(80))])
            XCTAssertEqual(try store.articleHTML(keys["t1"]!), "<p>Now</p>", fixture)
        }
    }

    /// Views saved before version 10 have no kept items: they are matched
    /// when first counted (on the writer's queue), and read from them after.
    func test_savedViewsFromVersion9_areKeptWhenFirstCounted() throws {
        let store = try openFixture("library-v9.sqlite")
        try store.database.execute("INSERT INTO saved_view (name, query, added) VALUES ('Items', 'item -t1', 0)")
        XCTAssertNil(try store.keptView("item -t1"))
        XCTAssertEqual(try store.items(LibraryView(.query("item -t1")), in: 0..<10).map(\.item.id), ["n1", "t2"], "read by its query until kept")

        XCTAssertEqual(try store.savedViews().map(\.unread), [2])
        XCTAssertEqual(try store.keptView("item -t1")?.unread, 2)
        XCTAssertEqual(try store.database.integer("SELECT count(*) FROM saved_view_item"), 2)
        XCTAssertEqual(try store.items(LibraryView(.query("item -t1")), in: 0..<10).map(\.item.id), ["n1", "t2"])
    }

    func test_everyVersionHasAFixture() throws {
        for version in 1...LibrarySchema.version {
            let fixture = Self.fixtures.appendingPathComponent("library-v\(version).sqlite")
            XCTAssertTrue(FileManager.default.fileExists(atPath: fixture.path), "no fixture for schema \(version): write one with that version's ItemFeed (see Fixtures/README.md)")
        }
    }

    /// What `Fixtures/README.md` says each fixture holds.
    private func assertHoldsTheFixturesLibrary(_ store: LibraryStore, file: StaticString = #filePath, line: UInt = #line) throws {
        let subscriptions = try store.subscriptions()
        XCTAssertEqual(subscriptions.map(\.title), ["My Tech", "News"], file: file, line: line)
        XCTAssertEqual(subscriptions.map(\.folder), ["Work", nil], file: file, line: line)
        XCTAssertEqual(subscriptions.map(\.state), [.ok, .failed(reason: "The server answered 500")], file: file, line: line)
        XCTAssertEqual(subscriptions.map(\.counts), [ItemCounts(unread: 1, total: 2), ItemCounts(unread: 1, total: 1)], file: file, line: line)
        let items = try store.items(.all, in: 0..<10)
        XCTAssertEqual(items.map(\.item.id), ["n1", "t1", "t2"], file: file, line: line)
        XCTAssertEqual(items.map(\.isRead), [false, true, false], file: file, line: line)
        XCTAssertEqual(items.map(\.isStarred), [false, false, true], file: file, line: line)
        XCTAssertEqual(items.first?.item, LibrarySpecData.item("n1", day: 60), file: file, line: line)
        XCTAssertEqual(try store.count(LibraryView(.all, search: "Text")), 3, "the full-text index came along", file: file, line: line)
        XCTAssertEqual(try store.count(LibraryView(.all, search: "Item t2")), 1, file: file, line: line)
    }

    private static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures", isDirectory: true)

    /// A copy: opening migrates the file, and the committed one must stay.
    private func openFixture(_ name: String) throws -> SQLiteLibraryStore {
        let copy = try temporaryLibraryFolder().appendingPathComponent("library.sqlite")
        try FileManager.default.copyItem(at: Self.fixtures.appendingPathComponent(name), to: copy)
        return try SQLiteLibraryStore(path: copy.path)
    }

    /// Writes the fixture of the current schema version: run once by hand
    /// when a version is added (`ITEMFEED_WRITE_FIXTURE=1 swift test
    /// --filter MigrationTests`), then committed; never rewritten after.
    func test_writeTheCurrentVersionsFixtureWhenAsked() throws {
        guard ProcessInfo.processInfo.environment["ITEMFEED_WRITE_FIXTURE"] == "1" else { return }
        let target = Self.fixtures.appendingPathComponent("library-v\(LibrarySchema.version).sqlite")
        XCTAssertFalse(FileManager.default.fileExists(atPath: target.path), "fixtures are never rewritten")
        let path = try temporaryLibraryFolder().appendingPathComponent("library.sqlite").path
        do {
            let store = try SQLiteLibraryStore(path: path)
            try LibrarySpecData.subscribeTechAndNews(store)
            try store.rename(LibrarySpecData.tech, to: "My Tech")
            try store.apply([FeedRefresh(address: LibrarySpecData.news, outcome: .failed(reason: "The server answered 500"), date: LibrarySpecData.date(70))])
            let keys = try LibrarySpecData.keys(store)
            try store.setRead(true, [keys["t1"]!])
            try store.setStarred(true, [keys["t2"]!])
            try store.database.execute("PRAGMA wal_checkpoint(TRUNCATE); PRAGMA journal_mode = DELETE")
        }
        try FileManager.default.copyItem(atPath: path, toPath: target.path)
    }
}

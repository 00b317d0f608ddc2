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

    func test_earlierVersions_gainArticles_emptyUntilTheNextRefresh() throws {
        for fixture in ["library-v1.sqlite", "library-v2.sqlite"] {
            let store = try openFixture(fixture)
            let keys = try LibrarySpecData.keys(store)
            XCTAssertNil(try store.articleHTML(keys["t1"]!))
            try store.apply([FeedRefresh(address: LibrarySpecData.tech, outcome: .loaded(title: nil, siteLink: nil, items: [LibrarySpecData.item("t1", day: 40)], articles: ["t1": "<p>Now</p>"]), date: LibrarySpecData.date(80))])
            XCTAssertEqual(try store.articleHTML(keys["t1"]!), "<p>Now</p>", fixture)
        }
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

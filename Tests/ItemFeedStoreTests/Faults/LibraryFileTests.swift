import CSQLite
import Foundation
import ItemFeed
@testable import ItemFeedStore
import ItemFeedTestSupport
import XCTest

/// A library file that cannot be used is kept aside, never overwritten.
final class LibraryFileTests: XCTestCase {
    func test_open_makesTheFolderAndAnEmptyLibrary() throws {
        let folder = try temporaryLibraryFolder().appendingPathComponent("item-feed/nested", isDirectory: true)
        let opened = try LibraryFile.open(in: folder)
        XCTAssertNil(opened.problem)
        XCTAssertEqual(try opened.store.subscriptions(), [])
        XCTAssertTrue(FileManager.default.fileExists(atPath: LibraryFile.url(in: folder).path))
    }

    func test_open_keepsADamagedFileAsideAndStartsAnEmptyLibrary() throws {
        let folder = try temporaryLibraryFolder()
        let garbage = Data("This is not a database, but it is someone's file.".utf8) + Data(repeating: 0xAB, count: 8_192)
        try garbage.write(to: LibraryFile.url(in: folder))
        let opened = try LibraryFile.open(in: folder, now: { LibrarySpecData.date(0) })
        let problem = try XCTUnwrap(opened.problem)
        XCTAssertTrue(problem.contains("damaged or not a database"), problem)
        let kept = try keptAside(in: folder)
        XCTAssertTrue(problem.contains(kept.path), "the message says where the file went: \(problem)")
        XCTAssertEqual(try Data(contentsOf: kept), garbage, "kept byte for byte")
        try opened.store.subscribe(Subscription(address: LibrarySpecData.tech, title: "Tech"))
        XCTAssertEqual(try opened.store.subscriptions().count, 1, "the new library works")
    }

    func test_open_keepsAnotherProgramsDatabaseAside() throws {
        let folder = try temporaryLibraryFolder()
        do {
            let other = try SQLiteDatabase(path: LibraryFile.url(in: folder).path)
            try other.execute("CREATE TABLE contacts (name TEXT); INSERT INTO contacts VALUES ('Ada')")
        }
        let opened = try LibraryFile.open(in: folder)
        XCTAssertTrue(try XCTUnwrap(opened.problem).contains("another program"))
        let kept = try SQLiteDatabase(path: keptAside(in: folder).path)
        XCTAssertEqual(try kept.integer("SELECT count(*) FROM contacts"), 1)
    }

    func test_aCommandsConnectionKeepsLessOfTheFileInMemoryThanTheWindows() throws {
        let folder = try temporaryLibraryFolder()
        let window = try LibraryFile.open(in: folder).store
        let command = try LibraryFile.open(in: folder, memory: .command).store

        XCTAssertEqual(try window.database.integer("PRAGMA cache_size"), -32_768)
        XCTAssertEqual(try command.database.integer("PRAGMA cache_size"), -2_000)
    }

    func test_open_refusesALibraryFromANewerItemFeedAndLeavesItAlone() throws {
        let folder = try temporaryLibraryFolder()
        let path = LibraryFile.url(in: folder).path
        _ = try SQLiteLibraryStore(path: path)
        try SQLiteDatabase(path: path).execute("PRAGMA user_version = 99")
        XCTAssertThrowsError(try LibraryFile.open(in: folder)) { error in
            XCTAssertEqual(error as? LibraryFileProblem, .newer(version: 99))
            XCTAssertTrue((error.localizedDescription).contains("newer ItemFeed"), error.localizedDescription)
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".sqlite") }, ["library.sqlite"])
    }

    func test_aFullDiskFailsTheWriteWithAMessageAndChangesNothing() throws {
        let store = try SQLiteLibraryStore(path: temporaryLibraryFolder().appendingPathComponent("library.sqlite").path)
        try LibrarySpecData.subscribeTechAndNews(store)
        let before = try store.items(.all, in: 0..<100)
        // The file may grow no further: what SQLite reports on a full disk.
        let pages = try store.database.integer("PRAGMA page_count")
        try store.database.execute("PRAGMA max_page_count = \(pages + 2)")
        let many = (0..<2_000).map { LibrarySpecData.item("big-\($0)", day: 1) }
        XCTAssertThrowsError(try store.apply([LibrarySpecData.loaded(LibrarySpecData.tech, many)])) { error in
            XCTAssertEqual((error as? SQLiteError)?.code, SQLITE_FULL)
            XCTAssertEqual(error.localizedDescription, "The disk is full: the library was not changed")
        }
        XCTAssertEqual(try store.items(.all, in: 0..<100), before)
        XCTAssertEqual(try store.subscriptions().map(\.counts.total), [2, 1])
        try store.setRead(true, [before[0].key])
        XCTAssertEqual(try store.count(.unread), 2, "small writes still go through")
    }

    private func keptAside(in folder: URL) throws -> URL {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains("unreadable") && $0.hasSuffix(".sqlite") }
        XCTAssertEqual(names.count, 1, "\(names)")
        return folder.appendingPathComponent(try XCTUnwrap(names.first))
    }
}

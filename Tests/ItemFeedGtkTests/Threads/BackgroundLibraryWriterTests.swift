import CSQLite
import Foundation
import ItemFeed
import ItemFeedCommandLine
import ItemFeedGLib
import ItemFeedLibrary
import ItemFeedStore
import ItemFeedTestSupport
import XCTest

/// The window's writer says what each write changed, on the UI thread,
/// before the write's own answer: whoever follows the library has read it
/// again by the time a command goes on (selects the feed it added).
final class BackgroundLibraryWriterTests: XCTestCase {
    @MainActor func test_eachWrite_saysWhatItChanged_beforeItsAnswer() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("writer-\(UUID().uuidString).sqlite")
        defer { try? FileManager.default.removeItem(at: file) }
        _ = try SQLiteLibraryStore(path: file.path)
        let writer = try BackgroundLibraryWriter(file: file)
        var events: [String] = []
        writer.changed = { change in
            XCTAssertTrue(Thread.isMainThread)
            events.append("changed \(Self.names(change))")
        }

        writer.write({ store in try store.subscribe(Subscription(address: LibrarySpecData.tech, title: "Tech")) }) { _ in events.append("subscribed") }
        writer.apply([LibrarySpecData.loaded(LibrarySpecData.tech, LibrarySpecData.items("t1"))]) { _ in events.append("applied") }
        writer.write({ store in _ = try store.subscriptions() }) { _ in events.append("read") }
        writer.write({ store in
            try store.subscribe(Subscription(address: LibrarySpecData.news, title: "News"))
            throw CocoaError(.userCancelled)
        }) { _ in events.append("refused") }
        XCTAssertTrue(MainContext.iterate(until: { events.last == "refused" }, timeoutSeconds: 5), "\(events)")

        XCTAssertEqual(events, [
            "changed subscriptions", "subscribed",
            "changed feeds newItems", "applied",
            "read", "refused",
        ], "reading and a refused change say nothing")
    }

    /// Mark All as Read writes the feeds' marks; the writer then settles
    /// their items' own marks, batch after batch, telling no change.
    @MainActor func test_markAllRead_isSettledAfterwards_sayingNothing() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("writer-\(UUID().uuidString).sqlite")
        defer { try? FileManager.default.removeItem(at: file) }
        let feeds = (1...3).map { LibrarySpecData.address("feed\($0)") }
        do {
            let store = try SQLiteLibraryStore(path: file.path)
            try store.add(feeds.map { Subscription(address: $0, title: $0.host!) }, folders: [])
            try store.apply(feeds.map { LibrarySpecData.loaded($0, LibrarySpecData.items((0..<3_000).map { "i\($0)" })) })
        }
        let writer = try BackgroundLibraryWriter(file: file)
        var events: [String] = [], waitingWhenMarked: Int64?
        writer.changed = { events.append("changed \(Self.names($0))") }
        writer.mark(.allRead(.all)) { marked in
            waitingWhenMarked = Self.feedsWaitingToBeSettled(file)
            events.append("marked \((try? marked.get())?.count ?? -1)")
        }
        XCTAssertTrue(MainContext.iterate(until: { waitingWhenMarked != nil }, timeoutSeconds: 5), "marked")
        XCTAssertTrue(MainContext.iterate(until: { Self.feedsWaitingToBeSettled(file) == 0 }, timeoutSeconds: 10), "settled")
        XCTAssertEqual(waitingWhenMarked, 3, "marked by feed")
        XCTAssertEqual(events, ["changed feeds items", "marked 9000"])
    }

    /// Feeds whose "read up to" mark still waits for its items', read from the file.
    private static func feedsWaitingToBeSettled(_ file: URL) -> Int64 {
        var database: OpaquePointer?
        defer { sqlite3_close(database) }
        var statement: OpaquePointer?
        guard sqlite3_open_v2(file.path, &database, SQLITE_OPEN_READONLY, nil) == SQLITE_OK,
              sqlite3_prepare_v2(database, "SELECT count(*) FROM feed WHERE read_up_to > 0", -1, &statement, nil) == SQLITE_OK else { return -1 }
        defer { sqlite3_finalize(statement) }
        return sqlite3_step(statement) == SQLITE_ROW ? sqlite3_column_int64(statement, 0) : -1
    }

    private static func names(_ change: LibraryChange) -> String {
        [(LibraryChange.subscriptions, "subscriptions"), (.feeds, "feeds"), (.newItems, "newItems"), (.items, "items"), (.views, "views"), (.settings, "settings")]
            .filter { change.contains($0.0) }.map(\.1).joined(separator: " ")
    }
}

import Foundation
import ItemFeed
import ItemFeedCommandLine
import ItemFeedGLib
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

    private static func names(_ change: LibraryChange) -> String {
        [(LibraryChange.subscriptions, "subscriptions"), (.feeds, "feeds"), (.newItems, "newItems"), (.items, "items"), (.views, "views"), (.settings, "settings")]
            .filter { change.contains($0.0) }.map(\.1).joined(separator: " ")
    }
}

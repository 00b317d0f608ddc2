import Foundation
import ItemFeed
import ItemFeedStore
import ItemFeedTestSupport
import XCTest

/// Mark All as Read of local feeds writes each feed's "read up to" mark,
/// not each item: the items' own marks are settled afterwards, a batch at a
/// time, and nothing the library shows moves while they are.
final class ReadUpToTests: XCTestCase {
    private let work = (1...3).map { LibrarySpecData.address("work\($0)") }
    private let other = LibrarySpecData.address("other")

    func test_markAllRead_writesEachFeedsMark_theItemsSettledLater() throws {
        let (store, _) = try makeLibrary()
        XCTAssertEqual(try store.markAllRead(LibraryView(.folder("Work"))).count, 3_000)
        XCTAssertEqual(try store.count(.unread), 200)
        _ = store.takeChanges()

        XCTAssertEqual(try store.settleReadMarks(limit: 1_000), 1_000, "no item was written by Mark All as Read")
        try assertShowsWorkRead(store)
        XCTAssertEqual(try store.settleReadMarks(limit: 1_000), 1_000)
        XCTAssertEqual(try store.settleReadMarks(limit: 5_000), 1_000)
        XCTAssertEqual(try store.settleReadMarks(limit: 1_000), 0)
        try assertShowsWorkRead(store)
        XCTAssertEqual(store.takeChanges(), [], "settling changes nothing shown")
    }

    func test_marksNotYetSettled_outliveTheLibraryClosing() throws {
        let (store, file) = try makeLibrary()
        _ = try store.markAllRead(LibraryView(.folder("Work")))
        XCTAssertEqual(try store.settleReadMarks(limit: 500), 500)

        let reopened = try SQLiteLibraryStore(path: file.path)
        try assertShowsWorkRead(reopened)
        XCTAssertEqual(try reopened.settleReadMarks(limit: 10_000), 2_500)
        try assertShowsWorkRead(reopened)
    }

    func test_anItemMarkedUnreadBeforeItsFeedIsSettled_isUnreadAlone() throws {
        let (store, _) = try makeLibrary()
        _ = try store.markAllRead(LibraryView(.folder("Work")))
        let one = try store.items(LibraryView(.feed(work[1])), in: 0..<1)[0]
        try store.setRead(false, [one.key])
        XCTAssertEqual(try store.items(.unread, in: 0..<1_000).filter { $0.feedAddress != other }.map(\.key), [one.key])
        XCTAssertEqual(try store.subscriptions().map(\.counts.unread), [0, 1, 0, 200])
        XCTAssertEqual(try store.settleReadMarks(limit: 10_000), 2_000, "its feed was settled first, the others wait")
        XCTAssertEqual(try store.subscriptions().map(\.counts.unread), [0, 1, 0, 200])
    }

    private func assertShowsWorkRead(_ store: SQLiteLibraryStore, file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertEqual(try store.count(.unread), 200, file: file, line: line)
        XCTAssertEqual(try store.count(LibraryView(.folder("Work"), search: "is:read")), 3_000, file: file, line: line)
        XCTAssertEqual(try store.subscriptions().map(\.counts.unread), [0, 0, 0, 200], file: file, line: line)
        XCTAssertEqual(try store.items(LibraryView(.feed(work[2])), in: 0..<1_000).filter { !$0.isRead }.count, 0, file: file, line: line)
        XCTAssertEqual(try store.savedViews().map(\.unread), [200], file: file, line: line)
    }

    /// Three feeds of 1,000 items in "Work", one of 200 outside it, and a saved view of every item's text.
    private func makeLibrary() throws -> (SQLiteLibraryStore, URL) {
        let file = try temporaryLibraryFolder().appendingPathComponent("library.sqlite")
        let store = try SQLiteLibraryStore(path: file.path)
        try store.add(work.enumerated().map { Subscription(address: $1, title: "Work \($0 + 1)", folder: "Work") } + [Subscription(address: other, title: "Zzz")], folders: [])
        try store.apply(work.map { LibrarySpecData.loaded($0, LibrarySpecData.items((0..<1_000).map { "w\($0)" })) }
            + [LibrarySpecData.loaded(other, LibrarySpecData.items((0..<200).map { "o\($0)" }))])
        _ = try store.addSavedView(name: "Texts", query: "Text of")
        return (store, file)
    }
}

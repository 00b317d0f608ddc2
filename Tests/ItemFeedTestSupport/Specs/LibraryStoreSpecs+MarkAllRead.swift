import Foundation
import ItemFeed
import XCTest

extension LibraryStoreSpecs {
    /// Mark All as Read holds as the library moves on: what comes later is
    /// unread, an item marked unread again is, Undo gives back exactly what
    /// it marked, and every count (feeds, saved views, `is:read`, rules,
    /// pruning) agrees with the items' own marks.
    public func assertThatMarkAllReadHoldsAsTheLibraryMovesOn(on store: LibraryStore, file: StaticString = #filePath, line: UInt = #line) throws {
        try LibrarySpecData.subscribeTechAndNews(store)
        _ = try store.addSavedView(name: "Tech only", query: "feed:tech")
        _ = try store.addSavedView(name: "Texts", query: "Text of")
        let readRule = Rule(id: 0, query: "Item", action: .read, scope: .feed(LibrarySpecData.tech))
        let keys = try LibrarySpecData.keys(store)

        let marked = try store.markAllRead(LibraryView(.folder("Work")))
        XCTAssertEqual(Set(marked), [keys["t1"]!, keys["t2"]!], file: file, line: line)
        try assertMarks(of: store, unread: ["n1"], counts: ["Tech": 0, "News": 1], views: [0, 1], file: file, line: line)
        XCTAssertEqual(try store.countMatching(readRule), 0, "a read rule finds nothing left to mark", file: file, line: line)

        try store.apply([LibrarySpecData.loaded(LibrarySpecData.tech, [LibrarySpecData.item("t3", day: 50), LibrarySpecData.item("t1", day: 40), LibrarySpecData.item("t2", day: 30)])])
        try assertMarks(of: store, unread: ["n1", "t3"], counts: ["Tech": 1, "News": 1], views: [1, 2], file: file, line: line)

        let t3 = try LibrarySpecData.keys(store)["t3"]!
        try store.setRead(false, [keys["t1"]!])
        try assertMarks(of: store, unread: ["n1", "t3", "t1"], counts: ["Tech": 2, "News": 1], views: [2, 3], file: file, line: line)

        try store.setRead(false, marked)
        try assertMarks(of: store, unread: ["n1", "t3", "t1", "t2"], counts: ["Tech": 3, "News": 1], views: [3, 4], file: file, line: line)

        XCTAssertEqual(Set(try store.markAllRead(.all)), Set(keys.values).union([t3]), file: file, line: line)
        try assertMarks(of: store, unread: [], counts: ["Tech": 0, "News": 0], views: [0, 0], file: file, line: line)
        try store.setStarred(true, [keys["t2"]!])
        XCTAssertEqual(try store.pruneRead(before: .distantFuture), 3, "every read item but the starred one goes", file: file, line: line)
        XCTAssertEqual(try store.items(.all, in: 0..<10).map(\.item.id), ["t2"], file: file, line: line)

        try store.apply([LibrarySpecData.loaded(LibrarySpecData.news, [LibrarySpecData.item("n2", day: 70)])])
        _ = try store.markAllRead(LibraryView(.feed(LibrarySpecData.news)))
        try store.unsubscribe(LibrarySpecData.news)
        try store.setRead(false, [keys["t2"]!])
        try assertMarks(of: store, unread: ["t2"], counts: ["Tech": 1], views: [1, 1], file: file, line: line)
    }

    /// The items unread, newest first, and each way the library counts them.
    private func assertMarks(
        of store: LibraryStore, unread: [String], counts: [String: Int], views: [Int], file: StaticString, line: UInt
    ) throws {
        let everything = try store.items(.all, in: 0..<100)
        XCTAssertEqual(try store.items(.unread, in: 0..<100).map(\.item.id), unread, "the unread view", file: file, line: line)
        XCTAssertEqual(everything.filter { !$0.isRead }.map(\.item.id), unread, "each item's mark", file: file, line: line)
        XCTAssertEqual(try store.count(.unread), unread.count, file: file, line: line)
        XCTAssertEqual(try store.count(LibraryView(.all, search: "is:unread")), unread.count, file: file, line: line)
        XCTAssertEqual(try store.count(LibraryView(.all, search: "is:read")), everything.count - unread.count, file: file, line: line)
        XCTAssertEqual(try store.items(LibraryView(.all, search: "is:read"), in: 0..<100).map(\.item.id), everything.filter(\.isRead).map(\.item.id), file: file, line: line)
        XCTAssertEqual(Dictionary(uniqueKeysWithValues: try store.subscriptions().map { ($0.title, $0.counts.unread) }), counts, "the feeds' counts", file: file, line: line)
        XCTAssertEqual(try store.savedViews().map(\.unread), views, "the saved views' counts", file: file, line: line)
    }
}

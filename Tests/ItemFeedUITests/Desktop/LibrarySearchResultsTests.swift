import Foundation
import ItemFeed
import ItemFeedTestSupport
import ItemFeedUI
import XCTest

/// What GNOME Shell's overview finds in the library: the items its words
/// match, newest stored first, each with its feed and date; whatever the
/// Shell sends, results or none, never an error.
@MainActor
final class LibrarySearchResultsTests: XCTestCase {
    func test_theTermsFindItems_andTheirMetasNameTheirFeeds() async throws {
        let store = InMemoryLibraryStore()
        try LibrarySpecData.subscribeTechAndNews(store)
        let keys = try LibrarySpecData.keys(store)
        let search = LibrarySearchResults(store: store) { _ in "the day" }

        let found = search.results(for: ["item"])

        XCTAssertEqual(found, [keys["n1"]!, keys["t1"]!, keys["t2"]!].map(String.init), "newest stored first")
        XCTAssertEqual(search.results(for: ["ITEM", "t1"]), [String(keys["t1"]!)], "every word, a short one too once a long one searched")
        let metas = search.metas(for: found.reversed() + ["999"])
        XCTAssertEqual(metas.map(\.id), found.reversed(), "in the order asked; an id not found is left out")
        XCTAssertEqual(metas.first { $0.id == String(keys["t1"]!) }?.name, "Item t1")
        XCTAssertEqual(metas.first?.description, "Tech · the day")
        XCTAssertEqual(search.key(of: found[0]).map(String.init), found[0])
    }

    func test_whatTheShellMaySend_findsNothing_neverFails() async throws {
        let store = InMemoryLibraryStore()
        try LibrarySpecData.subscribeTechAndNews(store)
        let search = LibrarySearchResults(store: store) { _ in "" }

        XCTAssertEqual(search.results(for: []), [])
        XCTAssertEqual(search.results(for: ["it"]), [], "too short for the index: not searched")
        XCTAssertEqual(search.results(for: ["\"item", "OR"]).count, 3, "syntax is text: the three items say \"item\", their authors \"or\"")
        XCTAssertEqual(search.results(for: ["title:(", "NOT"]), [], "no item says it")
        XCTAssertEqual(search.results(for: ["ite\u{0}m"]).count, 3, "a NUL is dropped")
        XCTAssertEqual(search.results(for: [String(repeating: "x", count: 10_000)]), [])
        XCTAssertNil(search.key(of: "not a key"))
    }
}

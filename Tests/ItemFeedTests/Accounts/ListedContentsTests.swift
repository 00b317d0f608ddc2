import Foundation
import ItemFeed
import XCTest

final class ListedContentsTests: XCTestCase {
    func test_keepsUpToItsLimit_eachItemOnce_andGivesBackOnlyWhatCame() {
        let contents = ListedContents(limit: 2)
        contents.keep(item("a", title: "first"))
        contents.keep(item("a", title: "again"))
        XCTAssertTrue(contents.hasRoom, "an item listed twice is kept once")
        contents.keep(item("b"))
        contents.keep(item("c"))

        XCTAssertFalse(contents.hasRoom)
        let (came, toAsk) = contents.take(["c", "b", "x", "a"])
        XCTAssertEqual(came.map(\.id), ["b", "a"], "in the order asked")
        XCTAssertEqual(came.last?.title, "first")
        XCTAssertEqual(toAsk, ["c", "x"], "past the limit, and never listed: asked for by id")
        XCTAssertEqual(contents.take(["a", "b"]).toAsk, ["a", "b"], "taken once")
        XCTAssertTrue(contents.hasRoom)
    }

    private func item(_ id: String, title: String = "") -> RemoteItem {
        RemoteItem(id: id, feedID: "1", title: title, published: nil, content: nil, summary: nil)
    }
}

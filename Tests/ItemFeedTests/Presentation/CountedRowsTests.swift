import ItemFeed
import XCTest

/// A counted view's rows in the screen state: all shown at once, each page
/// read once as its rows are shown, only the last pages kept.
final class CountedRowsTests: XCTestCase {
    func test_aCountedFeed_showsItsFirstPage_thenEveryRowAfterIt_andHasNoLoadMoreRow() {
        var state = ItemListState()
        state.loadStarted()
        state.loaded(Feed(items: items(0..<32), totalItemCount: 1_000_000), notice: nil, pageSize: 200)
        XCTAssertEqual(state.shownCount, 32, "painted first on its own")
        XCTAssertTrue(state.hasCountedRowsToAdd)

        state.countedRowsAdded()

        XCTAssertEqual(state.rowChange, .appended(32..<1_000_000))
        XCTAssertFalse(state.hasCountedRowsToAdd)
        XCTAssertEqual(state.shownCount, 1_000_000)
        XCTAssertFalse(state.showsLoadMoreRow)
        XCTAssertEqual(state.item(atIndex: 31)?.id, "31")
        XCTAssertNil(state.item(atIndex: 32), "counted, not read")
    }

    func test_aFeedWithANextPage_orWithoutARangeLoader_isNotCounted() {
        var paged = ItemListState()
        paged.loaded(Feed(items: items(0..<2), nextPage: URL(string: "https://a.example/2"), totalItemCount: 9), notice: nil, pageSize: 2)
        XCTAssertEqual(paged.shownCount, 2, "Qiita's Total-Count with a next page pages as before")

        var plain = ItemListState()
        plain.loaded(Feed(items: items(0..<2), totalItemCount: 9), notice: nil)
        XCTAssertEqual(plain.shownCount, 2)
    }

    func test_aRowShown_asksForItsPageOnce_andTheReadFillsIt_inPlace() {
        var state = loaded(count: 1_000, firstPage: 32, pageSize: 200)

        XCTAssertEqual(state.rowsNeeded(at: 999), 800..<1_000)
        XCTAssertNil(state.rowsNeeded(at: 950), "being read")
        state.rowsRead(items(800..<1_000), at: 800..<1_000)

        XCTAssertEqual(state.rowChange, .read(filled: 800..<1_000, dropped: []))
        XCTAssertEqual(state.item(atIndex: 999)?.id, "999")
        XCTAssertNil(state.rowsNeeded(at: 999), "read")
    }

    func test_theShortFirstPage_isReadWholeForARowPastIt() {
        var state = loaded(count: 1_000, firstPage: 32, pageSize: 200)

        XCTAssertNil(state.rowsNeeded(at: 5))
        XCTAssertEqual(state.rowsNeeded(at: 40), 0..<200)
        state.rowsRead(items(0..<200), at: 0..<200)
        XCTAssertEqual(state.item(atIndex: 199)?.id, "199")
        XCTAssertNil(state.rowsNeeded(at: 40))
    }

    func test_onlyTheLastPagesReadAreKept() {
        var state = loaded(count: 100_000, firstPage: 100, pageSize: 100)
        var dropped: [Range<Int>] = []

        for page in 1...40 {
            let range = state.rowsNeeded(at: page * 100)!
            state.rowsRead(items(range), at: range)
            if case let .read(_, gone) = state.rowChange { dropped += gone }
        }

        XCTAssertEqual(dropped, [0..<100], "the page read longest ago")
        XCTAssertNil(state.item(atIndex: 0))
        XCTAssertEqual(state.rowsNeeded(at: 0), 0..<100, "read again when shown again")
    }

    func test_rowsGoneSinceTheyWereCounted_stayEmpty_andAreNotAskedForAgain() {
        var state = loaded(count: 300, firstPage: 100, pageSize: 100)
        state.rowsRead(items(200..<250), at: 200..<300)

        XCTAssertNil(state.item(atIndex: 260))
        XCTAssertNil(state.rowsNeeded(at: 260))
    }

    func test_aFailedRead_saysWhy_andIsAskedForAgain() {
        var state = loaded(count: 300, firstPage: 100, pageSize: 100)
        let range = state.rowsNeeded(at: 150)!

        state.rowsFailed(at: range, "The library could not be read")

        XCTAssertEqual(state.banner, "The library could not be read")
        XCTAssertEqual(state.rowsNeeded(at: 150), range)
    }

    func test_heldItems_areThePagesRead_inOrder() {
        var state = loaded(count: 300, firstPage: 100, pageSize: 100)
        state.rowsRead(items(200..<300), at: 200..<300)

        XCTAssertEqual(state.heldItems.map(\.id), (0..<100).map(String.init) + (200..<300).map(String.init))
    }

    // MARK: Helpers

    private func loaded(count: Int, firstPage: Int, pageSize: Int) -> ItemListState {
        var state = ItemListState()
        state.loadStarted()
        state.loaded(Feed(items: items(0..<firstPage), totalItemCount: count), notice: nil, pageSize: pageSize)
        state.countedRowsAdded()
        return state
    }

    private func items(_ range: Range<Int>) -> [Item] {
        range.map { Item(id: String($0), name: "Item \($0)", imageURL: nil) }
    }
}

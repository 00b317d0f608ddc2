import XCTest
import ItemFeedUI

/// SPEC 2.12: the default reloader really reloads what it is given.
final class ListReloaderTests: XCTestCase {
    @MainActor func test_immediateReloader_reloadsTheListItIsGiven() async {
        let list = ReloadableSpy()

        ImmediateListReloader().reload(list)

        XCTAssertEqual(list.reloadDataCallCount, 1)
        XCTAssertEqual(list.rowChangeCount, 0, "Expected a reload, not a change at the end")
    }
}

@MainActor
private final class ReloadableSpy: Reloadable {
    private(set) var reloadDataCallCount = 0
    func reloadData() { reloadDataCallCount += 1 }
    private(set) var rowChangeCount = 0
    func rowsChanged(at position: Int, removed: Int, added: Int) { rowChangeCount += 1 }
}

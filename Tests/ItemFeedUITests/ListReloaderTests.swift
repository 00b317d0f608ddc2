import XCTest
import ItemFeedUI

/// SPEC 2.12: the default reloader really reloads what it is given.
final class ListReloaderTests: XCTestCase {
    @MainActor func test_immediateReloader_reloadsTheListItIsGiven() async {
        let list = ReloadableSpy()

        ImmediateListReloader().reload(list)

        XCTAssertEqual(list.reloadDataCallCount, 1)
    }
}

@MainActor
private final class ReloadableSpy: Reloadable {
    private(set) var reloadDataCallCount = 0
    func reloadData() { reloadDataCallCount += 1 }
}

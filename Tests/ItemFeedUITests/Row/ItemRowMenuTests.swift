import Foundation
import ItemFeed
import ItemFeedTestSupport
import ItemFeedUI
import XCTest

/// SPEC 10: a row's menu (right click, a long press or the Menu key) offers
/// Open Link and Copy Link, for the item under it and only when it has a link.
final class ItemRowMenuTests: XCTestCase {
    @MainActor func test_openLink_opensThatRowsItem() async {
        let (sut, coordinator, items) = makeLoadedSUT()

        sut.controller.openLink(ofRowAt: 1)

        XCTAssertEqual(coordinator.openedItems, [items[1]])
        XCTAssertEqual(coordinator.copiedLinks, [])
    }

    @MainActor func test_copyLink_handsThatRowsItemToTheDesktop() async {
        let (sut, coordinator, items) = makeLoadedSUT()

        sut.controller.copyLink(ofRowAt: 0)

        XCTAssertEqual(coordinator.copiedLinks, [items[0]])
        XCTAssertEqual(coordinator.openedItems, [])
    }

    @MainActor func test_anItemWithoutALink_hasNoLinkToOpenOrCopy() async {
        let (sut, coordinator, _) = makeLoadedSUT()

        XCTAssertTrue(sut.controller.rowHasLink(at: 0))
        XCTAssertFalse(sut.controller.rowHasLink(at: 2), "Expected no link for the item without one")
        sut.controller.openLink(ofRowAt: 2)
        sut.controller.copyLink(ofRowAt: 2)

        XCTAssertEqual(coordinator.openedItems, [])
        XCTAssertEqual(coordinator.copiedLinks, [])
    }

    @MainActor func test_theLoadMoreRowAndPositionsPastTheEnd_haveNoMenuActions() async {
        let (sut, coordinator, _) = makeLoadedSUT(nextPage: URL(string: "https://feed.example.com/page2")!)
        XCTAssertEqual(sut.controller.numberOfRows, 4, "Expected three items and the load-more row")

        XCTAssertFalse(sut.controller.rowHasLink(at: 3))
        sut.controller.copyLink(ofRowAt: 3)
        sut.controller.openLink(ofRowAt: 99)

        XCTAssertEqual(coordinator.openedItems, [])
        XCTAssertEqual(coordinator.copiedLinks, [])
    }

    // MARK: Helpers

    @MainActor private func makeLoadedSUT(nextPage: URL? = nil) -> (ItemListSUT, CoordinatorSpy, [Item]) {
        let coordinator = CoordinatorSpy()
        let sut = makeSUT(coordinator: coordinator)
        let items = [
            makeItem(name: "a", link: URL(string: "https://example.com/a")!),
            makeItem(name: "b", link: URL(string: "https://example.com/b")!),
            makeItem(name: "no link"),
        ]
        sut.controller.simulateScreenShown()
        sut.loader.completeItemLoading(with: Feed(items: items, nextPage: nextPage), at: 0)
        return (sut, coordinator, items)
    }
}

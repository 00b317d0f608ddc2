import XCTest
import ItemFeed
import ItemFeedUI
import ItemFeedTestSupport

/// SPEC 9.5: the featured strip above the list.
final class ItemListFeaturedTests: XCTestCase {
    @MainActor func test_itemsWithPriorities_showTheTopFive_inTheFeaturedOrder() async {
        let sut = makeSUT()
        sut.controller.simulateScreenShown()

        sut.loader.completeItemLoading(with: (1...7).map { makeItem(id: "\($0)", name: "p\(8 - $0)", priority: 8 - $0) } + [makeItem(id: "none", name: "no priority")])

        XCTAssertEqual(sut.listView.featured.map(\.name), ["p1", "p2", "p3", "p4", "p5"])
    }

    @MainActor func test_aFeedWithoutPriorities_hasNoStrip() async {
        let sut = makeSUT()
        sut.controller.simulateScreenShown()

        sut.loader.completeItemLoading(with: [makeItem(), makeItem()])

        XCTAssertEqual(sut.listView.featured, [])
    }

    @MainActor func test_aFeaturedItem_opensItsItem() async {
        let coordinator = CoordinatorSpy()
        let sut = makeSUT(coordinator: coordinator)
        sut.controller.simulateScreenShown()
        let top = makeItem(id: "top", priority: 1)
        sut.loader.completeItemLoading(with: [makeItem(id: "low", priority: 9), top])

        sut.controller.featuredItemActivated(at: 0)

        XCTAssertEqual(coordinator.openedItems, [top])
    }

    @MainActor func test_theStrip_isHiddenWhileSearching_andBackAfter() async {
        let sut = makeSUT()
        sut.controller.simulateScreenShown()
        sut.loader.completeItemLoading(with: [makeItem(id: "a", name: "alpha", priority: 1)])

        sut.controller.searchField.userChangedText(to: "alp")
        XCTAssertEqual(sut.listView.featured, [])

        sut.controller.searchField.userEndedSearch()
        XCTAssertEqual(sut.listView.featured.map(\.id), ["a"])
    }

    @MainActor func test_aPageWithHigherPriorities_updatesTheStrip() async {
        let sut = makeSUT()
        sut.controller.simulateScreenShown()
        sut.loader.completeItemLoading(with: Feed(items: [makeItem(id: "a", priority: 5)], nextPage: URL(string: "https://feeds.example.com/2")!), at: 0)
        sut.controller.simulateRowVisible(at: 1)

        sut.loader.completePageLoading(with: [makeItem(id: "b", priority: 1)])

        XCTAssertEqual(sut.listView.featured.map(\.id), ["b", "a"])
    }
}

import ItemFeed
import ItemFeedTestSupport
import XCTest

final class LibraryOrderTests: XCTestCase {
    func test_names_sortIgnoringCase_withNumbersInNumberOrder() {
        XCTAssertEqual(LibraryOrder.sorted(["feed 10", "Feed 2", "apple", "Zebra", "feed 2a", "日本"]), ["apple", "Feed 2", "feed 2a", "feed 10", "Zebra", "日本"])
    }

    func test_subscriptions_sortFoldersFirst_thenTitles_thenAddresses() {
        let order = LibraryOrder.sorted([
            Subscription(address: LibrarySpecData.address("b"), title: "Same"),
            Subscription(address: LibrarySpecData.address("a"), title: "Same"),
            Subscription(address: LibrarySpecData.address("c"), title: "In folder 10", folder: "Folder 10"),
            Subscription(address: LibrarySpecData.address("d"), title: "In folder 9", folder: "Folder 9"),
        ])
        XCTAssertEqual(order.map(\.address), ["d", "c", "a", "b"].map(LibrarySpecData.address))
    }
}

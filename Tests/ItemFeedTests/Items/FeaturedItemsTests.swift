import XCTest
import ItemFeed
import ItemFeedTestSupport

/// SPEC 5.1: priority, then date, then id, ascending; the first five.
final class FeaturedItemsTests: XCTestCase {
    func test_select_ordersByPriorityThenDateThenId_andKeepsFive() {
        let items = [
            makeItem(id: "g", priority: 2, date: day(1)),
            makeItem(id: "a", priority: 3, date: day(0)),
            makeItem(id: "f", priority: 1, date: day(2)),
            makeItem(id: "c", priority: 1, date: day(2)),
            makeItem(id: "b", priority: 2, date: day(1)),
            makeItem(id: "e", priority: 1, date: day(3)),
            makeItem(id: "d", priority: 2, date: day(0)),
        ]

        let featured = FeaturedItems.select(from: items).map(\.id)

        XCTAssertEqual(featured, ["c", "f", "e", "d", "b"])
        // Each single key would answer differently, so the test proves all three are used.
        XCTAssertNotEqual(featured, firstFive(items, by: { ($0.priority ?? 0) < ($1.priority ?? 0) }))
        XCTAssertNotEqual(featured, firstFive(items, by: { $0.date! < $1.date! }))
        XCTAssertNotEqual(featured, firstFive(items, by: { $0.id < $1.id }))
    }

    func test_select_ranksItemsMissingPriorityOrDateAfterThoseThatHaveThem() {
        let items = [
            makeItem(id: "a"),
            makeItem(id: "b", priority: 9),
            makeItem(id: "c", priority: 9, date: day(5)),
        ]

        XCTAssertEqual(FeaturedItems.select(from: items).map(\.id), ["c", "b", "a"])
    }

    func test_select_withFewerThanFiveItems_returnsThemAllSorted() {
        let items = [makeItem(id: "b", priority: 1), makeItem(id: "a", priority: 1)]

        XCTAssertEqual(FeaturedItems.select(from: items).map(\.id), ["a", "b"])
    }

    func test_select_ofNothing_isEmpty() {
        XCTAssertEqual(FeaturedItems.select(from: []), [])
    }

    // MARK: Helpers

    private func day(_ n: Int) -> Date {
        Date(timeIntervalSince1970: 1_700_000_000 + Double(n) * 86_400)
    }

    private func firstFive(_ items: [Item], by order: (Item, Item) -> Bool) -> [String] {
        Array(items.sorted(by: order).prefix(5)).map(\.id)
    }
}

import CGtk
import Foundation
import GtkTestKit
import ItemFeed
import ItemFeedGLib
@testable import ItemFeedGtk
import ItemFeedTestSupport
import ItemFeedUI
import XCTest

/// A library view in a real GtkListView: every row counted at once, and
/// only the pages of the rows GTK binds read from the store.
final class LibraryListWidgetTests: AdwTestCase {
    @MainActor func test_theListHoldsEveryRowAtOnce_andGoingToTheLastReadsOnlyItsPage() async throws {
        try GtkDisplay.require()
        let store = ReadCountingStore()
        try store.subscribe(Subscription(address: LibrarySpecData.tech, title: "Tech"))
        let items = (0..<3_000).map { Item(id: "i\($0)", name: "Item \($0)", imageURL: nil, date: Date(timeIntervalSince1970: Double(10_000 - $0))) }
        try store.apply([LibrarySpecData.loaded(LibrarySpecData.tech, items)])
        let loader = LibraryViewLoader(view: .all, title: "All Items", store: store)
        let controller = ItemListComposer.compose(
            itemLoader: loader, pageLoader: loader, searchLoader: loader, rangeLoader: loader,
            imageLoader: ItemLoaderSpy(), imageDecoder: PixbufImageDecoder(maxPixelSize: 64), marks: loader
        )
        let shown = ScreenWindow(controller: controller)
        let list = shown.screen.list
        XCTAssertTrue(MainContext.iterate(until: { list.boundRowCount > 0 }, timeoutSeconds: 5))
        XCTAssertEqual(try ListViewRows.count(Widget(list.listView)), 3_000, "counted, not paged")

        // To the end, as End does; GTK learns the rows' heights as it binds
        // them, so the end moves until they are all known.
        let adjustment = gtk_scrolled_window_get_vadjustment(itemfeed_scrolled_window(list.widget))
        let lastShown = MainContext.iterate(until: {
            gtk_adjustment_set_value(adjustment, gtk_adjustment_get_upper(adjustment))
            return ShownItemRow.all(in: list.widget).contains { $0.name == "Item 2999" } && list.visibleRowRange.contains(2_999)
        }, timeoutSeconds: 5)
        XCTAssertTrue(lastShown, "the last row painted; visible \(list.visibleRowRange)")
        XCTAssertLessThanOrEqual(store.readRows, 32 + 2 * 200, "the first page and the pages at the end, not the 2,700 rows between")
        withExtendedLifetime(shown) {}
    }
}

/// Counts the rows read from the store.
private final class ReadCountingStore: InMemoryLibraryStore {
    private(set) var readRows = 0

    override func items(_ view: LibraryView, in range: Range<Int>) throws -> [LibraryItem] {
        let items = try super.items(view, in: range)
        readRows += items.count
        return items
    }

    override func items(_ view: LibraryView, fromEnd range: Range<Int>) throws -> [LibraryItem] {
        let items = try super.items(view, fromEnd: range)
        readRows += items.count
        return items
    }
}

import CGtk4
import GtkTestKit
import ListScreen
import XCTest

/// A thin layer of tests in a real window, with GtkTestKit: found and
/// driven as a user and a screen reader would, the loader still a spy.
final class ListScreenWindowTests: GtkTestCase {
    @MainActor func test_theRowsLoadedAreShown_andRefreshLoadsAgain() async throws {
        let (window, loader) = makeWindow()
        defer { gtk_window_destroy(list_screen_window(window.pointer)) }
        let screen = WidgetQuery(window)

        loader.complete(with: (1...50).map { "Row \($0)" })
        MainLoop.spin(until: { screen.contains { $0.text == "Row 1" } }, "the first row to be shown")

        try User.click(screen.button("Refresh"))
        XCTAssertEqual(loader.loadCount, 2)
        XCTAssertFalse(try screen.button("Refresh").isSensitive, "no second refresh while one runs")
        XCTAssertEqual(try screen.label("Loading…").text, "Loading…")
    }

    @MainActor func test_activatingARow_opensItsDetail_andBackReturns() async throws {
        let (window, loader) = makeWindow()
        defer { gtk_window_destroy(list_screen_window(window.pointer)) }
        let screen = WidgetQuery(window)
        loader.complete(with: (1...500).map { "Row \($0)" })
        let list = try screen.widget(ofType: gtk_list_view_get_type())

        try ListViewRows.scroll(list, toRow: 420, until: { screen.contains { $0.role == .listItem && $0.name == "Row 421" } })
        try ListViewRows.activate(list, row: 420)

        XCTAssertEqual(try screen.label("Row 421").text, "Row 421")
        XCTAssertFalse(screen.contains { $0.role == .listItem }, "the list is hidden behind the detail")
        try User.click(screen.button("Back"))
        XCTAssertTrue(screen.contains { $0.role == .listItem })
    }

    @MainActor func test_everyControlHasAName() async throws {
        let (window, loader) = makeWindow()
        defer { gtk_window_destroy(list_screen_window(window.pointer)) }
        loader.complete(with: ["Row 1"])

        AccessibilityAudit.assertEveryControlNamed(under: window)
    }

    @MainActor private func makeWindow() -> (Widget, RowLoaderSpy) {
        let loader = RowLoaderSpy()
        let controller = ListScreenController(loader: loader)
        let view = ListScreenView(controller: controller)
        let window = gtk_window_new()!
        gtk_window_set_default_size(list_screen_window(window), 360, 480)
        gtk_window_set_child(list_screen_window(window), view.root)
        gtk_window_present(list_screen_window(window))
        controller.refresh()
        // The view lives as long as its window.
        let keep = Unmanaged.passRetained(view).toOpaque()
        g_object_set_data_full(UnsafeMutablePointer(OpaquePointer(window)), "list-screen-view", keep) { Unmanaged<ListScreenView>.fromOpaque($0!).release() }
        return (Widget(window), loader)
    }
}

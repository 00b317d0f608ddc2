import CGtkTestKit
@testable import GtkTestKit
import XCTest

/// The finders see what a screen reader sees, and a failed one prints the tree.
final class FindingTests: GtkTestCase {
    @MainActor func test_widgetsAreFoundByRoleAndName_asAScreenReaderReadsThem() async throws {
        let demo = DemoWindow()
        defer { demo.close() }
        let screen = WidgetQuery(demo.root)

        XCTAssertEqual(try screen.button("Refresh").typeName, "GtkButton", "named by its label")
        XCTAssertTrue(try screen.button("Add Feed").cssClasses.contains("suggested-action"), "named by its accessible label")
        XCTAssertEqual(try screen.widget(role: .searchBox, named: "Search").typeName, "GtkSearchEntry")
        XCTAssertEqual(try screen.widget(cssClass: "suggested-action"), try screen.button("Add Feed"))
        XCTAssertEqual(try screen.widget(ofType: gtk_list_view_get_type()).pointer, demo.list)
        XCTAssertTrue(screen.widgets(ofType: gtk_button_get_type()).count >= 2)
    }

    @MainActor func test_aListsRows_areFoundByTheirText_onceBound() async throws {
        let demo = DemoWindow()
        defer { demo.close() }
        let screen = WidgetQuery(demo.root)

        MainLoop.spin(until: { screen.contains { $0.text == "Row 0" } }, "the first rows to be bound")
        XCTAssertEqual(try screen.listItem(named: "Row 0").role, .listItem, "a row is named by the labels it shows")
        XCTAssertEqual(try screen.label("Row 1").text, "Row 1")
        XCTAssertFalse(screen.contains { $0.text == "Row 900" }, "a row far below is not made")
    }

    @MainActor func test_aFinderThatFindsNone_orSeveral_saysSoAndPrintsTheTree() async throws {
        let demo = DemoWindow()
        defer { demo.close() }
        let screen = WidgetQuery(demo.root)

        XCTAssertThrowsError(try screen.button("Nope")) { error in
            let message = String(describing: error)
            XCTAssertTrue(message.hasPrefix("Expected a button named \"Nope\", but none is shown"), message)
            XCTAssertTrue(message.contains("\n    button \"Refresh\" (GtkButton)"), message)
            XCTAssertTrue(message.contains("button \"Add Feed\" (GtkButton) .image-button.suggested-action"), message)
        }
        XCTAssertThrowsError(try screen.widget(ofType: gtk_button_get_type())) { error in
            XCTAssertGreaterThan((error as? WidgetQueryError)?.foundCount ?? 0, 1)
            XCTAssertTrue(String(describing: error).contains("but \((error as? WidgetQueryError)?.foundCount ?? 0) match:\n  button \"Refresh\""), String(describing: error))
        }
    }

    @MainActor func test_hiddenWidgets_areNotFound() async throws {
        let demo = DemoWindow()
        defer { demo.close() }
        let screen = WidgetQuery(demo.root)
        let refresh = try screen.button("Refresh")

        gtk_widget_set_visible(refresh.pointer, 0)

        XCTAssertThrowsError(try screen.button("Refresh"))
        let tree = WidgetTreePrinter.print(demo.root, includingHidden: true)
        XCTAssertTrue(tree.contains("button \"Refresh\" (GtkButton) .text-button [hidden]"), tree)
    }
}

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

    @MainActor func test_whatAUserSeesOfAPicture_aListAndTheFocus() async throws {
        let demo = DemoWindow()
        defer { demo.close() }
        let screen = WidgetQuery(demo.root)
        let list = Widget(demo.list)

        let logo = try screen.widget(role: .img, named: "Logo")
        XCTAssertEqual(logo.pictureSize?.width, 4)
        XCTAssertEqual(logo.pictureSize?.height, 3)
        XCTAssertNil(try screen.button("Refresh").pictureSize, "not a picture")
        XCTAssertNil(try WidgetQuery(screen.button("Add Feed")).widget(ofType: gtk_image_get_type()).pictureSize, "an icon, not an image")
        let image = Widget(gtk_image_new_from_paintable(gtk_picture_get_paintable(OpaquePointer(logo.pointer))))
        g_object_ref_sink(image.pointer)
        defer { g_object_unref(image.pointer) }
        XCTAssertEqual(image.pictureSize?.width, 4, "an image given one")
        XCTAssertEqual(try ListViewRows.count(list), 1_000, "the model's rows, not the bound ones")
        XCTAssertThrowsError(try ListViewRows.count(logo))

        MainLoop.spin(until: { screen.contains { $0.text == "Row 2" } }, "the first rows")
        XCTAssertFalse(list.containsFocus)
        try User.click(screen.listItem(named: "Row 2"))
        XCTAssertTrue(list.containsFocus, "a clicked row takes the focus")
        XCTAssertTrue(try screen.listItem(named: "Row 2").hasFocus)
    }

    @MainActor func test_verticalScroll_readsWhereTheScrolledWindowStands() async throws {
        let demo = DemoWindow()
        defer { demo.close() }
        let list = Widget(demo.list)
        MainLoop.spin(until: { (list.verticalScroll?.pageLength ?? 0) > 0 }, "the list laid out")
        XCTAssertEqual(list.verticalScroll?.offset, 0)

        try User.scroll(list, toFraction: 0.5)

        let scroll = try XCTUnwrap(list.verticalScroll)
        XCTAssertEqual(scroll.fraction, 0.5, accuracy: 0.01)
        XCTAssertGreaterThan(scroll.length, scroll.pageLength * 10, "1,000 rows are longer than the view")
        XCTAssertNil(demo.root.verticalScroll, "the window is in no scrolled window")
    }

    @MainActor func test_anExpander_saysWhetherItIsOpen_andATextViewIsReadWhole() async throws {
        let demo = DemoWindow()
        defer { demo.close() }
        let screen = WidgetQuery(demo.root)
        let more = try screen.one("the expander") { $0.isA(gtk_expander_get_type()) }
        XCTAssertEqual(more.name, "More")
        XCTAssertFalse(more.isExpanded)
        XCTAssertFalse(screen.contains { $0.isA(gtk_text_view_get_type()) }, "closed, its text is not shown")

        try User.click(more)

        XCTAssertTrue(more.isExpanded)
        XCTAssertEqual(try screen.widget(ofType: gtk_text_view_get_type()).text, "Some notes\non two lines")
    }

    /// A field named by a label beside it, as libadwaita's entry rows are
    /// by their titles: GTK's labelled-by relation.
    @MainActor func test_aFieldLabelledByALabel_isNamedByIt() async throws {
        let ui = """
            <interface>
              <object class="GtkWindow" id="window">
                <child>
                  <object class="GtkBox">
                    <child><object class="GtkLabel" id="caption"><property name="label">Feed title</property></object></child>
                    <child>
                      <object class="GtkEntry">
                        <accessibility><relation name="labelled-by">caption</relation></accessibility>
                      </object>
                    </child>
                  </object>
                </child>
              </object>
            </interface>
            """
        let built = BuilderWindow(ui)
        defer { built.close() }
        let window = built.root

        let field = try WidgetQuery(window).widget(role: .textBox, named: "Feed title")

        try User.type("Posts", into: field)
        XCTAssertEqual(field.text, "Posts")
    }

    @MainActor func test_aDialogIsFoundAmongTheShownWindows() async throws {
        let demo = DemoWindow()
        defer { demo.close() }
        let dialog = gtk_window_new()!
        gtk_window_set_title(gtktestkit_window(dialog), "Remove Feed?")
        gtk_window_set_child(gtktestkit_window(dialog), gtk_label_new("Remove Feed?"))
        gtk_window_present(gtktestkit_window(dialog))
        defer { gtk_window_destroy(gtktestkit_window(dialog)) }

        let found = try Windows.one("the question") { WidgetQuery($0).contains { $0.text == "Remove Feed?" } }

        XCTAssertEqual(found.pointer, dialog)
        XCTAssertTrue(Windows.shown.contains(demo.root))
        XCTAssertThrowsError(try Windows.one("a window saying nothing") { _ in false }) {
            XCTAssertTrue(String(describing: $0).contains("label \"Remove Feed?\""), "every window's tree printed")
        }
    }
}

import CGtkTestKit
@testable import GtkTestKit
import XCTest

/// Each action reaches what a user's would, or says why it cannot.
final class ActingTests: GtkTestCase {
    @MainActor func test_click_activatesAButton_andItsAction() async throws {
        let demo = DemoWindow()
        defer { demo.close() }

        try User.click(WidgetQuery(demo.root).button("Refresh"))

        XCTAssertEqual(demo.clicks.count, 1)
        XCTAssertEqual(demo.refreshes.count, 1, "the button's action ran")
    }

    @MainActor func test_click_refusesAnInsensitiveButton_sayingWhy() async throws {
        let demo = DemoWindow()
        defer { demo.close() }
        let refresh = try WidgetQuery(demo.root).button("Refresh")
        gtk_widget_set_sensitive(refresh.pointer, 0)

        XCTAssertThrowsError(try User.click(refresh)) { XCTAssertTrue(String(describing: $0).hasSuffix("it is insensitive"), String(describing: $0)) }
        XCTAssertEqual(demo.clicks.count, 0)
    }

    @MainActor func test_type_insertsACharacterAtATime_atTheCursor() async throws {
        let demo = DemoWindow()
        defer { demo.close() }
        let search = try WidgetQuery(demo.root).widget(role: .searchBox, named: "Search")

        try User.type("gtk", into: search)
        try User.type("4", into: search)

        XCTAssertEqual(search.text, "gtk4")
        XCTAssertEqual(demo.edits.count, 4, "one change a keystroke")
        try User.clear(search)
        XCTAssertEqual(search.text, "")
        XCTAssertThrowsError(try User.type("x", into: WidgetQuery(demo.root).button("Refresh")))
    }

    @MainActor func test_press_runsTheShortcutsAction_andAnUnknownOneSaysSo() async throws {
        let demo = DemoWindow()
        defer { demo.close() }

        try User.press("<Control>r", in: demo.root)

        XCTAssertEqual(demo.refreshes.count, 1)
        XCTAssertThrowsError(try User.press("<Control>k", in: demo.root)) { XCTAssertTrue(String(describing: $0).contains("answers <Control>k")) }
        XCTAssertThrowsError(try User.press("<Nonsense>", in: demo.root))
    }

    /// A key a widget binds for itself (Enter in an entry) goes where GTK sends it.
    @MainActor func test_press_aKeyTheFocusedWidgetBinds() async throws {
        let demo = DemoWindow()
        defer { demo.close() }
        let search = try WidgetQuery(demo.root).widget(role: .searchBox, named: "Search")
        try User.type("gtk", into: search)

        try User.press("Return", in: search)

        XCTAssertEqual(demo.searches.count, 1)
    }

    @MainActor func test_activateAction_byItsName() async throws {
        let demo = DemoWindow()
        defer { demo.close() }

        try User.activate(action: "win.refresh", from: WidgetQuery(demo.root).button("Add Feed"))

        XCTAssertEqual(demo.refreshes.count, 1)
        XCTAssertThrowsError(try User.activate(action: "win.nothing", from: demo.root))
    }

    @MainActor func test_scrollingAList_toARow_waitsUntilItIsBound_thenSelectsAndActivatesIt() async throws {
        let demo = DemoWindow()
        defer { demo.close() }
        let screen = WidgetQuery(demo.root)
        let list = Widget(demo.list)

        try ListViewRows.scroll(list, toRow: 900, until: { screen.contains { $0.text == "Row 900" } })
        try ListViewRows.select(list, row: 900)
        try ListViewRows.activate(list, row: 900)

        XCTAssertEqual(try screen.listItem(named: "Row 900").role, .listItem)
        XCTAssertEqual(demo.activations.count, 1)
        XCTAssertThrowsError(try ListViewRows.activate(try screen.button("Refresh"), row: 0))
    }

    @MainActor func test_aRowClicked_isSelected_andDoubleClicked_isActivated() async throws {
        let demo = DemoWindow()
        defer { demo.close() }
        let screen = WidgetQuery(demo.root)
        MainLoop.spin(until: { screen.contains { $0.text == "Row 3" } }, "the first rows")
        let model = gtk_list_view_get_model(OpaquePointer(raw(demo.list)))

        try User.click(screen.listItem(named: "Row 3"))
        XCTAssertEqual(gtk_single_selection_get_selected(model), 3)
        XCTAssertEqual(demo.activations.count, 0)

        try User.doubleClick(screen.listItem(named: "Row 3"))
        XCTAssertEqual(demo.activations.count, 1)
    }

    @MainActor func test_scroll_movesAScrolledWindowToTheEnd() async throws {
        let demo = DemoWindow()
        defer { demo.close() }
        let screen = WidgetQuery(demo.root)
        MainLoop.spin(until: { screen.contains { $0.text == "Row 0" } }, "the first rows")

        try User.scroll(Widget(demo.list), toFraction: 1)

        MainLoop.spin(until: { !screen.contains { $0.text == "Row 0" } && screen.contains { $0.text == "Row 999" } }, "the last row, not the first, after scrolling to the end")
        XCTAssertThrowsError(try User.scroll(demo.root, toFraction: 1))
    }

    @MainActor func test_rightClick_opensTheMenuThere_whoseEntriesAreClicked() async throws {
        let demo = DemoWindow()
        defer { demo.close() }
        let screen = WidgetQuery(demo.root)
        MainLoop.spin(until: { screen.contains { $0.text == "Row 1" } }, "the first rows")

        try User.rightClick(screen.listItem(named: "Row 1"))

        // An entry is named by its label (labelled-by), not with its shortcut.
        MainLoop.spin(until: { screen.contains { $0.role == .menuItem && $0.name == "Refresh Now" } }, "the list's menu")
        try User.click(screen.widget(role: .menuItem, named: "Refresh Now"))
        XCTAssertEqual(demo.refreshes.count, 1)
        XCTAssertThrowsError(try User.rightClick(screen.button("Refresh"))) {
            XCTAssertTrue(String(describing: $0).hasPrefix("nothing answers a right click"), String(describing: $0))
        }
    }

    @MainActor func test_aRowClicked_inAListThatActivatesOnOneClick_isActivated() async throws {
        let demo = DemoWindow()
        defer { demo.close() }
        let screen = WidgetQuery(demo.root)
        gtk_list_view_set_single_click_activate(OpaquePointer(raw(demo.list)), 1)
        MainLoop.spin(until: { screen.contains { $0.text == "Row 3" } }, "the first rows")

        try User.click(screen.listItem(named: "Row 3"))

        XCTAssertEqual(demo.activations.count, 1)
        XCTAssertTrue(try screen.listItem(named: "Row 3").hasFocus)
    }

    @MainActor func test_aListBoxRowClicked_isActivated_andSelectedWhereTheBoxSelects() async throws {
        let window = gtk_window_new()!
        defer { gtk_window_destroy(gtktestkit_window(window)) }
        let box = gtk_list_box_new()!
        for name in ["One", "Two"] { gtk_list_box_append(OpaquePointer(raw(box)), gtk_label_new(name)) }
        let activated = Counter()
        Counter.connect(raw(box), "row-activated", activated, arguments: 3)
        gtk_window_set_child(gtktestkit_window(window), box)
        gtk_window_present(gtktestkit_window(window))
        let screen = WidgetQuery(Widget(window))

        try User.click(screen.one("the row Two") { $0.isA(gtk_list_box_row_get_type()) && $0.name == "Two" })

        XCTAssertEqual(activated.count, 1)
        let selected = try XCTUnwrap(gtk_list_box_get_selected_row(OpaquePointer(raw(box))))
        XCTAssertEqual(gtk_list_box_row_get_index(selected), 1)
    }

    /// A switch, clicked, is found switched, a toggle button pressed; a
    /// drop-down's choice is made by clicking it, then the entry in its list.
    @MainActor func test_aSwitchAndADropDown_areUsedAsAUserDoes() async throws {
        let ui = """
            <interface>
              <object class="GtkWindow" id="window">
                <child>
                  <object class="GtkBox">
                    <child><object class="GtkSwitch" id="switch"><accessibility><property name="label">Notify</property></accessibility></object></child>
                    <child><object class="GtkToggleButton"><property name="label">Bold</property></object></child>
                    <child>
                      <object class="GtkDropDown" id="dropdown">
                        <accessibility><property name="label">Interval</property></accessibility>
                        <property name="model"><object class="GtkStringList"><items><item>Hourly</item><item>Daily</item></items></object></property>
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
        let screen = WidgetQuery(window)

        try User.click(screen.widget(role: .switch, named: "Notify"))
        XCTAssertEqual(gtk_switch_get_active(built.object("switch")), 1, "switched once the click returns")
        XCTAssertTrue(try screen.widget(role: .switch, named: "Notify").isChecked, "read as checked")

        let bold = try screen.button("Bold")
        XCTAssertFalse(bold.isPressed)
        try User.click(bold)
        XCTAssertTrue(bold.isPressed, "read as pressed")

        try User.click(screen.widget(role: .comboBox, named: "Interval"))
        MainLoop.spin(until: { screen.all { $0.role == .listItem && $0.name == "Daily" }.count == 1 }, "the drop-down's list")
        try User.click(screen.listItem(named: "Daily"))
        XCTAssertEqual(gtk_drop_down_get_selected(built.object("dropdown")), 1)
    }
}

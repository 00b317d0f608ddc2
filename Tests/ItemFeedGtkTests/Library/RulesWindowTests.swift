import CGtk
import Foundation
import GtkTestKit
import ItemFeed
import ItemFeedGLib
@testable import ItemFeedApp
@testable import ItemFeedGtk
import ItemFeedTestSupport
import XCTest

/// Rules from Preferences → Rules in a real window (SPEC 17): counted as
/// the search is typed, applied to the items already there when asked —
/// the open view's rows change at once — and undone.
final class RulesWindowTests: AdwTestCase {
    @MainActor func test_aRuleHidingItemsAlreadyHere_takesTheirRowsAway_andUndoBringsThemBack() async throws {
        let (library, store, window) = try makeLibraryWindow(server: InMemoryFeedServer())
        defer { gtk_window_destroy(itemfeed_window(window)) }
        XCTAssertTrue(MainContext.iterate(until: { library.controller?.numberOfRows == 3 }, timeoutSeconds: 5))
        let page = RulesPage(choices: library.ruleChoices())
        let preferences = adw_preferences_window_new()!
        adw_preferences_window_add(itemfeed_adw_preferences_window(preferences), itemfeed_adw_preferences_page(page.page))
        gtk_window_present(itemfeed_window(preferences))
        defer { gtk_window_destroy(itemfeed_window(preferences)) }

        gtk_editable_set_text(itemfeed_editable(page.queryRow), "t1 OR n1")
        adw_combo_row_set_selected(itemfeed_adw_combo_row(page.actionRow), guint(Rule.Action.allCases.firstIndex(of: .hide)!))
        XCTAssertEqual(String(cString: adw_action_row_get_subtitle(itemfeed_adw_action_row(page.applyRow))), "It would change 2 items", "the count first")
        gtk_switch_set_active(itemfeed_switch(page.applySwitch), 1)
        itemfeed_signal_emit(UnsafeMutableRawPointer(page.saveButton), "clicked")

        XCTAssertTrue(MainContext.iterate(until: { library.controller?.numberOfRows == 1 }, timeoutSeconds: 5), "hidden at once")
        XCTAssertEqual(library.controller?.item(at: 0)?.name, "Item t2")
        XCTAssertEqual(try store.rules().map(\.query), ["t1 OR n1"])
        XCTAssertEqual(library.sidebar.rows.first { $0.view == .hiddenByRules }?.accessibleLabel, "Hidden by Rules, 2 items")
        XCTAssertEqual(page.subtitle(try XCTUnwrap(store.rules().first)), "Hide · Every Item")

        try User.click(XCTUnwrap(ShownScreen(window).undoButton()))
        XCTAssertTrue(MainContext.iterate(until: { library.controller?.numberOfRows == 3 }, timeoutSeconds: 5), "Undo brings them back")
        XCTAssertEqual(try store.count(.unread), 3)
        XCTAssertFalse(library.sidebar.rows.contains { $0.view == .hiddenByRules }, "nothing hidden, no row")
    }

    @MainActor func test_aSearchThatCannotBeRead_isSaidAndNothingIsKept() async throws {
        let (library, store, window) = try makeLibraryWindow(server: InMemoryFeedServer())
        defer { gtk_window_destroy(itemfeed_window(window)) }
        let page = RulesPage(choices: library.ruleChoices())

        gtk_editable_set_text(itemfeed_editable(page.queryRow), "colour:red")
        XCTAssertTrue(String(cString: adw_action_row_get_subtitle(itemfeed_adw_action_row(page.applyRow))).hasPrefix("“colour:” is not a field"))
        page.save()
        XCTAssertTrue(MainContext.iterate(until: { gtk_widget_get_visible(page.status) != 0 && gtk_widget_get_sensitive(page.saveButton) != 0 }, timeoutSeconds: 5))
        XCTAssertTrue(String(cString: gtk_label_get_text(itemfeed_label(page.status))).hasPrefix("“colour:” is not a field"))
        XCTAssertEqual(try store.rules(), [])
    }
}

import CGtk
import Foundation
import GtkTestKit
import ItemFeed
import ItemFeedGLib
@testable import ItemFeedApp
@testable import ItemFeedGtk
import ItemFeedTestSupport
import XCTest

/// Saved views in a real window (SPEC 17): the search bar's Save as View
/// puts the search in the sidebar, its count follows marks, and its menu
/// removes it with Undo.
final class SavedViewWindowTests: AdwTestCase {
    @MainActor func test_saveASearchAsAView_itsCountFollowsMarks_andRemovingItCanBeUndone() async throws {
        let (library, store, window) = try makeLibraryWindow(server: InMemoryFeedServer())
        defer { gtk_window_destroy(itemfeed_window(window)) }
        let screen = try XCTUnwrap(library.screen)
        let save = try XCTUnwrap(Self.buttons(in: screen.searchRow).first)
        XCTAssertEqual(gtk_widget_get_sensitive(save), 0, "nothing typed, nothing to save")

        screen.toggleSearch()
        gtk_editable_set_text(itemfeed_editable(screen.searchEntry), "t1 OR n1")
        XCTAssertTrue(MainContext.iterate(until: { gtk_widget_get_sensitive(save) != 0 }, timeoutSeconds: 5))
        itemfeed_signal_emit(UnsafeMutableRawPointer(save), "clicked")
        try answerQuestion(with: "Picked")

        XCTAssertTrue(MainContext.iterate(until: { library.sidebar.selectedRow?.savedView != nil }, timeoutSeconds: 5), "the new view opened")
        XCTAssertTrue(MainContext.iterate(until: { library.sidebar.selectedRow?.unread == 2 }, timeoutSeconds: 5), "counted off the UI thread")
        let row = try XCTUnwrap(library.sidebar.selectedRow)
        XCTAssertEqual(row.title, "Picked")
        XCTAssertEqual(row.savedView?.query, "t1 OR n1")
        XCTAssertEqual(row.accessibleLabel, "Picked, saved search, 2 unread")
        XCTAssertTrue(MainContext.iterate(until: { library.controller?.numberOfRows == 2 }, timeoutSeconds: 5))

        let key = try XCTUnwrap(LibrarySpecData.keys(store)["n1"])
        library.marking(.read(true, [key]))
        XCTAssertTrue(MainContext.iterate(until: { library.sidebar.rows.first { $0.title == "Picked" }?.unread == 1 }, timeoutSeconds: 5))

        let saved = try XCTUnwrap(row.savedView)
        library.run(.removeView, onView: saved)
        XCTAssertTrue(MainContext.iterate(until: { !library.sidebar.rows.contains { $0.savedView != nil } }, timeoutSeconds: 5))
        try User.click(XCTUnwrap(ShownScreen(window).undoButton()))
        XCTAssertTrue(MainContext.iterate(until: { library.sidebar.rows.contains { $0.title == "Picked" } }, timeoutSeconds: 5), "put back")
    }

    @MainActor func test_aQueryThatCannotBeRead_isSaidUnderTheEntry_untilItCanBe() async throws {
        let (library, _, window) = try makeLibraryWindow(server: InMemoryFeedServer())
        defer { gtk_window_destroy(itemfeed_window(window)) }
        let screen = try XCTUnwrap(library.screen)
        screen.toggleSearch()

        gtk_editable_set_text(itemfeed_editable(screen.searchEntry), "title:\"t1")
        XCTAssertTrue(MainContext.iterate(until: { gtk_widget_get_visible(screen.searchProblemLabel) != 0 }, timeoutSeconds: 5))
        XCTAssertEqual(String(cString: gtk_label_get_text(itemfeed_label(screen.searchProblemLabel))), "A quotation mark is not closed")
        XCTAssertEqual(gtk_widget_has_css_class(screen.searchEntry, "error"), 1)

        gtk_editable_set_text(itemfeed_editable(screen.searchEntry), "title:\"t1\"")
        XCTAssertTrue(MainContext.iterate(until: { gtk_widget_get_visible(screen.searchProblemLabel) == 0 }, timeoutSeconds: 5))
        XCTAssertEqual(gtk_widget_has_css_class(screen.searchEntry, "error"), 0)
    }

    /// The message dialog a `TextQuestion` shows, answered as a user would.
    @MainActor private func answerQuestion(with text: String) throws {
        var dialog: UnsafeMutablePointer<GtkWidget>?
        XCTAssertTrue(MainContext.iterate(until: {
            dialog = Self.toplevels().first { Self.typeName($0) == "AdwMessageDialog" }
            return dialog != nil
        }, timeoutSeconds: 5), "a question asked")
        let question = itemfeed_adw_message_dialog(try XCTUnwrap(dialog))
        gtk_editable_set_text(itemfeed_editable(adw_message_dialog_get_extra_child(question)), text)
        adw_message_dialog_response(question, "accept")
        gtk_window_destroy(itemfeed_window(dialog))
    }

    @MainActor private static func typeName(_ widget: UnsafeMutablePointer<GtkWidget>) -> String {
        String(cString: g_type_name_from_instance(UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self)))
    }

    @MainActor private static func toplevels() -> [UnsafeMutablePointer<GtkWidget>] {
        let list = gtk_window_get_toplevels()!
        return (0..<g_list_model_get_n_items(list)).compactMap { index in
            g_list_model_get_item(list, index).map { item in
                g_object_unref(item)
                return item.assumingMemoryBound(to: GtkWidget.self)
            }
        }
    }

    @MainActor private static func buttons(in parent: UnsafeMutablePointer<GtkWidget>?) -> [UnsafeMutablePointer<GtkWidget>] {
        var found: [UnsafeMutablePointer<GtkWidget>] = []
        var child = parent.flatMap { gtk_widget_get_first_child($0) }
        while let widget = child {
            if Self.typeName(widget) == "GtkButton" { found.append(widget) }
            child = gtk_widget_get_next_sibling(widget)
        }
        return found
    }
}

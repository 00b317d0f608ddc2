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
        let shown = WidgetQuery(Widget(window))
        try User.click(shown.button("Search the feed"))
        MainLoop.spin(until: { shown.contains { $0.role == .searchBox } }, "the search bar")
        let save = try shown.button("Save as View")
        XCTAssertFalse(save.isSensitive, "nothing typed, nothing to save")

        try User.type("t1 OR n1", into: shown.widget(role: .searchBox, named: "Search the feed"))
        XCTAssertTrue(MainContext.iterate(until: { save.isSensitive }, timeoutSeconds: 5))
        try User.click(save)
        try answerQuestion(with: "Picked")

        XCTAssertTrue(MainContext.iterate(until: { library.sidebar.selectedRow?.savedView != nil }, timeoutSeconds: 5), "the new view opened")
        XCTAssertTrue(MainContext.iterate(until: { library.sidebar.selectedRow?.unread == 2 }, timeoutSeconds: 5), "counted off the UI thread")
        let row = try XCTUnwrap(library.sidebar.selectedRow)
        XCTAssertEqual(row.title, "Picked")
        XCTAssertEqual(row.savedView?.query, "t1 OR n1")
        XCTAssertEqual(row.accessibleLabel, "Picked, saved search, 2 unread")
        XCTAssertTrue(MainContext.iterate(until: { library.controller?.numberOfRows == 2 }, timeoutSeconds: 5))

        let key = try XCTUnwrap(LibrarySpecData.keys(store)["n1"])
        library.commands.mark(.read(true, [key])) { _ in }
        XCTAssertTrue(MainContext.iterate(until: { library.sidebar.rows.first { $0.title == "Picked" }?.unread == 1 }, timeoutSeconds: 5))

        let saved = try XCTUnwrap(row.savedView)
        library.run(.removeView, onView: saved)
        XCTAssertTrue(MainContext.iterate(until: { !library.sidebar.rows.contains { $0.savedView != nil } }, timeoutSeconds: 5))
        try User.click(XCTUnwrap(ShownScreen(window).undoButton()))
        XCTAssertTrue(MainContext.iterate(until: { library.sidebar.rows.contains { $0.title == "Picked" } }, timeoutSeconds: 5), "put back")
    }

    /// A search saved from a feed's view keeps to that feed, whichever
    /// account keeps it (an account's feed's search once kept everything).
    @MainActor func test_aSearchSavedInAFeed_keepsToThatFeed_localOrAnAccounts() {
        let local = LibraryView(.feed(LibrarySpecData.tech))
        let servers = LibraryView(.feed(FeedID(account: 2, id: "feed/7")))

        XCTAssertEqual(LibraryCommands.query("rust", within: local, titled: "Tech"), #"feed:"Tech" (rust)"#)
        XCTAssertEqual(LibraryCommands.query("rust", within: servers, titled: "Server Feed"), #"feed:"Server Feed" (rust)"#)
        XCTAssertEqual(LibraryCommands.query("rust", within: .all, titled: "All Items"), "rust")
    }

    @MainActor func test_aQueryThatCannotBeRead_isSaidUnderTheEntry_untilItCanBe() async throws {
        let (library, _, window) = try makeLibraryWindow(server: InMemoryFeedServer())
        defer { withExtendedLifetime(library) { gtk_window_destroy(itemfeed_window(window)) } }
        let shown = WidgetQuery(Widget(window))
        try User.click(shown.button("Search the feed"))
        MainLoop.spin(until: { shown.contains { $0.role == .searchBox } }, "the search bar")
        let search = try shown.widget(role: .searchBox, named: "Search the feed")
        let problem = { shown.all { $0.isA(gtk_label_get_type()) && $0.text == "A quotation mark is not closed" } }

        try User.type("title:\"t1", into: search)
        XCTAssertTrue(MainContext.iterate(until: { problem().count == 1 }, timeoutSeconds: 5), "said under the entry")
        XCTAssertTrue(search.cssClasses.contains("error"))

        try User.type("\"", into: search)
        XCTAssertTrue(MainContext.iterate(until: { problem().isEmpty }, timeoutSeconds: 5))
        XCTAssertFalse(search.cssClasses.contains("error"))
    }

    /// The question a `TextQuestion` asks, answered as a user would.
    @MainActor private func answerQuestion(with text: String) throws {
        var found: Widget?
        XCTAssertTrue(MainContext.iterate(until: {
            found = try? Windows.one("the question") { $0.role == .dialog && $0.name == "Save as View" }
            return found != nil
        }, timeoutSeconds: 5), "a question asked")
        let question = WidgetQuery(try XCTUnwrap(found))
        let name = try question.widget(role: .textBox, named: "Save as View")
        try User.clear(name)
        try User.type(text, into: name)
        try User.click(question.button("Save"))
    }
}

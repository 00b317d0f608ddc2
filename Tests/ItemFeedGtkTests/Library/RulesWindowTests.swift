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
    /// A notify rule's one item is named to the notification (its Open and
    /// Mark as Read act on it); several are told as a count.
    @MainActor func test_aNotifyRule_namesItsOneItem_toTheNotification() async throws {
        let (library, store, window) = try makeLibraryWindow(server: InMemoryFeedServer())
        defer { gtk_window_destroy(itemfeed_window(window)) }
        var told: [(String, [LibraryItem.Key])] = []
        library.session.ruleMatched = { told.append(($0, $1)) }
        _ = try store.addRule(query: "harbour", action: .notify, scope: .all)

        try store.apply([LibrarySpecData.loaded(LibrarySpecData.news, [Item(id: "h1", name: "Harbour lights", imageURL: nil, date: LibrarySpecData.date(80))])])
        library.session.tellRuleNotices()
        XCTAssertTrue(MainContext.iterate(until: { told.count == 1 }, timeoutSeconds: 5))
        let key = try XCTUnwrap(LibrarySpecData.keys(store)["h1"])
        XCTAssertEqual(told.first?.0, "“Harbour lights” matched the rule “harbour”", "which rule, by its search")
        XCTAssertEqual(told.first?.1, [key])

        try store.apply([LibrarySpecData.loaded(LibrarySpecData.news, ["h2", "h3"].map { Item(id: $0, name: "Harbour \($0)", imageURL: nil, date: LibrarySpecData.date(81)) })])
        library.session.tellRuleNotices()
        XCTAssertTrue(MainContext.iterate(until: { told.count == 2 }, timeoutSeconds: 5))
        XCTAssertEqual(Set(told.last?.1 ?? []), Set(["h2", "h3"].compactMap { try? LibrarySpecData.keys(store)[$0] }), "two items: both followed, no one item to act on")
        XCTAssertEqual(told.last?.0, "“Harbour h2” and 1 more item matched the rule “harbour”")

        var changes: [LibraryChange] = []
        library.changedLibrary = { changes.append($0) }
        library.commands.mark(.read(true, [key])) { _ in }
        XCTAssertTrue(MainContext.iterate(until: { changes.contains { $0.contains(.items) } }, timeoutSeconds: 5), "read: the notification's listener hears it")
    }

    @MainActor func test_aRuleHidingItemsAlreadyHere_takesTheirRowsAway_andUndoBringsThemBack() async throws {
        let (library, store, window) = try makeLibraryWindow(server: InMemoryFeedServer())
        defer { gtk_window_destroy(itemfeed_window(window)) }
        XCTAssertTrue(MainContext.iterate(until: { library.controller?.numberOfRows == 3 }, timeoutSeconds: 5))
        let page = RulesPage(choices: library.commands.ruleChoices())
        let preferences = adw_preferences_window_new()!
        adw_preferences_window_add(itemfeed_adw_preferences_window(preferences), itemfeed_adw_preferences_page(page.page))
        gtk_window_present(itemfeed_window(preferences))
        defer { gtk_window_destroy(itemfeed_window(preferences)) }

        let form = ShownForm(preferences)

        try form.type("t1 OR n1", into: "When an Item Matches")
        try form.choose("Hide", in: "Then")
        XCTAssertEqual(try form.choice("Then"), "Hide")
        XCTAssertEqual(try form.subtitle(of: "Also to the Items Already Here"), "It would change 2 items", "the count first")
        try form.toggle("Also to the Items Already Here")
        try form.click("Add Rule")

        XCTAssertTrue(MainContext.iterate(until: { library.controller?.numberOfRows == 1 }, timeoutSeconds: 5), "hidden at once")
        XCTAssertEqual(library.controller?.item(at: 0)?.name, "Item t2")
        XCTAssertEqual(try store.rules().map(\.query), ["t1 OR n1"])
        XCTAssertEqual(library.sidebar.rows.first { $0.view == .hiddenByRules }?.accessibleLabel, "Hidden by Rules, 2 items")
        XCTAssertEqual(try form.subtitle(of: "t1 OR n1"), "Hide · Every Item", "the rule listed")

        try User.click(XCTUnwrap(ShownScreen(window).undoButton()))
        XCTAssertTrue(MainContext.iterate(until: { library.controller?.numberOfRows == 3 }, timeoutSeconds: 5), "Undo brings them back")
        XCTAssertEqual(try store.count(.unread), 3)
        XCTAssertFalse(library.sidebar.rows.contains { $0.view == .hiddenByRules }, "nothing hidden, no row")
    }

    @MainActor func test_aSearchThatCannotBeRead_isSaidAndNothingIsKept() async throws {
        let (library, store, window) = try makeLibraryWindow(server: InMemoryFeedServer())
        defer { gtk_window_destroy(itemfeed_window(window)) }
        let page = RulesPage(choices: library.commands.ruleChoices())
        let preferences = adw_preferences_window_new()!
        adw_preferences_window_add(itemfeed_adw_preferences_window(preferences), itemfeed_adw_preferences_page(page.page))
        gtk_window_present(itemfeed_window(preferences))
        defer { gtk_window_destroy(itemfeed_window(preferences)) }
        let form = ShownForm(preferences)

        try form.type("colour:red", into: "When an Item Matches")
        XCTAssertTrue(try form.subtitle(of: "Also to the Items Already Here")?.hasPrefix("“colour:” is not a field") == true)
        try form.click("Add Rule")
        XCTAssertTrue(MainContext.iterate(until: { form.status != nil && (try? WidgetQuery(form.root).button("Add Rule").isSensitive) == true }, timeoutSeconds: 5))
        XCTAssertTrue(form.status?.text?.hasPrefix("“colour:” is not a field") == true, form.status?.text ?? "no status")
        XCTAssertEqual(try store.rules(), [])
    }
}

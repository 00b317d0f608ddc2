import CGtkTestKit
@testable import GtkTestKit
import XCTest

/// The accessibility audit names each problem; GTK's warnings are caught;
/// the main loop gives up at its deadline.
final class AuditTests: GtkTestCase {
    @MainActor func test_audit_passesNamedControls_andNamesEachProblem() async throws {
        let demo = DemoWindow()
        defer { demo.close() }
        XCTAssertEqual(AccessibilityAudit.problems(under: demo.root), [])

        let box = demo.content
        let unnamed = gtk_button_new_from_icon_name("edit-delete-symbolic")!
        let mnemonic = gtk_button_new_with_label("_Open")!
        let classNamed = gtk_check_button_new()!
        setAccessibleLabel(classNamed, "GtkCheckButton")
        for widget in [unnamed, mnemonic, classNamed] { gtk_box_append(cast(box), widget) }

        let problems = AccessibilityAudit.problems(under: demo.root)

        XCTAssertEqual(problems.map { String($0.prefix { $0 != ":" }) }, ["no name", "a mnemonic's underscore in its name", "a class name for a name"], problems.joined(separator: "\n"))
    }
}

/// Not a `GtkTestCase`: these tests make GTK warn on purpose.
final class LogAndLoopTests: XCTestCase {
    @MainActor func test_aWarningGTKLogs_isKept_withItsDomain() async throws {
        try GtkTestDisplay.require()
        let start = GtkTestLog.count
        let button = gtk_button_new()!
        g_object_ref_sink(raw(button))

        // A child set twice: GTK warns (a misuse it catches).
        gtk_widget_set_parent(gtk_label_new("a"), button)
        gtk_widget_set_parent(gtk_widget_get_first_child(button), button)

        let logged = GtkTestLog.messages(since: start)
        g_object_unref(raw(button))
        XCTAssertEqual(logged.count, 1, "\(logged)")
        XCTAssertTrue(logged.first?.hasPrefix("Gtk critical: ") == true || logged.first?.hasPrefix("Gtk warning: ") == true, "\(logged)")
    }

    @MainActor func test_theMainLoop_givesUpAtItsDeadline() async throws {
        try GtkTestDisplay.require()
        let started = Date()

        XCTAssertFalse(MainLoop.iterate(until: { false }, timeout: 0.2))
        XCTAssertTrue(MainLoop.iterate(until: { Date().timeIntervalSince(started) > 0.3 }, timeout: 5))
    }
}

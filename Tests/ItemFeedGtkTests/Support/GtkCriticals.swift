import CGtk
import Foundation
import XCTest

/// Fails the GTK test during which GTK, GDK, GLib's object system or
/// libadwaita reported a critical: a critical is GTK catching a misuse
/// (a freed widget, a wrong type) that would crash a build without its
/// checks, yet the test around it passed. The row menu's popover, freed
/// while it closed, went unnoticed that way for a whole stop.
enum GtkCriticals {
    /// Criticals can come from any thread (image decoding).
    private static let reported = LockedMessages()

    static func watch() {
        for domain in ["Gtk", "Gdk", "GLib-GObject", "GLib", "Adwaita", "GdkPixbuf"] {
            let levels = G_LOG_LEVEL_CRITICAL.rawValue | G_LOG_FLAG_FATAL.rawValue | G_LOG_FLAG_RECURSION.rawValue
            g_log_set_handler(domain, GLogLevelFlags(rawValue: levels), { domain, level, message, _ in
                GtkCriticals.reported.append("\(domain.map { String(cString: $0) } ?? ""): \(message.map { String(cString: $0) } ?? "")")
                g_log_default_handler(domain, level, message, nil)
            }, nil)
        }
    }

    static var count: Int { reported.count }

    static func failIfAny(since countAtStart: Int) {
        let new = reported.since(countAtStart)
        guard !new.isEmpty else { return }
        XCTFail("GTK reported \(new.count) critical(s) during this test: \(new.joined(separator: "; "))")
    }

    private final class LockedMessages: @unchecked Sendable {
        private let lock = NSLock()
        private var messages: [String] = []

        func append(_ message: String) { lock.withLock { messages.append(message) } }
        var count: Int { lock.withLock { messages.count } }
        func since(_ start: Int) -> [String] { lock.withLock { Array(messages.dropFirst(start)) } }
    }
}

/// A test case that drives GTK widgets: it fails if GTK reported a
/// critical while it ran, its teardown blocks included (windows and rows
/// are often freed only then). The check is a teardown block added before
/// the test's own, so it runs after them (they run last in, first out).
class GtkTestCase: XCTestCase {
    override func setUp() {
        super.setUp()
        let countAtStart = GtkCriticals.count
        addTeardownBlock { GtkCriticals.failIfAny(since: countAtStart) }
    }
}

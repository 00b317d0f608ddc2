import CGtkTestKit
import Foundation
import XCTest

/// A test case that drives GTK 4 widgets: it needs a display (skipping
/// without one, failing when `GTKTESTKIT_REQUIRE_DISPLAY=1`), and it fails
/// when GTK, GDK or GLib logged a warning or a critical while it ran, its
/// teardown blocks included (windows and rows are often freed only then).
open class GtkTestCase: XCTestCase {
    override open func setUpWithError() throws {
        try super.setUpWithError()
        try MainActor.assumeIsolated { try GtkTestDisplay.require() }
        let start = GtkTestLog.count
        // Added first, so it runs after the test's own teardown blocks.
        addTeardownBlock {
            let logged = GtkTestLog.messages(since: start)
            if !logged.isEmpty { XCTFail("GTK logged \(logged.count) warning(s) or critical(s) during this test: \(logged.joined(separator: "; "))") }
        }
    }
}

import CGtk
import GtkTestKit
import XCTest

/// ItemFeed's window tests: GtkTestKit's test case (a display needed, any
/// GTK warning or critical a failure) with libadwaita started as the app
/// starts it, and `ITEMFEED_REQUIRE_DISPLAY=1` honoured as the kit's own.
class AdwTestCase: GtkTestCase {
    override func setUpWithError() throws {
        try MainActor.assumeIsolated { try GtkDisplay.require() }
        try super.setUpWithError()
    }
}

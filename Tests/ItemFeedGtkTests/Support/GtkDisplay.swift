import CGtk
import Foundation
import GtkTestKit
import XCTest

/// GtkTestKit's display, opened as the app opens it: libadwaita's widgets
/// need its style sheet and style manager (`adw_init`, as AdwApplication
/// does). Without a display a test skips, or fails under
/// `ITEMFEED_REQUIRE_DISPLAY=1` (as `make test` sets under Xvfb) as under
/// the kit's `GTKTESTKIT_REQUIRE_DISPLAY=1`.
@MainActor
enum GtkDisplay {
    static func require(file: StaticString = #filePath, line: UInt = #line) throws {
        GtkTestDisplay.afterInit = { adw_init() }
        if !GtkTestDisplay.isAvailable, ProcessInfo.processInfo.environment["ITEMFEED_REQUIRE_DISPLAY"] == "1" {
            XCTFail("ITEMFEED_REQUIRE_DISPLAY=1 but GTK cannot open a display (DISPLAY=\(ProcessInfo.processInfo.environment["DISPLAY"] ?? "unset"))", file: file, line: line)
            throw XCTSkip("failed: no display")
        }
        try GtkTestDisplay.require(file: file, line: line)
    }
}

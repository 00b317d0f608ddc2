import CGtk
import Foundation
import XCTest

/// Whether GTK can open a display here. Tests that need one skip with a
/// printed reason when there is none, and fail instead when
/// `ITEMFEED_REQUIRE_DISPLAY=1` (as `make test` sets under Xvfb), so a CI
/// machine without Xvfb cannot pass by skipping.
@MainActor
enum GtkDisplay {
    /// libadwaita's widgets need its style sheet and style manager, which
    /// `adw_init` sets up (as AdwApplication does in the app).
    private static let isAvailable: Bool = {
        guard gtk_init_check() != 0 else { return false }
        adw_init()
        GtkCriticals.watch()
        return true
    }()

    static func require(file: StaticString = #filePath, line: UInt = #line) throws {
        if isAvailable { return }
        let reason = "no display (DISPLAY=\(ProcessInfo.processInfo.environment["DISPLAY"] ?? "unset")); GTK tests need one, e.g. under xvfb-run"
        if ProcessInfo.processInfo.environment["ITEMFEED_REQUIRE_DISPLAY"] == "1" {
            XCTFail("ITEMFEED_REQUIRE_DISPLAY=1 but \(reason)", file: file, line: line)
            throw XCTSkip("failed: \(reason)")
        }
        print("Skipping GTK test: \(reason)")
        throw XCTSkip(reason)
    }
}

import CGtkTestKit
import Foundation
import XCTest

/// Whether GTK can open a display here. Without one a test skips with the
/// reason, or fails when `GTKTESTKIT_REQUIRE_DISPLAY=1`, so a CI machine
/// without Xvfb cannot pass by skipping.
@MainActor
public enum GtkTestDisplay {
    /// Set before GTK starts by whoever needs more than `gtk_init` (a
    /// libadwaita app's tests call `adw_init` here).
    public static var afterInit: () -> Void = {}

    private static var opened: Bool?
    /// Why the process has no session bus, when the kit could not give it one.
    private static var busProblem: String?

    public static var isAvailable: Bool {
        if let opened { return opened }
        GtkTestLog.install()
        do { try GtkTestSession.ensureBus() } catch { busProblem = "\(error)" }
        let available = busProblem == nil && gtk_init_check() != 0
        if available { afterInit() }
        opened = available
        return available
    }

    /// Whether a missing display fails rather than skips.
    public static var isRequired: Bool { ProcessInfo.processInfo.environment["GTKTESTKIT_REQUIRE_DISPLAY"] == "1" }

    public static func require(file: StaticString = #filePath, line: UInt = #line) throws {
        if isAvailable { return }
        if let busProblem {
            // A missing bus is the machine's set-up, never a reason to skip.
            XCTFail(busProblem, file: file, line: line)
            throw XCTSkip("failed: \(busProblem)")
        }
        let reason = "no display (DISPLAY=\(ProcessInfo.processInfo.environment["DISPLAY"] ?? "unset")); GTK tests need one, e.g. under xvfb-run"
        if isRequired {
            XCTFail("GTKTESTKIT_REQUIRE_DISPLAY=1 but \(reason)", file: file, line: line)
            throw XCTSkip("failed: \(reason)")
        }
        print("Skipping GTK test: \(reason)")
        throw XCTSkip(reason)
    }
}

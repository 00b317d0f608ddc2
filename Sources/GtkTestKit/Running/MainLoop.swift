import CGtkTestKit
import Foundation
import XCTest

/// GLib's main loop spun from a test, as the app's would run between
/// events, until what the test awaits has happened.
@MainActor
public enum MainLoop {
    /// Spins until `condition` holds; fails, saying what was awaited, once
    /// `timeout` seconds pass without it. Answers whether it held.
    @discardableResult
    public static func spin(
        until condition: () -> Bool, timeout: Double = 5, _ awaited: @autoclosure () -> String,
        file: StaticString = #filePath, line: UInt = #line
    ) -> Bool {
        if iterate(until: condition, timeout: timeout) { return true }
        XCTFail("Waited \(timeout) s for \(awaited()), in vain", file: file, line: line)
        return false
    }

    /// Spins for `seconds`, handling whatever comes (a frame, a timer).
    public static func spin(for seconds: Double) {
        _ = iterate(until: { false }, timeout: seconds)
    }

    /// Handles what is pending now, without waiting.
    public static func settle() {
        while g_main_context_iteration(nil, 0) != 0 {}
    }

    static func iterate(until condition: () -> Bool, timeout: Double) -> Bool {
        let deadline = g_get_monotonic_time() + gint64(timeout * 1_000_000)
        // A blocking iteration returns on any event; the tick bounds the wait.
        let tick = g_timeout_add(10, { _ in 1 }, nil)
        defer { g_source_remove(tick) }
        while !condition() {
            if g_get_monotonic_time() > deadline { return false }
            g_main_context_iteration(nil, 1)
        }
        return true
    }
}

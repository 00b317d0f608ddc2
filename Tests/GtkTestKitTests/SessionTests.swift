import CGtkTestKit
@testable import GtkTestKit
import XCTest

/// A GTK test reaches a session bus whatever the machine: the test command's
/// private one, or the kit's own when the process was started with none
/// (`make test-session-setup` runs this suite so, with `dbus-launch` on
/// `PATH` a program that fails).
final class SessionTests: GtkTestCase {
    @MainActor func test_theSessionBus_answers_withoutTheHostsSession() async throws {
        let address = try XCTUnwrap(ProcessInfo.processInfo.environment["DBUS_SESSION_BUS_ADDRESS"])
        var error: UnsafeMutablePointer<GError>?
        let connection = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, &error)
        defer { if let connection { g_object_unref(UnsafeMutableRawPointer(connection)) } }
        XCTAssertNotNil(connection, error.map { String(cString: $0.pointee.message) } ?? "")
        if let error { g_error_free(error) }
        let runtime = try XCTUnwrap(ProcessInfo.processInfo.environment["XDG_RUNTIME_DIR"])
        XCTAssertTrue(address.hasPrefix("unix:path=\(runtime)/"), "the bus \(address) is not the run's own (XDG_RUNTIME_DIR \(runtime))")
    }

    /// The accessibility bus the session bus starts lives in the run's own
    /// folder: in the host's ~/.cache/at-spi, another program's going away
    /// took it from under a test ("Unable to connect to the accessibility bus").
    @MainActor func test_theAccessibilityBus_isTheRunsOwn() async throws {
        let runtime = try XCTUnwrap(ProcessInfo.processInfo.environment["XDG_RUNTIME_DIR"])
        var error: UnsafeMutablePointer<GError>?
        let connection = try XCTUnwrap(g_bus_get_sync(G_BUS_TYPE_SESSION, nil, &error))
        defer { g_object_unref(UnsafeMutableRawPointer(connection)) }
        let reply = g_dbus_connection_call_sync(connection, "org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus", "GetAddress", nil, nil,
                                                G_DBUS_CALL_FLAGS_NONE, 10_000, nil, &error)
        defer { if let reply { g_variant_unref(reply) } }
        let message = error.map { String(cString: $0.pointee.message) } ?? ""
        if let error { g_error_free(error) }
        let answer = try XCTUnwrap(reply, "the accessibility bus (Debian's at-spi2-core) answers: \(message)")
        let child = g_variant_get_child_value(answer, 0)
        defer { if let child { g_variant_unref(child) } }
        let text = child.flatMap { g_variant_get_string($0, nil) }.map { String(cString: $0) } ?? ""
        XCTAssertTrue(text.contains("path=\(runtime)/"), "the accessibility bus at \(text), outside the run's \(runtime)")
    }
}

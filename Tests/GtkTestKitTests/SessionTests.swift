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
}

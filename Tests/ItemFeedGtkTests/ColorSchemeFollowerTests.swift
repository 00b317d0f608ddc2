import CGtk
import Foundation
import ItemFeedGtk
import ItemFeedTestSupport
import XCTest

/// Dark and light styles follow the desktop, through a real D-Bus session
/// bus (started by the test) and a stand-in Settings portal.
final class ColorSchemeFollowerTests: XCTestCase {
    @MainActor func test_followsThePortalsPreference_andItsChanges() async throws {
        try GtkDisplay.require()
        let bus = try PrivateSessionBus()
        defer { bus.stop() }
        let portal = try bus.startSettingsPortal(colorScheme: 1)

        let follower = try XCTUnwrap(ColorSchemeFollower(connection: bus.connect()))
        _ = MainContext.iterate(until: { ColorSchemeFollower.prefersDark }, timeoutSeconds: 5)
        XCTAssertTrue(ColorSchemeFollower.prefersDark, "Expected dark while the desktop prefers dark")

        portal.setColorScheme(0)
        XCTAssertTrue(MainContext.iterate(until: { !ColorSchemeFollower.prefersDark }, timeoutSeconds: 5), "Expected light after the desktop changed")

        portal.setColorScheme(1)
        XCTAssertTrue(MainContext.iterate(until: { ColorSchemeFollower.prefersDark }, timeoutSeconds: 5), "Expected dark again")
        withExtendedLifetime(follower) {}
    }
}

/// `dbus-daemon --session` on a private address, for this test only.
private final class PrivateSessionBus {
    let address: String
    private let daemon = Process()
    private var services: [Process] = []

    init() throws {
        daemon.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-daemon")
        daemon.arguments = ["--session", "--nofork", "--nopidfile", "--print-address=1"]
        let output = Pipe()
        daemon.standardOutput = output
        try daemon.run()
        address = output.fileHandleForReading.readLine()
    }

    func connect() throws -> OpaquePointer {
        let flags = GDBusConnectionFlags(rawValue: G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT.rawValue | G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION.rawValue)
        return try XCTUnwrap(g_dbus_connection_new_for_address_sync(address, flags, nil, nil, nil))
    }

    func startSettingsPortal(colorScheme: Int) throws -> SettingsPortal {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Portal/settings_portal.py")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [script.path, "\(colorScheme)"]
        process.environment = ["DBUS_SESSION_BUS_ADDRESS": address]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        services.append(process)
        let ready = output.fileHandleForReading.readLine()
        XCTAssertEqual(ready, "READY", "Expected the stand-in portal to start (it needs python3-gi)")
        return SettingsPortal(input: input.fileHandleForWriting)
    }

    func stop() {
        services.forEach { $0.terminate(); $0.waitUntilExit() }
        daemon.terminate()
        daemon.waitUntilExit()
    }
}

private struct SettingsPortal {
    let input: FileHandle

    func setColorScheme(_ scheme: Int) {
        input.write(Data("\(scheme)\n".utf8))
    }
}

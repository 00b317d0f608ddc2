import Foundation
import ItemFeedGLib
import ItemFeedTestSupport
import XCTest

/// The background's application takes ItemFeed's name on the tests' bus,
/// or learns that another process (a window, another login's start) holds
/// it, and then starts nothing.
final class DesktopApplicationTests: XCTestCase {
    @MainActor func test_aFreeName_isTaken() async throws {
        _ = try XCTUnwrap(ProcessInfo.processInfo.environment["DBUS_SESSION_BUS_ADDRESS"], "the tests run on a session bus of their own")
        let application = DesktopApplication(id: "io.github.itemfeed.DesktopApplicationTest\(getpid())")
        // Not left: leaving closes the process's shared bus connection, as
        // the exec that follows needs, and the other tests here use it.
        XCTAssertEqual(application.register(), .primary)
    }

    @MainActor func test_aNameAnotherProcessHolds_isSaidToBeRunning() async throws {
        _ = try XCTUnwrap(ProcessInfo.processInfo.environment["DBUS_SESSION_BUS_ADDRESS"], "the tests run on a session bus of their own")
        let id = "io.github.itemfeed.DesktopApplicationHeld\(getpid())"
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        holder.arguments = ["-c", """
        from gi.repository import Gio, GLib
        Gio.bus_own_name(Gio.BusType.SESSION, "\(id)", Gio.BusNameOwnerFlags.NONE, None, lambda *_: print("owned", flush=True), None)
        GLib.MainLoop().run()
        """]
        let output = Pipe()
        holder.standardOutput = output
        try holder.run()
        defer { holder.terminate(); holder.waitUntilExit() }
        XCTAssertEqual(output.fileHandleForReading.readLine(), "owned")

        XCTAssertEqual(DesktopApplication(id: id).register(), .running)
    }
}

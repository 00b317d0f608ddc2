import Foundation
import ItemFeed
import ItemFeedCommandLine
import ItemFeedLibrary
import ItemFeedStore
import XCTest

/// One process, two shapes, as Run in Background has it: started with no
/// window (`item-feed-window --background`, as an autostart file may say)
/// it runs without GTK; opening ItemFeed makes it the window, with the same
/// process id; closing the window makes it the background's again, GTK
/// gone, and a notification says so, whose Quit ends it.
final class BackgroundHandoverTests: XCTestCase {
    typealias Run = BackgroundRunTests

    @MainActor func test_openingItemFeed_makesTheWindow_andClosingIt_goesBackToNoGTK() async throws {
        let environment = ProcessInfo.processInfo.environment
        _ = try XCTUnwrap(environment["DBUS_SESSION_BUS_ADDRESS"], "the tests run on a session bus of their own")
        _ = try XCTUnwrap(environment["DISPLAY"], "and a display")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("handover-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let child = Run.environment(environment, keepingFilesIn: folder)
        let feed = folder.appendingPathComponent("feed.json")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(#"{"title": "Tides", "items": [{"id": "1", "name": "Low water"}]}"#.utf8).write(to: feed)
        let subscribe = try Run.run("item-feed", ["--subscribe", feed.path], environment: child)
        subscribe.waitUntilExit()
        XCTAssertEqual(subscribe.terminationStatus, 0)
        try SQLiteLibraryStore(path: folder.appendingPathComponent("data/item-feed/library.sqlite").path).setRunsInBackground(true)

        let notifications = try Run.run("/usr/bin/python3", [Run.here.appendingPathComponent("Notifications/fake_notification_server.py").path], environment: environment, talking: true)
        defer { notifications.process.terminate() }
        XCTAssertEqual(notifications.output.readLine(), "ready")
        let notifier = notifications.process.processIdentifier
        DispatchQueue.global().asyncAfter(deadline: .now() + 60) { kill(notifier, SIGTERM) }

        let app = try Run.run("item-feed-window", ["--background"], environment: child)
        defer { app.terminate(); app.waitUntilExit() }
        let pid = app.processIdentifier
        XCTAssertTrue(Self.eventually { (try? Run.loadsGTK(pid)) == false && Self.holdsName(environment) }, "in the background, without GTK")

        let opening = try Run.run("item-feed", [], environment: child)
        opening.waitUntilExit()
        XCTAssertEqual(opening.terminationStatus, 0, "the second ItemFeed hands the activation over and ends")
        XCTAssertTrue(Self.eventually { ((try? Run.visibleWindows(of: pid)) ?? "") != "" }, "the window shown by the same process")
        XCTAssertTrue(try Run.loadsGTK(pid), "\((try? Run.visibleWindows(of: pid)) ?? "")")

        let window = try Run.visibleWindows(of: pid).split(separator: "\n")[0]
        Self.xdotool(["windowfocus", "--sync", String(window)])
        Self.xdotool(["key", "ctrl+w"])
        let notice = try XCTUnwrap(Run.notification(from: notifications.output, saying: "Runs in the Background"), "told it goes on")
        XCTAssertTrue(Self.eventually { (try? Run.loadsGTK(pid)) == false }, "GTK gone with the window")
        XCTAssertTrue(app.isRunning)
        XCTAssertEqual(try Run.visibleWindows(of: pid), "")

        let actions = try XCTUnwrap(notice["actions"] as? [String])
        let quit = try XCTUnwrap(stride(from: 0, to: actions.count - 1, by: 2).first { actions[$0 + 1] == "Quit" }.map { actions[$0] }, "\(actions)")
        notifications.input.write(Data("invoke \(notice["id"] as? Int ?? 0) \(quit)\n".utf8))
        XCTAssertTrue(Self.eventually { !app.isRunning }, "Quit ends it")
    }

    /// Whether ItemFeed's name is taken on the bus.
    private static func holdsName(_ environment: [String: String]) -> Bool {
        let call = Process()
        call.executableURL = URL(fileURLWithPath: "/usr/bin/gdbus")
        call.arguments = ["call", "--session", "--dest", "org.freedesktop.DBus", "--object-path", "/org/freedesktop/DBus", "--method", "org.freedesktop.DBus.NameHasOwner", ItemFeedInfo.applicationID]
        let output = Pipe()
        call.standardOutput = output
        call.standardError = FileHandle.nullDevice
        guard (try? call.run()) != nil else { return false }
        call.waitUntilExit()
        return String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).contains("true")
    }

    private static func xdotool(_ arguments: [String]) {
        let run = Process()
        run.executableURL = URL(fileURLWithPath: "/usr/bin/xdotool")
        run.arguments = arguments
        try? run.run()
        run.waitUntilExit()
    }

    /// Polls for up to 15 s.
    private static func eventually(_ condition: () -> Bool) -> Bool {
        let deadline = Date(timeIntervalSinceNow: 15)
        while Date() < deadline {
            if condition() { return true }
            usleep(100_000)
        }
        return condition()
    }
}

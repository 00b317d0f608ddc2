import Foundation
import ItemFeed
import ItemFeedCommandLine
import ItemFeedLibrary
import ItemFeedStore
import ItemFeedTestSupport
import XCTest

/// Run in Background as a user has it: ItemFeed started at login with no
/// window (`item-feed --background`), its refresh due; a loopback feed
/// brings one item; the desktop's notification server (a fake on the
/// tests' bus, `Notifications/fake_notification_server.py`) shows its
/// notification and presses Mark as Read; the item is read in the library,
/// no window was ever shown, and GTK was never loaded.
final class BackgroundRunTests: XCTestCase {
    @MainActor func test_startedAtLogin_aNewItemIsNotified_andItsMarkAsReadMarksIt() async throws {
        let environment = ProcessInfo.processInfo.environment
        _ = try XCTUnwrap(environment["DBUS_SESSION_BUS_ADDRESS"], "the tests run on a session bus of their own")
        _ = try XCTUnwrap(environment["DISPLAY"], "and a display")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("background-\(UUID().uuidString)", isDirectory: true)
        let site = folder.appendingPathComponent("site", isDirectory: true)
        try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let child = Self.environment(environment, keepingFilesIn: folder)

        let feed = site.appendingPathComponent("feed.json")
        try Self.feed(["First"]).write(to: feed)
        let (server, port) = try Self.serve(site)
        defer { server.terminate() }
        let address = "http://127.0.0.1:\(port)/feed.json"
        let subscribe = try Self.run("item-feed", ["--subscribe", address], environment: child)
        subscribe.waitUntilExit()
        XCTAssertEqual(subscribe.terminationStatus, 0)
        let library = folder.appendingPathComponent("data/item-feed/library.sqlite")
        do {
            let store = try SQLiteLibraryStore(path: library.path)
            try store.setRunsInBackground(true)
            try store.setPreference(RefreshInterval.quarterHour)
            try store.setLastRefresh(Date(timeIntervalSinceNow: -3_600))
        }
        try Self.feed(["Arrived", "First"]).write(to: feed)
        // Python's server dates the file to the second: a later one, or the refresh hears "not modified".
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: 60)], ofItemAtPath: feed.path)

        let notifications = try Self.run("/usr/bin/python3", [Self.here.appendingPathComponent("Notifications/fake_notification_server.py").path], environment: environment, talking: true)
        defer { notifications.process.terminate() }
        XCTAssertEqual(notifications.output.readLine(), "ready")
        // Reading its output waits: a notification that never comes ends the wait with the server.
        let notifier = notifications.process.processIdentifier
        DispatchQueue.global().asyncAfter(deadline: .now() + 40) { kill(notifier, SIGTERM) }
        let app = try Self.run("item-feed", ["--background"], environment: child)
        defer { app.terminate(); app.waitUntilExit() }

        let notice = try XCTUnwrap(Self.notification(from: notifications.output, saying: "Arrived"), "notified within the refresh that was due")
        XCTAssertEqual(notice["summary"] as? String, "New Item from Tides")
        let actions = try XCTUnwrap(notice["actions"] as? [String])
        let markRead = try XCTUnwrap(stride(from: 0, to: actions.count - 1, by: 2).first { actions[$0 + 1] == "Mark as Read" }.map { actions[$0] }, "\(actions)")
        notifications.input.write(Data("invoke \(notice["id"] as? Int ?? 0) \(markRead)\n".utf8))

        let store = try SQLiteLibraryStore(path: library.path)
        let deadline = Date(timeIntervalSinceNow: 10)
        var arrived: LibraryItem?
        repeat {
            arrived = try store.items(.all, in: 0..<10).first { $0.item.name == "Arrived" }
            if arrived?.isRead == true { break }
            usleep(100_000)
        } while Date() < deadline
        XCTAssertEqual(arrived?.isRead, true, "marked read from its notification")
        XCTAssertEqual(try store.items(.all, in: 0..<10).first { $0.item.name == "First" }?.isRead, false, "and nothing else")
        XCTAssertTrue(app.isRunning, "still running in the background")
        XCTAssertEqual(try Self.visibleWindows(of: app.processIdentifier), "", "no window shown")
        XCTAssertFalse(try Self.loadsGTK(app.processIdentifier), "running in the background without GTK")
    }

    /// ItemFeed's environment for a test: its XDG folders in `folder`, the cairo renderer.
    static func environment(_ environment: [String: String], keepingFilesIn folder: URL) -> [String: String] {
        var child = environment
        for (name, path) in [("XDG_DATA_HOME", "data"), ("XDG_CONFIG_HOME", "config"), ("XDG_CACHE_HOME", "cache")] {
            child[name] = folder.appendingPathComponent(path).path
        }
        child["GSK_RENDERER"] = "cairo"
        return child
    }

    /// Whether the process has GTK mapped (it is the window's, not the
    /// background's); throws while it has not loaded GLib yet.
    static func loadsGTK(_ pid: Int32) throws -> Bool {
        // /proc's files say they are empty: read to their end, not by their size.
        let maps = try XCTUnwrap(FileHandle(forReadingAtPath: "/proc/\(pid)/maps"), "process \(pid) is gone")
        defer { try? maps.close() }
        let text = String(decoding: maps.readDataToEndOfFile(), as: UTF8.self)
        // Before GLib is mapped, the process is still starting: neither.
        guard text.contains("libglib-2.0") else { throw CocoaError(.fileReadUnknown) }
        return text.contains("libgtk-4")
    }

    static let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

    private static func feed(_ names: [String]) -> Data {
        let items = names.enumerated().map { #"{"id": "\#($1)", "name": "\#($1)", "date": "2031-01-0\#(9 - $0)T00:00:00Z"}"# }
        return Data(#"{"title": "Tides", "items": [\#(items.joined(separator: ", "))]}"#.utf8)
    }

    /// Python's HTTP server on a free loopback port, and the port.
    private static func serve(_ folder: URL) throws -> (Process, Int) {
        let server = try run("/usr/bin/python3", ["-u", "-m", "http.server", "0", "--bind", "127.0.0.1", "--directory", folder.path], environment: ProcessInfo.processInfo.environment, talking: true)
        let line = server.output.readLine()
        let port = try XCTUnwrap(line.split(separator: " ").compactMap { Int($0) }.first, line)
        return (server.process, port)
    }

    /// The first notification whose text says `text`, within 30 s.
    static func notification(from output: FileHandle, saying text: String) -> [String: Any]? {
        let deadline = Date(timeIntervalSinceNow: 30)
        while Date() < deadline {
            let line = output.readLine()
            if line.isEmpty { return nil }
            guard let notice = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] else { continue }
            if "\(notice["summary"] ?? "") \(notice["body"] ?? "")".contains(text) { return notice }
        }
        return nil
    }

    static func visibleWindows(of pid: Int32) throws -> String {
        let search = Process()
        search.executableURL = URL(fileURLWithPath: "/usr/bin/xdotool")
        search.arguments = ["search", "--onlyvisible", "--pid", String(pid)]
        let output = Pipe()
        search.standardOutput = output
        search.standardError = FileHandle.nullDevice
        try search.run()
        search.waitUntilExit()
        return String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// One of the products beside the test bundle, or a program by path.
    static func run(_ program: String, _ arguments: [String], environment: [String: String]) throws -> Process {
        try run(program, arguments, environment: environment, talking: false).process
    }

    static func run(_ program: String, _ arguments: [String], environment: [String: String], talking: Bool) throws -> (process: Process, output: FileHandle, input: FileHandle) {
        let process = Process()
        process.executableURL = program.hasPrefix("/") ? URL(fileURLWithPath: program)
            : URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(program)
        process.arguments = arguments
        process.environment = environment
        let output = Pipe(), input = Pipe()
        process.standardOutput = talking ? output : FileHandle.nullDevice
        process.standardError = talking && program == "/usr/bin/python3" && arguments.contains("http.server") ? output : FileHandle.nullDevice
        process.standardInput = talking ? input : FileHandle.nullDevice
        try process.run()
        return (process, output.fileHandleForReading, input.fileHandleForWriting)
    }
}

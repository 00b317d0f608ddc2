import Foundation
@testable import ItemFeedApp
import ItemFeedCommandLine
import ItemFeedLibrary
import ItemFeedTestSupport
import XCTest

/// The file GNOME Shell reads to find the search provider names the bus
/// name, object and desktop file the application has.
final class SearchProviderFileTests: XCTestCase {
    @MainActor func test_theInstalledFile_namesWhatTheApplicationExports() async throws {
        let resources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../resources").standardized
        let text = try String(contentsOf: resources.appendingPathComponent("\(ItemFeedInfo.applicationID).search-provider.ini"), encoding: .utf8)
        let fields = Dictionary(text.split(separator: "\n").compactMap { line -> (String, String)? in
            let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
            return parts.count == 2 ? (parts[0], parts[1]) : nil
        }, uniquingKeysWith: { first, _ in first })

        XCTAssertTrue(text.hasPrefix("[Shell Search Provider]\n"))
        XCTAssertEqual(fields["BusName"], ItemFeedInfo.applicationID)
        XCTAssertEqual(fields["ObjectPath"], LibraryShellSearch.path)
        XCTAssertEqual(fields["Version"], "2")
        let desktop = try XCTUnwrap(fields["DesktopId"])
        XCTAssertTrue(FileManager.default.fileExists(atPath: resources.appendingPathComponent(desktop).path), desktop)
    }
}

/// The Shell may ask before ItemFeed runs: the session bus starts it from
/// its D-Bus service file, and the first call finds the search provider
/// (exported before the name is taken, not after).
final class SearchProviderActivationTests: XCTestCase {
    @MainActor func test_aSearchThatStartsItemFeed_isAnsweredByIt() async throws {
        let environment = ProcessInfo.processInfo.environment
        let data = try XCTUnwrap(environment["XDG_DATA_HOME"], "the tests run in a desktop session of their own")
        let display = try XCTUnwrap(environment["DISPLAY"])
        let window = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("item-feed-window")
        let services = URL(fileURLWithPath: data).appendingPathComponent("dbus-1/services")
        try FileManager.default.createDirectory(at: services, withIntermediateDirectories: true)
        let service = services.appendingPathComponent("\(ItemFeedInfo.applicationID).service")
        let template = try String(contentsOf: Self.resources.appendingPathComponent("\(ItemFeedInfo.applicationID).service.in"), encoding: .utf8)
        // The bus started before the display: the test's own is handed on,
        // as a desktop session hands on its display to the bus.
        let authority = environment["XAUTHORITY"].map { " XAUTHORITY=\($0)" } ?? ""
        try template.replacingOccurrences(of: "@bindir@/item-feed-window", with: "/usr/bin/env DISPLAY=\(display)\(authority) GSK_RENDERER=cairo \(window.path)")
            .write(to: service, atomically: true, encoding: .utf8)
        addTeardownBlock { try? FileManager.default.removeItem(at: service) }

        let answer = try GDBusCall.run([
            "call", "--session", "--timeout", "20", "--dest", ItemFeedInfo.applicationID, "--object-path", LibraryShellSearch.path,
            "--method", "org.gnome.Shell.SearchProvider2.GetInitialResultSet", "['harbour']",
        ])
        let pid = try GDBusCall.run([
            "call", "--session", "--dest", "org.freedesktop.DBus", "--object-path", "/org/freedesktop/DBus",
            "--method", "org.freedesktop.DBus.GetConnectionUnixProcessID", ItemFeedInfo.applicationID,
        ])
        if let number = pid.split(whereSeparator: { !$0.isNumber }).compactMap({ Int32($0) }).last { kill(number, SIGTERM) }

        XCTAssertTrue(answer.hasPrefix("(") && answer.contains("as"), "a result set, not an error: \(answer)")
    }

    static let resources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../resources").standardized
}

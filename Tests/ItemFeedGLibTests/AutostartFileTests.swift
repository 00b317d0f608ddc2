import Foundation
import ItemFeedGLib
import XCTest

/// Run in Background outside a Flatpak: the autostart file is written where
/// the session reads it, starts ItemFeed with no window, and goes when
/// turned off.
final class AutostartFileTests: XCTestCase {
    func test_writtenThenRemoved_inTheAutostartFolder() throws {
        let configuration = FileManager.default.temporaryDirectory.appendingPathComponent("autostart-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: configuration) }
        let autostart = AutostartFile(in: configuration, applicationID: "io.github.itemfeed.ItemFeed")
        XCTAssertFalse(autostart.isWritten)

        try autostart.write(name: "ItemFeed", comment: "Refreshes your feeds", icon: "io.github.itemfeed.ItemFeed", commandLine: ["/opt/Item Feed/bin/item-feed", "--background"])
        XCTAssertEqual(autostart.file.path, configuration.path + "/autostart/io.github.itemfeed.ItemFeed.desktop")
        let text = try String(contentsOf: autostart.file, encoding: .utf8)
        XCTAssertTrue(text.hasPrefix("[Desktop Entry]\n"), text)
        XCTAssertTrue(text.contains("\nExec=\"/opt/Item Feed/bin/item-feed\" --background\n"), text)
        XCTAssertTrue(text.contains("\nX-GNOME-Autostart-enabled=true\n"), text)
        if let validate = ["/usr/bin/desktop-file-validate"].first(where: FileManager.default.isExecutableFile) {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: validate)
            process.arguments = [autostart.file.path]
            let output = Pipe()
            process.standardOutput = output
            process.standardError = output
            try process.run()
            process.waitUntilExit()
            let said = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            XCTAssertEqual(process.terminationStatus, 0, said)
            XCTAssertFalse(said.contains("error"), said)
        } else if ProcessInfo.processInfo.environment["ITEMFEED_REQUIRE_DISPLAY"] == "1" {
            XCTFail("desktop-file-validate is one of make test's packages")
        }

        try autostart.remove()
        XCTAssertFalse(autostart.isWritten)
        XCTAssertNoThrow(try autostart.remove(), "removing twice is nothing")
    }

    func test_anArgumentWithQuotesOrPercent_comesBackAsGiven() throws {
        let configuration = FileManager.default.temporaryDirectory.appendingPathComponent("autostart-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: configuration) }
        let autostart = AutostartFile(in: configuration, applicationID: "test.App")
        try autostart.write(name: "A\nB", comment: "c", icon: "i", commandLine: ["/bin/x", "say \"hi\" $HOME", "100%"])
        let text = try String(contentsOf: autostart.file, encoding: .utf8)
        XCTAssertTrue(text.contains("\nName=A\\nB\n"), text)
        XCTAssertTrue(text.contains(#"Exec=/bin/x "say \\"hi\\" \\$HOME" 100%%"#), text)
    }
}

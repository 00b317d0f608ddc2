import Foundation
import XCTest

/// `item-feed` runs its commands without GTK and hands a window's request
/// to `item-feed-window`.
final class CommandLineProcessTests: XCTestCase {
    func test_theCommandLineProgramLinksNoGTK() throws {
        let commandLine = try libraries(of: ItemFeedBinary.url)
        XCTAssertTrue(commandLine.contains("libglib-2.0"), commandLine)
        XCTAssertFalse(commandLine.contains("libgtk-4"), commandLine)
        XCTAssertFalse(commandLine.contains("libadwaita"), commandLine)
        XCTAssertTrue(try libraries(of: windowURL).contains("libgtk-4"))
    }

    func test_aFeedToOpenGoesOnInTheWindowProgram() throws {
        let folder = temporaryDirectory()
        let binary = ItemFeedBinary(dataHome: folder)
        let feed = folder.appendingPathComponent("feed.rss")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("<rss version=\"2.0\"><channel><title>T</title></channel></rss>".utf8).write(to: feed)
        // With no display, the window's program is the one that says so.
        let run = try binary.run([feed.path], without: ["DISPLAY", "WAYLAND_DISPLAY"])

        XCTAssertNotEqual(run.status, 0)
        XCTAssertTrue(run.errors.contains("item-feed-window"), run.errors)
        XCTAssertTrue(run.errors.contains("cannot open display"), run.errors)
    }

    private var windowURL: URL { ItemFeedBinary.url.deletingLastPathComponent().appendingPathComponent("item-feed-window") }

    private func libraries(of binary: URL) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/ldd")
        process.arguments = [binary.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        return String(decoding: data, as: UTF8.self)
    }

    private func temporaryDirectory() -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("item-feed-process-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        return directory
    }
}

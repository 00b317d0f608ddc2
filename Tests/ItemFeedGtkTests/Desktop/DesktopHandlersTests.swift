import Foundation
import ItemFeedCommandLine
import ItemFeedLibrary
import XCTest

/// What the desktop file claims, as the desktop uses it: `gio open` on a
/// browser's feed link, a downloaded feed or an OPML file starts
/// `item-feed` with it, once the file is installed (and the desktop's
/// cache of types updated, as installing does). `item-feed` here records
/// what it was given.
final class DesktopHandlersTests: XCTestCase {
    func test_gioOpen_handsFeedLinksFeedsAndOPMLFilesToItemFeed() throws {
        guard let gio = ["/usr/bin/gio"].first(where: FileManager.default.isExecutableFile),
              let update = ["/usr/bin/update-desktop-database"].first(where: FileManager.default.isExecutableFile) else {
            if ProcessInfo.processInfo.environment["ITEMFEED_REQUIRE_DISPLAY"] == "1" { XCTFail("gio and update-desktop-database are make test's packages") }
            throw XCTSkip("gio or update-desktop-database missing")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("handlers-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let applications = folder.appendingPathComponent("data/applications", isDirectory: true)
        let bin = folder.appendingPathComponent("bin", isDirectory: true)
        for made in [applications, bin, folder.appendingPathComponent("config")] { try FileManager.default.createDirectory(at: made, withIntermediateDirectories: true) }
        try FileManager.default.copyItem(at: Self.resources.appendingPathComponent("\(ItemFeedInfo.applicationID).desktop"), to: applications.appendingPathComponent("\(ItemFeedInfo.applicationID).desktop"))
        let opened = folder.appendingPathComponent("opened")
        let recorder = bin.appendingPathComponent("item-feed")
        try Data("#!/bin/sh\nprintf '%s\\n' \"$@\" >> '\(opened.path)'\n".utf8).write(to: recorder)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: recorder.path)
        let files = [
            ("subscriptions.opml", #"<?xml version="1.0"?><opml version="2.0"><body><outline text="A" xmlUrl="https://a.example/feed"/></body></opml>"#),
            ("news.rss", #"<?xml version="1.0"?><rss version="2.0"><channel><title>News</title></channel></rss>"#),
            ("news.atom", #"<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><title>News</title></feed>"#),
        ].map { name, text -> String in
            let file = folder.appendingPathComponent(name)
            try? Data(text.utf8).write(to: file)
            return file.path
        }
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_DATA_HOME"] = folder.appendingPathComponent("data").path
        environment["XDG_CONFIG_HOME"] = folder.appendingPathComponent("config").path
        environment["XDG_DATA_DIRS"] = "/usr/share"
        environment["PATH"] = bin.path + ":/usr/bin:/bin"
        XCTAssertEqual(try Self.run(update, [applications.path], environment).status, 0)

        let asked = ["feed:https://example.com/rss", "feeds://example.com/atom.xml"] + files
        for target in asked {
            let (status, said) = try Self.run(gio, ["open", target], environment)
            XCTAssertEqual(status, 0, "\(target): \(said)")
        }
        let deadline = Date(timeIntervalSinceNow: 5)
        var lines: [String] = []
        repeat {
            lines = ((try? String(contentsOf: opened, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
            if lines.count >= asked.count { break }
            usleep(50_000)
        } while Date() < deadline
        XCTAssertEqual(Set(lines), Set(asked), "each given to item-feed as it was asked")
    }

    private static let resources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../resources").standardized

    private static func run(_ program: String, _ arguments: [String], _ environment: [String: String]) throws -> (status: Int32, said: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
    }
}

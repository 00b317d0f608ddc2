import CGtk
import Foundation
import GtkTestKit
import ItemFeed
@testable import ItemFeedApp
import ItemFeedGLib
import ItemFeedTestSupport
import XCTest

/// The window open while `item-feed` writes the same library from another
/// process: what the other wrote shows without a key pressed, and writes
/// made at once on both sides all land, with no "database is locked".
final class OtherProcessesWritingTests: AdwTestCase {
    @MainActor private let server = InMemoryFeedServer()

    /// Issue 54: a feed added by `item-feed --subscribe` while the window
    /// is open was shown only after F5; now within a second, no key pressed.
    @MainActor func test_aFeedSubscribedByTheCommandLine_showsInTheOpenWindowsSidebar_withinASecond() async throws {
        let (library, _, window) = try makeLibraryWindow(server: server)
        defer { gtk_window_destroy(itemfeed_window(window)) }
        let sidebar = library.leaflet.sidebar
        XCTAssertTrue(MainContext.iterate(until: { sidebar.rowLabels.contains("News, 1 unread") }, timeoutSeconds: 5))
        let home = try commandLineHome(sharing: library)
        let feed = try writeFeed("harbour", title: "Harbour Notes", items: ["Tide"], in: home)

        let subscribe = try itemFeed(["--subscribe", feed.absoluteString], home: home)
        waitUntilExit(subscribe)
        XCTAssertEqual(subscribe.terminationStatus, 0)
        let written = Date()

        XCTAssertTrue(MainContext.iterate(until: { sidebar.rowLabels.contains("Harbour Notes, 1 unread") }, timeoutSeconds: 3), "\(sidebar.rowLabels)")
        XCTAssertLessThan(Date().timeIntervalSince(written), 1, "within a second of the other process's write")
        XCTAssertTrue(sidebar.rowLabels.contains("All Items, 4 unread"), "the counts follow too: \(sidebar.rowLabels)")
    }

    /// Issue 54's fault: the window marking while `item-feed --refresh`
    /// stores a library's worth of new items and `--subscribe` adds a feed:
    /// every mark and every item lands, nothing says the library was
    /// locked, and the window's counts are the library's once both end.
    @MainActor func test_theWindowMarking_whileTwoCommandsWrite_losesNothing_andItsCountsFollow() async throws {
        let (library, store, window) = try makeLibraryWindow(server: server)
        defer { gtk_window_destroy(itemfeed_window(window)) }
        // Feeds on this computer only: the other process asks no network.
        try store.unsubscribe(LibrarySpecData.tech)
        try store.unsubscribe(LibrarySpecData.news)
        let home = try commandLineHome(sharing: library)
        let feeds = 1_000
        let names = (0..<feeds).map { "feed\($0)" }
        for name in names {
            let feed = try writeFeed(name, title: name, items: (0..<20).map { "\(name) old \($0)" }, in: home)
            try store.subscribe(Subscription(address: feed, title: name))
        }
        let first = try itemFeed(["--refresh"], home: home)
        waitUntilExit(first)
        XCTAssertTrue(MainContext.iterate(until: { (try? store.count(.all)) == feeds * 20 }, timeoutSeconds: 10))
        let marked = try store.items(LibraryView(.feed(home.appendingPathComponent("feed0.xml"))), in: 0..<20).map(\.key)
        XCTAssertEqual(marked.count, 20)
        // Every feed brings 20 new items; one more feed comes meanwhile.
        for name in names { _ = try writeFeed(name, title: name, items: (0..<20).map { "\(name) new \($0)" }, in: home) }
        let extra = try writeFeed("extra", title: "Extra", items: ["Late"], in: home)

        let refresh = try itemFeed(["--refresh"], home: home)
        let subscribe = try itemFeed(["--subscribe", extra.absoluteString], home: home)
        var read = false
        var marksAnswered = 0
        var marksWhileRefreshing = 0
        var failures: [String] = []
        while refresh.isRunning || subscribe.isRunning || marksAnswered < 20 {
            if refresh.isRunning { marksWhileRefreshing += 1 }
            read.toggle()
            var answered = false
            library.commands.mark(.read(read, marked)) { result in
                if case let .failure(error) = result { failures.append(error.explanation) }
                answered = true
            }
            XCTAssertTrue(MainContext.iterate(until: { answered }, timeoutSeconds: 10), "a mark waited past the library's busy wait")
            marksAnswered += 1
        }

        XCTAssertGreaterThan(marksWhileRefreshing, 0, "the window marked while the other process wrote")
        XCTAssertEqual(refresh.terminationStatus, 0, refresh.errors)
        XCTAssertEqual(subscribe.terminationStatus, 0, subscribe.errors)
        XCTAssertEqual(failures, [], "every mark written")
        XCTAssertFalse((refresh.errors + subscribe.errors).localizedCaseInsensitiveContains("locked"))
        XCTAssertFalse(ShownScreen(window).toasts.contains { $0.localizedCaseInsensitiveContains("locked") }, "\(ShownScreen(window).toasts)")
        XCTAssertEqual(try store.count(.all), feeds * 40 + 1, "every item of both commands")
        let stillUnread = try Set(store.items(.unread, in: 0..<(feeds * 40 + 1)).map(\.key))
        XCTAssertEqual(marked.filter(stillUnread.contains).count, read ? 0 : 20, "the last mark made is the one kept")
        let unread = try store.count(.unread)
        let sidebar = library.leaflet.sidebar
        XCTAssertTrue(MainContext.iterate(until: { sidebar.rowLabels.contains("All Items, \(unread) unread") }, timeoutSeconds: 3), "\(sidebar.rowLabels)")
        XCTAssertTrue(sidebar.rowLabels.contains("Extra, 1 unread"), "\(sidebar.rowLabels)")
    }

    // MARK: Helpers

    /// A data folder for `item-feed` whose library is the window's.
    @MainActor private func commandLineHome(sharing library: LibraryWindow) throws -> URL {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("itemfeed-home-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: home) }
        try FileManager.default.createSymbolicLink(at: home.appendingPathComponent("item-feed"), withDestinationURL: library.composition.libraryDirectory)
        return home
    }

    /// An RSS file of `items`, newest first, each its own guid.
    private func writeFeed(_ name: String, title: String, items: [String], in home: URL) throws -> URL {
        let file = home.appendingPathComponent("\(name).xml")
        let entries = items.enumerated().map { index, item in
            let date = Date(timeIntervalSince1970: 1_800_000_000 - Double(index) * 60).formatted(.iso8601)
            return "<item><title>\(item)</title><guid>\(item)</guid><dc:date>\(date)</dc:date></item>"
        }
        let rss = #"<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel><title>\#(title)</title>"# + entries.joined() + "</channel></rss>"
        try Data(rss.utf8).write(to: file)
        return file
    }

    /// `item-feed` with `arguments`, started, its standard error kept.
    private func itemFeed(_ arguments: [String], home: URL) throws -> RunningCommand {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("item-feed")
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(
            ["XDG_DATA_HOME": home.path, "XDG_CACHE_HOME": home.appendingPathComponent("cache").path, "LANGUAGE": "C"]
        ) { _, own in own }
        process.standardOutput = FileHandle.nullDevice
        let errors = home.appendingPathComponent("errors-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        process.standardError = try FileHandle(forWritingTo: errors)
        try process.run()
        return RunningCommand(process: process, errorsFile: errors)
    }

    /// The window's loop turns while the command runs.
    @MainActor private func waitUntilExit(_ command: RunningCommand) {
        while command.isRunning { _ = MainContext.iterate(until: { false }, timeoutSeconds: 0.01) }
    }
}

/// An `item-feed` process, and what it said on standard error.
private struct RunningCommand {
    let process: Process
    let errorsFile: URL

    var isRunning: Bool { process.isRunning }
    var terminationStatus: Int32 { process.terminationStatus }
    var errors: String { (try? String(contentsOf: errorsFile, encoding: .utf8)) ?? "" }
}

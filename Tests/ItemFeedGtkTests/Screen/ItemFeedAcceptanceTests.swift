import CGtk
import Foundation
import GtkTestKit
import ItemFeed
import ItemFeedApp
import ItemFeedGLib
@testable import ItemFeedGtk
import ItemFeedTestSupport
import ItemFeedUI
import XCTest

/// The composition root as users get it — the real loaders, formats, cache
/// folder, fallback, row controllers, GtkListView and libadwaita pages — with
/// only the network and the clock replaced, in the style of the Essential
/// Feed case study's `FeedAcceptanceTests`.
final class ItemFeedAcceptanceTests: AdwTestCase {
    @MainActor func test_online_showsTheFeedsRowsAndTheirThumbnails() async throws {
        let server = try onlineServer()

        let app = try launch(with: server)

        XCTAssertTrue(app.spin(until: { app.shownNames == ["Amber Dunes", "Blue Lagoon"] }), "Rows: \(app.shownNames)")
        XCTAssertTrue(app.spin(until: { app.rowsWithThumbnails == ["Amber Dunes", "Blue Lagoon"] }), "Thumbnails: \(app.rowsWithThumbnails)")
        XCTAssertEqual(app.screen.visiblePageName, "list")
        XCTAssertTrue(app.spin(until: { ShownScreen(app.window).toasts.isEmpty }))
    }

    /// A feed big enough to come in batches (16, 32, 64 … items) through
    /// the worker and the main context: every item once, in feed order, in
    /// the model GTK draws from.
    @MainActor func test_aBigFeed_arrivingInBatches_endsWithEveryItemOnce_inFeedOrder() async throws {
        let server = InMemoryFeedServer()
        let entries = (0..<5_000).map { ["id": "\($0)", "name": "Item \($0)"] }
        server.serve(Self.feedURL, body: try JSONSerialization.data(withJSONObject: ["items": entries]))

        let app = try launch(with: server)

        XCTAssertTrue(app.spin(until: { !app.controller.refreshControl.isRefreshing && app.controller.numberOfRows == 5_000 }), "Rows: \(app.controller.numberOfRows)")
        XCTAssertEqual((0..<5_000).map { app.controller.item(at: $0)?.id }, (0..<5_000).map { "\($0)" })
        XCTAssertEqual(try ListViewRows.count(Widget(app.screen.list.listView)), 5_000)
        XCTAssertTrue(app.spin(until: { app.shownNames.first == "Item 0" }), "Rows shown: \(app.shownNames.prefix(3))")
    }

    @MainActor func test_offlineWithASavedCopy_showsTheSavedRows_andAToastSayingSo() async throws {
        let cache = try temporaryCacheDirectory()
        let server = try onlineServer()
        try showOnce(with: server, cache: cache)

        server.isOffline = true
        let app = try launch(with: server, cache: cache)

        XCTAssertTrue(app.spin(until: { app.shownNames == ["Amber Dunes", "Blue Lagoon"] }), "Rows: \(app.shownNames)")
        XCTAssertFalse(ShownScreen(app.window).toasts.isEmpty, "Expected a toast saying the rows are a saved copy")
        XCTAssertEqual(ShownScreen(app.window).toasts, ["Showing the feed as it was last loaded. " + RemoteLoadError.connectivity.errorDescription!])
    }

    @MainActor func test_offlineWithoutASavedCopy_showsTheErrorPage() async throws {
        let server = InMemoryFeedServer()
        server.isOffline = true

        let app = try launch(with: server)

        XCTAssertTrue(app.spin(until: { app.screen.visiblePageName == "error" }), "Page: \(app.screen.visiblePageName)")
        XCTAssertEqual(ShownScreen(app.window).statusDescription, RemoteLoadError.connectivity.errorDescription!)
        XCTAssertEqual(app.shownNames, [])
    }

    @MainActor func test_aNotModifiedAnswer_showsTheSavedRowsAsFresh_withoutDownloadingThemAgain() async throws {
        let cache = try temporaryCacheDirectory()
        let server = try onlineServer()
        try showOnce(with: server, cache: cache)
        server.serve(Self.feedURL) { request in
            request.headers["If-None-Match"] == "\"v1\""
                ? HTTPResponse(statusCode: 304, headers: ["etag": "\"v1\""], body: Data())
                : HTTPResponse(statusCode: 500, body: Data())
        }

        let app = try launch(with: server, cache: cache)

        XCTAssertTrue(app.spin(until: { app.shownNames == ["Amber Dunes", "Blue Lagoon"] }), "Rows: \(app.shownNames)")
        XCTAssertTrue(app.spin(until: { ShownScreen(app.window).toasts.isEmpty }), "Expected the saved rows shown as fresh, with no notice")
        XCTAssertEqual(server.requests.filter { $0.url == Self.feedURL }.last?.headers["If-None-Match"], "\"v1\"")
    }

    @MainActor func test_theFeedsClient_getsTheFeedSizeCap_theDefaultOrTheOnePassed() async throws {
        try GtkDisplay.require()
        let server = InMemoryFeedServer()
        var caps: [Int] = []
        let composition = ItemFeedComposition(
            feedClient: { _, maxBodyBytes in caps.append(maxBodyBytes); return server },
            imageClient: { _, _ in server },
            cacheDirectory: try temporaryCacheDirectory(),
            libraryDirectory: try temporaryCacheDirectory()
        )
        _ = composition.feedLoader(for: Self.feedURL)
        composition.maxFeedBytes = 256 * 1024 * 1024
        _ = composition.feedLoader(for: Self.feedURL)

        XCTAssertEqual(caps, [32 * 1024 * 1024, 256 * 1024 * 1024])
    }

    // MARK: Helpers

    private static let feedURL = URL(string: "https://feeds.example.com/places.json")!
    private static func imageURL(_ index: Int) -> URL { URL(string: "https://img.example.com/\(index).png")! }

    @MainActor private func onlineServer() throws -> InMemoryFeedServer {
        let server = InMemoryFeedServer()
        let feed: [String: Any] = ["title": "Places", "items": [
            ["id": "1", "name": "Amber Dunes", "image_url": Self.imageURL(1).absoluteString, "author": "Aiko Tanaka"],
            ["id": "2", "name": "Blue Lagoon", "image_url": Self.imageURL(2).absoluteString],
        ]]
        server.serve(Self.feedURL, body: try JSONSerialization.data(withJSONObject: feed), headers: ["etag": "\"v1\""])
        let png = try demoPNG()
        server.serve(Self.imageURL(1), body: png)
        server.serve(Self.imageURL(2), body: png)
        return server
    }

    /// Runs the app once online, until its copy of the feed is saved.
    @MainActor private func showOnce(with server: InMemoryFeedServer, cache: URL) throws {
        let app = try launch(with: server, cache: cache)
        XCTAssertTrue(app.spin(until: { app.shownNames.count == 2 }), "Expected the first run's rows")
        XCTAssertTrue(app.spin(until: { Self.hasSavedFeed(in: cache) }), "Expected the feed saved for later")
    }

    private static func hasSavedFeed(in cache: URL) -> Bool {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: cache.path)) ?? []
        return files.contains { $0.hasSuffix(".saved") }
    }

    private func temporaryCacheDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("itemfeed-acceptance-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        return directory
    }

    @MainActor private func launch(
        with server: InMemoryFeedServer, cache: URL? = nil, file: StaticString = #filePath, line: UInt = #line
    ) throws -> LaunchedApp {
        try GtkDisplay.require(file: file, line: line)
        let composition = ItemFeedComposition(
            feedClient: { _, _ in server },
            imageClient: { _, _ in server },
            cacheDirectory: try cache ?? temporaryCacheDirectory(),
            libraryDirectory: try temporaryCacheDirectory(),
            now: { Date(timeIntervalSince1970: 1_800_000_000) }
        )
        return LaunchedApp(controller: composition.makeListController(feedURL: Self.feedURL, coordinator: CoordinatorSpy()))
    }
}

/// The screen the app builds for a feed, in a window, shown.
@MainActor
private final class LaunchedApp {
    let controller: ItemListController<Thumbnail>
    private let shown: ScreenWindow
    var screen: ItemFeedScreen { shown.screen }
    var window: UnsafeMutablePointer<GtkWidget> { shown.window }

    init(controller: ItemListController<Thumbnail>) {
        self.controller = controller
        shown = ScreenWindow(controller: controller)
    }

    /// The titles of the rows GTK shows, top to bottom.
    var shownNames: [String] {
        let shown = Set(ShownItemRow.all(in: screen.list.widget).map(\.name))
        return (0..<controller.numberOfRows).compactMap { controller.item(at: $0)?.name }.filter(shown.contains)
    }

    var rowsWithThumbnails: [String] {
        ShownItemRow.all(in: screen.list.widget).filter { $0.thumbnailSize != nil }.map(\.name).sorted()
    }

    func spin(until condition: () -> Bool) -> Bool {
        MainContext.iterate(until: condition, timeoutSeconds: 5)
    }
}

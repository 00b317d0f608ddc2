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

/// The library through the composition root, as users get it — the SQLite
/// store in a data folder, the real refresh, formats, list and rows — with
/// only the network replaced: subscribe, refresh, read, restart, still read.
final class LibraryAcceptanceTests: AdwTestCase {
    @MainActor func test_subscribeRefreshRead_thenRestart_andTheItemIsStillRead() async throws {
        try GtkDisplay.require()
        let server = InMemoryFeedServer()
        let feed: [String: Any] = ["title": "Places", "items": [["id": "1", "name": "Amber Dunes"], ["id": "2", "name": "Blue Lagoon"]]]
        server.serve(Self.feedURL, body: try JSONSerialization.data(withJSONObject: feed))
        let folders = try (temporaryFolder(), temporaryFolder())

        do {
            let composition = makeComposition(server, folders)
            let store = try composition.openLibrary().store
            try store.subscribe(Subscription(address: Self.feedURL, title: "places.json"))
            var summary: LibraryRefresh.Summary?
            let refresh = composition.localAccount(writingTo: ImmediateLibraryWriter(store: store)).makeRefresh()
            refresh.start(try store.subscriptions(), progress: { _ in }, completion: { summary = try? $0.get() })
            XCTAssertTrue(MainContext.iterate(until: { summary != nil }, timeoutSeconds: 5))
            XCTAssertEqual(summary?.added, 2)
            XCTAssertEqual(try store.subscriptions().map(\.title), ["Places"], "the feed's own title, once refreshed")

            let links = CoordinatorSpy()
            let list = composition.makeLibraryList(of: .all, titled: "All Items", in: store, links: links)
            let shown = ScreenWindow(controller: list.controller)
            // Both rows in view: their controllers draw them.
            XCTAssertTrue(spin(until: { list.controller.boundRowCount == 2 }))
            XCTAssertEqual(ShownItemRow.all(in: shown.screen.list.widget).filter(\.isRead).count, 0)

            list.controller.rowActivated(at: 0)

            XCTAssertEqual(ShownItemRow.all(in: shown.screen.list.widget).filter(\.isRead).map(\.name), ["Amber Dunes"], "dimmed at once")
            XCTAssertEqual(links.openedItems.map(\.name), ["Amber Dunes"], "and opened")
        }

        // A new run: the same data folder, a new store, a new list.
        let composition = makeComposition(server, folders)
        let store = try composition.openLibrary().store
        XCTAssertEqual(try store.subscriptions().map(\.counts), [ItemCounts(unread: 1, total: 2)])
        let list = composition.makeLibraryList(of: .all, titled: "All Items", in: store, links: CoordinatorSpy())
        let shown = ScreenWindow(controller: list.controller)
        XCTAssertTrue(spin(until: { ShownItemRow.all(in: shown.screen.list.widget).filter(\.isRead).map(\.name) == ["Amber Dunes"] }))
    }

    @MainActor func test_aViewShowsTheLibraryOffline_atOnce() async throws {
        try GtkDisplay.require()
        let folders = try (temporaryFolder(), temporaryFolder())
        let offline = InMemoryFeedServer() // serves nothing: every request fails
        let composition = makeComposition(offline, folders)
        let store = try composition.openLibrary().store
        try store.subscribe(Subscription(address: Self.feedURL, title: "Places"))
        try store.apply([FeedRefresh(address: Self.feedURL, outcome: .loaded(title: nil, siteLink: nil, items: [Item(id: "1", name: "Kept", imageURL: nil)]), date: Date())])

        let list = composition.makeLibraryList(of: LibraryView(.feed(Self.feedURL)), titled: "Places", in: store, links: CoordinatorSpy())
        XCTAssertEqual(list.controller.numberOfRows, 0)
        let shown = ScreenWindow(controller: list.controller)

        XCTAssertEqual(list.controller.item(at: 0)?.name, "Kept", "from the store, before any main-loop turn")
        XCTAssertTrue(spin(until: { ShownItemRow.all(in: shown.screen.list.widget).map(\.name) == ["Kept"] }))
    }

    /// The row menu's marks and their shortcuts, on the row they are for.
    @MainActor func test_theRowMenuAndItsShortcuts_markReadUnreadAndStar() async throws {
        try GtkDisplay.require()
        let folders = try (temporaryFolder(), temporaryFolder())
        let composition = makeComposition(InMemoryFeedServer(), folders)
        let store = try composition.openLibrary().store
        try store.subscribe(Subscription(address: Self.feedURL, title: "Places"))
        let items = [Item(id: "1", name: "First", imageURL: nil), Item(id: "2", name: "Second", imageURL: nil)]
        try store.apply([FeedRefresh(address: Self.feedURL, outcome: .loaded(title: nil, siteLink: nil, items: items), date: Date())])
        let list = composition.makeLibraryList(of: .all, titled: "All Items", in: store, links: CoordinatorSpy())
        let shown = ScreenWindow(controller: list.controller)
        let widget = shown.screen.list
        XCTAssertTrue(spin(until: { list.controller.boundRowCount == 2 }))

        let screen = WidgetQuery(Widget(shown.window))
        try User.rightClick(ShownItemRow.listItem(showing: "Second", in: screen.root))
        XCTAssertTrue(spin(until: { screen.contains { $0.role == .menuItem && $0.name == "Mark as Read" } }), "the row's menu")
        try User.click(screen.widget(role: .menuItem, named: "Mark as Read"))
        try User.rightClick(ShownItemRow.listItem(showing: "Second", in: screen.root))
        try User.click(screen.widget(role: .menuItem, named: "Star"))

        XCTAssertEqual(ShownItemRow.all(in: widget.widget).filter(\.isRead).map(\.name), ["Second"])
        XCTAssertEqual(try store.items(.starred, in: 0..<10).map(\.item.name), ["Second"])

        let row = try ShownItemRow.listItem(showing: "Second", in: screen.root)
        XCTAssertNotEqual(gtk_widget_grab_focus(row.pointer), 0)
        try User.press("<Control>u", in: row)
        XCTAssertEqual(ShownItemRow.all(in: widget.widget).filter(\.isRead).count, 0, "Ctrl+U: unread again")
        try User.press("<Control>d", in: row)
        XCTAssertEqual(try store.count(.starred), 0, "Ctrl+D: unstarred")
    }

    private static let feedURL = URL(string: "https://feeds.example.com/places.json")!

    @MainActor private func makeComposition(_ server: InMemoryFeedServer, _ folders: (cache: URL, library: URL)) -> ItemFeedComposition {
        ItemFeedComposition(
            feedClient: { _, _ in server }, imageClient: { _, _ in server },
            cacheDirectory: folders.cache, libraryDirectory: folders.library,
            now: { Date(timeIntervalSince1970: 1_800_000_000) }
        )
    }

    private func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("itemfeed-library-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        return folder
    }

    @MainActor private func spin(until condition: () -> Bool) -> Bool {
        MainContext.iterate(until: condition, timeoutSeconds: 5)
    }
}

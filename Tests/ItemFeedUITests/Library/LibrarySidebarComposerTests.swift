import Foundation
import ItemFeed
import ItemFeedTestSupport
import ItemFeedUI
import XCTest

/// The sidebar's counts follow the library as the window wires them: once a
/// turn for a refresh's batches and a view's marks, at once at a refresh's end.
@MainActor
final class LibrarySidebarComposerTests: XCTestCase {
    func test_batchesWrittenInOneTurn_reloadTheCountsOnce_andTheEndAtOnce() async throws {
        let store = InMemoryLibraryStore()
        try LibrarySpecData.subscribeTechAndNews(store)
        let scheduler = ManualScheduler()
        let sidebar = LibrarySidebarController(store: store)
        sidebar.reload()
        var changes = 0, written = 0, ended = 0
        sidebar.changed = { changes += 1 }
        let refresher = LibraryRefreshController(store: store, schedule: nil) {
            LibraryRefresh(store: store, batchSize: 1) { subscription, completion in
                completion(FeedRefresh(address: subscription.address, outcome: .loaded(title: nil, siteLink: nil, items: [LibrarySpecData.item("x\(subscription.title)", day: 70)]), date: LibrarySpecData.date(70)))
                return CancelRecorder {}
            }
        }
        let composer = LibrarySidebarComposer.compose(
            sidebar, following: refresher, schedule: scheduler.schedule, written: { written += 1 }, finished: { _, _ in ended += 1 }
        )

        refresher.refresh(.view)

        XCTAssertEqual(written, 2, "each batch also told the window")
        XCTAssertEqual(ended, 1)
        XCTAssertEqual(changes, 1, "the end read the counts at once")
        XCTAssertEqual(sidebar.rows.first?.unread, 5)
        XCTAssertEqual(scheduler.pendingDelays, [0], "the batches' reload: one for both")
        scheduler.runPending()
        XCTAssertEqual(changes, 2)

        composer.reloadSoon()
        composer.reloadSoon()
        XCTAssertEqual(scheduler.pendingDelays, [0])
    }

    /// A view's Mark All as Read is one write: the sidebar reads its counts
    /// once for it, through what the writer says changed, not once more
    /// for the view's own word that it wrote.
    func test_aViewsMarkAllRead_reachesTheSidebarAsOneReload() async throws {
        let (store, scheduler, sidebar, composer) = try makeComposer()
        let writer = HeldLibraryWriter(store: store)
        writer.changed = { composer.follow($0) }
        var reloads = 0
        sidebar.changed = { reloads += 1 }
        let loader = LibraryViewLoader(view: .all, title: "All Items", store: store, writer: writer)
        _ = loader.load(batches: nil) { _ in }

        loader.markAllRead()
        writer.finishNext()
        scheduler.runPending()

        XCTAssertEqual(sidebar.rows.first?.unread, 0)
        XCTAssertEqual(reloads, 1)
        XCTAssertEqual(scheduler.pendingDelays, [])
    }

    /// No command reloads the sidebar: it follows what the writer says each
    /// write changed; a feed that came shows before the command's answer
    /// (which selects it); a read changes nothing.
    func test_theSidebar_followsWhatTheWriterSaysChanged() async throws {
        let (store, scheduler, sidebar, composer) = try makeComposer()
        let writer = HeldLibraryWriter(store: store)
        writer.changed = { composer.follow($0) }
        let titles = { sidebar.rows.compactMap { $0.feedAddress == nil ? nil : $0.title } }

        writer.write({ try $0.subscribe(Subscription(address: LibrarySpecData.address("blog"), title: "Blog")) }) { _ in
            XCTAssertTrue(titles().contains("Blog"), "shown before the answer")
        }
        writer.write({ try $0.rename(LibrarySpecData.tech, to: "Renamed") }) { _ in }
        writer.finishNext()
        writer.finishNext()
        XCTAssertEqual(titles(), ["Renamed", "Blog", "News"])

        let keys = try LibrarySpecData.keys(store)
        writer.mark(.read(true, [keys["t1"]!])) { _ in }
        writer.mark(.read(true, [keys["n1"]!])) { _ in }
        writer.finishNext()
        writer.finishNext()
        scheduler.runPending()
        XCTAssertEqual(sidebar.rows.first?.unread, 1, "both marks counted")

        writer.write({ store in _ = try store.subscriptions() }) { _ in }
        writer.finishNext()
        XCTAssertEqual(scheduler.pendingDelays, [], "a read reloads nothing")
    }

    /// Tech and News, their sidebar read, its composer on a manual scheduler.
    private func makeComposer() throws -> (InMemoryLibraryStore, ManualScheduler, LibrarySidebarController, LibrarySidebarComposer) {
        let store = InMemoryLibraryStore()
        try LibrarySpecData.subscribeTechAndNews(store)
        let scheduler = ManualScheduler()
        let sidebar = LibrarySidebarController(store: store)
        sidebar.reload()
        let refresher = LibraryRefreshController(store: store, schedule: nil) { LibraryRefresh(store: store) { _, _ in CancelRecorder {} } }
        let composer = LibrarySidebarComposer.compose(sidebar, following: refresher, schedule: scheduler.schedule, written: {}, finished: { _, _ in })
        return (store, scheduler, sidebar, composer)
    }
}

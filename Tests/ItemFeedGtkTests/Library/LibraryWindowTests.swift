import CGtk
import Foundation
import GtkTestKit
import ItemFeed
@testable import ItemFeedApp
import ItemFeedGLib
@testable import ItemFeedGtk
import ItemFeedTestSupport
import ItemFeedUI
import XCTest

/// The library's window content as the app builds it: a feed's menu and
/// Mark All as Read change the store, say so with Undo, and Undo puts
/// back exactly what was there.
final class LibraryWindowTests: AdwTestCase {
    @MainActor func test_unsubscribe_thenUndo_putsTheFeedItsItemsAndTheirMarksBack() async throws {
        let (library, store, window) = try makeLibrary()
        defer { gtk_window_destroy(itemfeed_window(window)) }
        let keys = try LibrarySpecData.keys(store)
        try store.setRead(true, [keys["t1"]!])
        try store.setStarred(true, [keys["t2"]!])

        library.run(.unsubscribe, on: LibrarySpecData.tech)

        XCTAssertTrue(written { ShownScreen(window).undoButton() != nil }, "written by the window's writer, then Undo offered")
        XCTAssertEqual(try store.subscriptions().map(\.title), ["News"])
        XCTAssertEqual(library.sidebar.rows.map(\.title), ["All Items", "Unread", "Starred", "Work", "News"])
        try User.click(XCTUnwrap(ShownScreen(window).undoButton()))
        XCTAssertTrue(written { library.sidebar.rows.count == 6 })
        XCTAssertEqual(try store.subscriptions().map(\.title), ["Tech", "News"])
        XCTAssertEqual(try store.subscriptions().first?.folder, "Work")
        let items = try store.items(LibraryView(.feed(LibrarySpecData.tech)), in: 0..<10)
        XCTAssertEqual(items.map(\.item.id), ["t1", "t2"])
        XCTAssertEqual(items.map(\.isRead), [true, false])
        XCTAssertEqual(items.map(\.isStarred), [false, true])
    }

    /// A row's command leaves nothing holding the library's window: once
    /// its window is closed it goes, and a late write's answer reaches no
    /// widget GTK has freed.
    @MainActor func test_afterARowsCommand_theLibraryWindowGoesWithItsWindow() async throws {
        weak var gone: LibraryWindow?
        do {
            let (library, _, window) = try makeLibrary()
            gone = library
            library.run(.unsubscribe, on: LibrarySpecData.tech)
            XCTAssertTrue(written { ShownScreen(window).undoButton() != nil })
            gtk_window_destroy(itemfeed_window(window))
        }
        XCTAssertTrue(MainContext.iterate(until: { gone == nil }, timeoutSeconds: 2), "the library window outlived its window")
    }

    @MainActor func test_markAllRead_ofAView_thenUndo() async throws {
        let (library, store, window) = try makeLibrary()
        defer { gtk_window_destroy(itemfeed_window(window)) }
        library.sidebar.select(at: 3) // Work

        library.commands.markAllRead()

        XCTAssertTrue(written { ShownScreen(window).undoButton() != nil }, "written by the window's writer, then Undo offered")
        XCTAssertEqual(try store.count(.unread), 1)
        _ = written { library.sidebar.rows.first?.unread == 1 } // the sidebar reads the counts once a turn of the loop
        XCTAssertEqual(library.sidebar.rows.first?.unread, 1, "the counts moved")
        try User.click(XCTUnwrap(ShownScreen(window).undoButton()))
        XCTAssertTrue(written { (try? store.count(.unread)) == 3 })
    }

    /// GTK 4.8 gives screen readers the toast's words, not its Undo button
    /// (read over AT-SPI): Ctrl+Z undoes what the toast offers to, while it
    /// is shown, and leaves Ctrl+Z to the search entry's own text.
    @MainActor func test_ctrlZ_undoesWhatTheToastOffersTo_whileItIsShown() async throws {
        let (library, store, window) = try makeLibrary()
        defer { gtk_window_destroy(itemfeed_window(window)) }
        let list = Widget(try XCTUnwrap(library.screen).list.listView)
        XCTAssertThrowsError(try User.press("<Control>z", in: list), "nothing to undo yet")

        library.commands.markAllRead()
        XCTAssertTrue(written { ShownScreen(window).undoButton() != nil })
        XCTAssertEqual(try store.count(.unread), 0)
        try User.press("<Control>z", in: list)

        XCTAssertTrue(written { (try? store.count(.unread)) == 3 }, "undone")
        XCTAssertTrue(written { ShownScreen(window).undoButton() == nil }, "and its toast gone")
        XCTAssertThrowsError(try User.press("<Control>z", in: list), "undone once")
    }

    @MainActor func test_aFeedsMenu_marksItsItemsRead_withUndo() async throws {
        let (library, store, window) = try makeLibrary()
        defer { gtk_window_destroy(itemfeed_window(window)) }
        library.run(.markAllRead, on: LibrarySpecData.news)
        XCTAssertTrue(written { ShownScreen(window).undoButton() != nil })
        XCTAssertEqual(try store.count(.unread), 2)
        try User.click(XCTUnwrap(ShownScreen(window).undoButton()))
        XCTAssertTrue(written { (try? store.count(.unread)) == 3 })
    }

    /// The window's own connection only reads: marks, a feed's commands and
    /// their Undo, subscribing, refreshing (the schedule's too) and pruning
    /// are written on the writer's queue, through the account the
    /// composition root makes.
    @MainActor func test_theWindow_writesNothingOnTheUIThread_everyChangeGoesThroughItsWriter() async throws {
        var trap: ReadOnlyOnMainThreadStore?
        let (library, store, window) = try makeLibraryWindow(server: server) { store in
            let wrapped = ReadOnlyOnMainThreadStore(store)
            trap = wrapped
            return wrapped
        }
        defer { gtk_window_destroy(itemfeed_window(window)) }
        XCTAssertTrue(written { library.controller?.item(at: 2) != nil })
        library.startRefreshing()
        XCTAssertTrue(written { (try? store.lastRefresh()) != nil }, "the schedule's first refresh, at once: none was ever made")

        library.controller?.rowActivated(at: 0)
        XCTAssertTrue(written { library.articleView.map { ShownArticle($0).isOpen } == true })
        library.reader?.toggleStarred()
        library.reader?.markUnread()
        library.commands.markAllRead()
        XCTAssertTrue(written { ShownScreen(window).undoButton() != nil })
        try User.click(XCTUnwrap(ShownScreen(window).undoButton()))
        XCTAssertTrue(written { (try? store.count(.unread)) == 3 })
        library.run(.markAllRead, on: LibrarySpecData.news)
        XCTAssertTrue(written { (try? store.count(.unread)) == 2 })
        library.run(.unsubscribe, on: LibrarySpecData.news)
        XCTAssertTrue(written { ShownScreen(window).undoButton(saying: "Unsubscribed from News") != nil }, "\(ShownScreen(window).toasts)")
        XCTAssertEqual(library.sidebar.rows.count, 5)
        try User.click(XCTUnwrap(ShownScreen(window).undoButton(saying: "Unsubscribed from News")))
        XCTAssertTrue(written { library.sidebar.rows.count == 6 }, "\(library.sidebar.rows.map(\.title))")
        let address = LibrarySpecData.address("new")
        let (controller, spy, articles) = showUnsubscribed(address, in: library)
        spy.completeItemLoading(with: Feed(items: [Item(id: "a", name: "Shown", imageURL: nil)], title: "New"))
        library.commands.subscribe(address, shownBy: controller, articles: articles, folder: nil)
        XCTAssertTrue(written { library.sidebar.selectedRow?.feedAddress == address })
        library.controller?.refresh()
        XCTAssertTrue(written { ShownScreen(window).refreshProgress == nil && library.controller?.refreshControl.isRefreshing == false })
        library.commands.pruneByRetention()
        _ = MainContext.iterate(until: { false }, timeoutSeconds: 0.3)

        XCTAssertEqual(trap?.writesOnMainThread, [])
    }

    /// Spins GTK's loop until the window's writer's answer has come back.
    @MainActor private func written(_ condition: () -> Bool) -> Bool {
        MainContext.iterate(until: condition, timeoutSeconds: 5)
    }

    /// A feed opened by address, subscribed from its screen into a folder:
    /// in the library with the items shown and their articles, its view opened.
    @MainActor func test_subscribingToAFeedOpenedByAddress_addsItAndItsItems_inTheFolderChosen() async throws {
        let (library, store, window) = try makeLibrary()
        defer { gtk_window_destroy(itemfeed_window(window)) }
        let address = LibrarySpecData.address("new")
        server.serve(address, body: Data(#"{"title": "New Feed", "items": [{"id": "b", "name": "Newer"}, {"id": "a", "name": "Shown"}]}"#.utf8), headers: ["etag": "\"n1\"", "cache-control": "max-age=3600"])
        let (controller, spy, articles) = showUnsubscribed(address, in: library)
        var feed = Feed(items: [Item(id: "a", name: "Shown", imageURL: nil)], title: "New Feed")
        feed.articles = ["a": "<p>The article</p>"]
        spy.completeItemLoading(with: feed)

        library.commands.subscribe(address, shownBy: controller, articles: articles, folder: "Later")

        XCTAssertTrue(written { library.sidebar.selectedRow?.feedAddress == address }, "loaded, written off the UI thread, then shown")
        let added = try XCTUnwrap(try store.subscriptions().first { $0.address == address })
        XCTAssertEqual(added.title, "New Feed")
        XCTAssertEqual(added.folder, "Later")
        XCTAssertEqual(added.validators.entityTag, "\"n1\"", "asked next time as a refresh would")
        XCTAssertNotNil(added.nextDue)
        let stored = try store.items(LibraryView(.feed(address)), in: 0..<10)
        XCTAssertEqual(Set(stored.map(\.item.name)), ["Shown", "Newer"])
        XCTAssertEqual(try store.articleHTML(try XCTUnwrap(stored.first { $0.item.id == "a" }).key), "<p>The article</p>", "its article kept too")
        XCTAssertEqual(library.sidebar.selectedRow?.feedAddress, address, "its view is open")
        XCTAssertNotNil(library.loader, "as a library view")
    }

    /// Its items read in the pane from the articles its pages brought (else
    /// their summary), with no Star or Mark as Unread: it keeps no marks.
    @MainActor func test_aFeedOpenedByAddress_readsItsItemsInThePane_withoutMarks() async throws {
        let (library, _, window) = try makeLibrary()
        defer { gtk_window_destroy(itemfeed_window(window)) }
        let (controller, spy, _) = showUnsubscribed(LibrarySpecData.address("new"), in: library)
        var feed = Feed(items: [
            Item(id: "a", name: "First", imageURL: nil),
            Item(id: "b", name: "Second", imageURL: nil, summary: "Only a summary"),
        ], title: "New Feed")
        feed.articles = ["a": "<p>The <b>whole</b> article</p>"]
        spy.completeItemLoading(with: feed)
        let article = try XCTUnwrap(library.articleView)

        controller.rowActivated(at: 0)

        XCTAssertTrue(written { ShownArticle(article).isOpen }, "once its HTML is made text off the UI thread")
        XCTAssertEqual(ShownArticle(article).text, "The whole article")
        XCTAssertFalse(ShownArticle(article).offersMarks)
        library.reader?.next()
        XCTAssertTrue(written { ShownArticle(article).title == "Second" })
        XCTAssertEqual(ShownArticle(article).text, "Only a summary")
    }

    /// `item-feed URL` beside the library: the window shows before the
    /// feed's rows come; when they come, the list has the keyboard focus,
    /// not the empty reading pane, so Home, Enter and j work at once.
    @MainActor func test_aFeedsRowsArrivingAfterTheWindowShowed_takeTheKeyboardFocus() async throws {
        let (library, _, window) = try makeLibraryWindow(server: server, width: 1_400, height: 800)
        defer { gtk_window_destroy(itemfeed_window(window)) }
        gtk_widget_set_visible(window, 0)
        let (_, spy, _) = showUnsubscribed(LibrarySpecData.address("new"), in: library)
        library.screen?.attach(to: window)
        // Shown as at start: nothing has the focus yet, GTK picks it.
        gtk_window_set_focus(itemfeed_window(window), nil)
        gtk_window_present(itemfeed_window(window))
        _ = MainContext.iterate(until: { false }, timeoutSeconds: 0.3)

        spy.completeItemLoading(with: Feed(items: [Item(id: "a", name: "First", imageURL: nil), Item(id: "b", name: "Second", imageURL: nil)], title: "New"))

        XCTAssertTrue(MainContext.iterate(until: { library.screen.map { Widget($0.list.listView).containsFocus } == true }, timeoutSeconds: 2), "focus on \(focusedWidgetName(in: window))")
    }

    @MainActor private func focusedWidgetName(in window: UnsafeMutablePointer<GtkWidget>) -> String {
        guard let focus = gtk_root_get_focus(gtk_widget_get_root(window)) else { return "nothing" }
        return String(cString: gtk_widget_get_name(focus))
    }

    @MainActor private func showUnsubscribed(_ address: URL, in library: LibraryWindow) -> (ItemListController<Thumbnail>, ItemLoaderSpy, HeldArticles) {
        let articles = HeldArticles()
        let spy = ItemLoaderSpy()
        let loader = ArticleHoldingLoader(first: spy, later: spy, holdingIn: articles)
        let controller = ItemListComposer.compose(itemLoader: loader, imageLoader: spy, imageDecoder: PixbufImageDecoder(maxPixelSize: 64))
        library.showUnsubscribed(controller, feedURL: address, title: "new.example", articles: articles)
        return (controller, spy, articles)
    }

    /// F5 on a view: its feeds refreshed, written on the writer's queue,
    /// the counts moving and the new items in the list.
    @MainActor func test_F5_refreshesTheViewsFeeds_andTheCountsAndRowsFollow() async throws {
        let (library, store, window) = try makeLibrary()
        defer { gtk_window_destroy(itemfeed_window(window)) }
        server.serve(LibrarySpecData.tech, body: Data(#"{"items": [{"id": "t9", "name": "Arrived", "date": "2031-01-01T00:00:00Z"}]}"#.utf8))
        let unreadBefore = try XCTUnwrap(library.sidebar.rows.first?.unread)
        var notices: [NewItemsNotice.Notice] = []
        library.session.newItems = { notices.append($0) }

        FlowFiles.begin("F5")
        library.controller?.refresh()
        XCTAssertEqual(ShownScreen(window).refreshProgress, "Refreshing 0 of 2", "in the header bar at once")

        XCTAssertTrue(MainContext.iterate(until: { library.sidebar.rows.first?.unread == unreadBefore + 1 }, timeoutSeconds: 5), "\(library.sidebar.rows.map(\.unread)) \((try? store.subscriptions().map(\.state)) ?? []) refreshing: \(library.controller?.refreshControl.isRefreshing ?? false)")
        XCTAssertTrue(MainContext.iterate(until: { library.controller?.item(at: 0)?.name == "Arrived" }, timeoutSeconds: 5))
        FlowFiles.end("F5")
        XCTAssertEqual(try store.count(.unread), unreadBefore + 1)
        XCTAssertNil(ShownScreen(window).refreshProgress, "gone once all are written")
        let arrived = try XCTUnwrap(try store.items(.unread, in: 0..<10).first { $0.item.name == "Arrived" })
        XCTAssertEqual(notices, [NewItemsNotice.Notice(title: "New Item from Tech", body: "Arrived", items: [arrived.key])], "what a notification says, when the window is not in front: the one item, by its key")

        try store.setNotifiesNewItems(false)
        server.serve(LibrarySpecData.tech, body: Data(#"{"items": [{"id": "t10", "name": "Again"}]}"#.utf8))
        library.controller?.refresh()
        XCTAssertTrue(MainContext.iterate(until: { ShownScreen(window).refreshProgress == nil }, timeoutSeconds: 5))
        XCTAssertEqual(notices.count, 1, "turned off in Preferences")
    }

    /// A refresh on its own leaves the list where the reader is: the new
    /// items wait behind a button that goes to them.
    @MainActor func test_aListScrolledDown_staysWhereItIs_whileItemsArrive_andTheButtonGoesToThem() async throws {
        let (library, store, window) = try makeLibrary()
        defer { gtk_window_destroy(itemfeed_window(window)) }
        gtk_window_set_default_size(itemfeed_window(window), 800, 600)
        let older = (0..<300).map { Item(id: "o\($0)", name: "Older \($0)", imageURL: nil, date: LibrarySpecData.date(-$0)) }
        try store.apply([LibrarySpecData.loaded(LibrarySpecData.news, older)])
        library.reopen()
        let list = try XCTUnwrap(library.screen?.list)
        let adjustment = gtk_scrolled_window_get_vadjustment(itemfeed_scrolled_window(list.widget))
        XCTAssertTrue(MainContext.iterate(until: { list.boundRowCount > 0 && gtk_adjustment_get_upper(adjustment) > 5_000 }, timeoutSeconds: 5))
        gtk_adjustment_set_value(adjustment, 3_000)
        _ = MainContext.iterate(until: { false }, timeoutSeconds: 0.2)
        let (offset, visible) = (gtk_adjustment_get_value(adjustment), list.visibleRowRange)
        server.serve(LibrarySpecData.tech, body: Data(#"{"items": [{"id": "t9", "name": "Arrived", "date": "2031-01-01T00:00:00Z"}]}"#.utf8))

        library.refresher.refresh(.schedule)

        XCTAssertTrue(MainContext.iterate(until: { ShownScreen(window).newItemsButton?.name == "1 New Item" }, timeoutSeconds: 5), "\(ShownScreen(window).newItemsButton?.name ?? "no button")")
        _ = MainContext.iterate(until: { false }, timeoutSeconds: 0.2)
        XCTAssertEqual(gtk_adjustment_get_value(adjustment), offset, "no jump")
        XCTAssertEqual(list.visibleRowRange, visible)
        XCTAssertNotEqual(library.controller?.item(at: 0)?.name, "Arrived")

        try User.click(XCTUnwrap(ShownScreen(window).newItemsButton))

        XCTAssertTrue(MainContext.iterate(until: { library.controller?.item(at: 0)?.name == "Arrived" && gtk_adjustment_get_value(adjustment) == 0 }, timeoutSeconds: 5))
        XCTAssertNil(ShownScreen(window).newItemsButton?.name)
    }

    /// F5 reads the view again once its feeds are written: the new item is
    /// on screen, so no button offers it.
    @MainActor func test_F5BringingANewItemIntoTheList_offersNoNewItems() async throws {
        let (library, _, window) = try makeLibrary()
        defer { gtk_window_destroy(itemfeed_window(window)) }
        server.serve(LibrarySpecData.tech, body: Data(#"{"items": [{"id": "t9", "name": "Arrived", "date": "2031-01-01T00:00:00Z"}]}"#.utf8))

        library.controller?.refresh()

        XCTAssertTrue(MainContext.iterate(until: { library.controller?.item(at: 0)?.name == "Arrived" && ShownScreen(window).refreshProgress == nil }, timeoutSeconds: 5))
        _ = MainContext.iterate(until: { false }, timeoutSeconds: 0.2)
        XCTAssertNil(ShownScreen(window).newItemsButton?.name, "the new item is the list's first row already")
    }

    @MainActor func test_stoppingARefresh_hidesItsProgress_andKeepsTheLibraryAsItWas() async throws {
        let (library, store, window) = try makeLibrary()
        defer { gtk_window_destroy(itemfeed_window(window)) }
        server.serve(LibrarySpecData.tech, body: Data(#"{"items": [{"id": "t9", "name": "Arrived"}]}"#.utf8))
        library.controller?.refresh()
        XCTAssertNotNil(ShownScreen(window).refreshProgress)

        library.refresher.cancel()
        _ = MainContext.iterate(until: { false }, timeoutSeconds: 0.2)

        XCTAssertNil(ShownScreen(window).refreshProgress)
        XCTAssertEqual(try store.count(.all), 3, "nothing written after the stop")
        XCTAssertEqual(library.controller?.refreshControl.isRefreshing, false, "the list stopped waiting")
    }

    /// The window's writer: a second connection on a worker queue; what it
    /// writes, the window's own connection reads at once after.
    @MainActor func test_theBackgroundWriter_writesWhatTheWindowThenReads() async throws {
        let (library, store, window) = try makeLibrary()
        defer { gtk_window_destroy(itemfeed_window(window)) }
        let writer = try library.composition.libraryWriter()
        var answer: Result<[URL: Int], Error>?
        writer.apply([LibrarySpecData.loaded(LibrarySpecData.news, LibrarySpecData.items("n2", "n3"))]) { answer = $0 }
        XCTAssertNil(answer, "answered later, on the UI thread")

        XCTAssertTrue(MainContext.iterate(until: { answer != nil }, timeoutSeconds: 5))
        XCTAssertEqual(try answer?.get(), [LibrarySpecData.news: 2])
        XCTAssertEqual(try store.count(LibraryView(.feed(LibrarySpecData.news))), 3)
    }

    @MainActor private let server = InMemoryFeedServer()

    @MainActor private func makeLibrary() throws -> (LibraryWindow, LibraryStore, UnsafeMutablePointer<GtkWidget>) {
        try makeLibraryWindow(server: server)
    }
}

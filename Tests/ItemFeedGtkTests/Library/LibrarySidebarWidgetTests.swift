import CGtk
import GtkTestKit
import Foundation
import ItemFeed
import ItemFeedGLib
@testable import ItemFeedGtk
import ItemFeedTestSupport
import ItemFeedUI
import XCTest

/// The sidebar and the leaflet in a real window: what GTK draws and tells
/// screen readers, and what choosing a row and F9 do.
final class LibrarySidebarWidgetTests: AdwTestCase {
    @MainActor func test_theSidebarDrawsEveryRow_namedForScreenReaders_andChoosingOneOpensItsView() async throws {
        let (sidebar, controller, _, window) = try makeSidebar()
        defer { gtk_window_destroy(itemfeed_window(window)) }
        var opened: [String] = []
        controller.opened = { opened.append($0.title) }

        XCTAssertEqual(sidebar.rowLabels, ["All Items, 3 unread", "Unread, 3 unread", "Starred, 0 items", "Work, folder, 2 unread", "Tech, 2 unread", "News, 1 unread"])
        XCTAssertEqual(sidebar.selectedRowIndex, 0)

        try ListViewRows.select(Widget(sidebar.list), row: 5)

        XCTAssertEqual(opened, ["News"])
        XCTAssertEqual(sidebar.selectedRowIndex, 5)
    }

    /// A row GTK hands to another position shows and hides its warning,
    /// count and pictures; a screen reader still hears the row's sentence
    /// alone, never "GtkImage" for a part made visible again.
    @MainActor func test_aRowsParts_stayHiddenFromScreenReaders_asRowsChangeWhatTheyShow() async throws {
        let (sidebar, controller, store, window) = try makeSidebar()
        defer { gtk_window_destroy(itemfeed_window(window)) }
        try store.apply([FeedRefresh(address: LibrarySpecData.news, outcome: .failed(reason: "HTTP 500"), date: LibrarySpecData.date(2))])
        _ = try store.markAllRead(.all)
        controller.reload()
        try store.apply([FeedRefresh(address: LibrarySpecData.news, outcome: .unchanged, date: LibrarySpecData.date(3))])
        try store.apply([LibrarySpecData.loaded(LibrarySpecData.news, LibrarySpecData.items("n8"))])
        controller.reload()

        for row in sidebar.boundRows {
            let parts = Widget(row.listRow).children.first?.children ?? []
            for part in parts where part.isShown && !part.isHiddenFromScreenReaders {
                XCTFail("a part of \(row.shown?.title ?? "?") is read: \(part)")
            }
        }
    }

    /// Enter (or a double click) on the row already open chooses it again:
    /// on a narrow window that goes back to its list.
    @MainActor func test_activatingTheOpenRow_choosesItAgain_withoutOpeningItTwice() async throws {
        let (sidebar, controller, _, window) = try makeSidebar()
        defer { gtk_window_destroy(itemfeed_window(window)) }
        var opened: [String] = []
        var reselected = 0
        controller.opened = { opened.append($0.title) }
        controller.reselected = { reselected += 1 }
        try ListViewRows.select(Widget(sidebar.list), row: 4)

        try ListViewRows.activate(Widget(sidebar.list), row: 4)

        XCTAssertEqual(opened, ["Tech"])
        XCTAssertEqual(reselected, 1)
    }

    @MainActor func test_aFeedsMenu_opensOnTheMenuKey_andTellsWhichFeedItWasFor() async throws {
        let (sidebar, controller, _, window) = try makeSidebar()
        defer { gtk_window_destroy(itemfeed_window(window)) }
        var commanded: [(LibrarySidebarController.RowCommand, URL)] = []
        controller.commanded = { command, subject in subject.address.map { commanded.append((command, $0)) } }
        let newsRow = try XCTUnwrap(sidebar.boundRows.first { $0.position == 5 }?.listRow)
        XCTAssertTrue(MainContext.iterate(until: { gtk_widget_get_height(newsRow) > 0 }, timeoutSeconds: 5), "the window shown and laid out")
        gtk_widget_grab_focus(newsRow)
        let screen = WidgetQuery(Widget(window))

        try User.press("Menu", in: Widget(newsRow))
        XCTAssertTrue(MainContext.iterate(until: { screen.contains { $0.role == .menuItem && $0.name == "Copy Address" } }, timeoutSeconds: 5), "the focused feed's menu")
        try User.click(screen.widget(role: .menuItem, named: "Copy Address"))

        XCTAssertEqual(commanded.map(\.0), [.copyAddress])
        XCTAssertEqual(commanded.map(\.1), [LibrarySpecData.news])
    }

    @MainActor func test_aFeedsMenu_offersAlwaysFetchFullArticles_forTheFeedItWasOpenedOn() async throws {
        let (sidebar, controller, _, window) = try makeSidebar()
        defer { gtk_window_destroy(itemfeed_window(window)) }
        var commanded: [(LibrarySidebarController.RowCommand, URL)] = []
        controller.commanded = { command, subject in subject.address.map { commanded.append((command, $0)) } }
        let techRow = try XCTUnwrap(sidebar.boundRows.first { $0.position == 4 }?.listRow)
        XCTAssertTrue(MainContext.iterate(until: { gtk_widget_get_height(techRow) > 0 }, timeoutSeconds: 5), "the window shown and laid out")
        gtk_widget_grab_focus(techRow)
        let screen = WidgetQuery(Widget(window))

        try User.press("<Shift>F10", in: Widget(techRow))
        XCTAssertTrue(MainContext.iterate(until: { screen.contains { $0.role == .menuItem && $0.name == "Always Fetch Full Articles" } }, timeoutSeconds: 5), "the focused feed's menu")
        try User.click(screen.widget(role: .menuItem, named: "Always Fetch Full Articles"))

        XCTAssertEqual(commanded.map(\.0), [.fullArticles])
        XCTAssertEqual(commanded.map(\.1), [LibrarySpecData.tech])
    }

    /// A feed moved elsewhere moves the rows under an open menu: the menu
    /// closes rather than act on the feed that came to its place.
    @MainActor func test_aFeedsMenu_closes_whenAnotherFeedTakesItsRow() async throws {
        let (sidebar, controller, store, window) = try makeSidebar()
        defer { gtk_window_destroy(itemfeed_window(window)) }
        var commanded: [URL] = []
        controller.commanded = { _, subject in subject.address.map { commanded.append($0) } }
        let newsRow = try XCTUnwrap(sidebar.boundRows.first { $0.position == 5 })
        XCTAssertEqual(newsRow.shown?.title, "News")
        XCTAssertTrue(MainContext.iterate(until: { gtk_widget_get_height(newsRow.listRow) > 0 }, timeoutSeconds: 5))
        gtk_widget_grab_focus(newsRow.listRow)
        let screen = WidgetQuery(Widget(window))
        let menuShown = { screen.contains { $0.role == .menuItem && $0.name == "Copy Address" } }
        try User.press("Menu", in: Widget(newsRow.listRow))
        XCTAssertTrue(MainContext.iterate(until: menuShown, timeoutSeconds: 5))

        try store.move(LibrarySpecData.tech, toFolder: nil)
        controller.reload()
        XCTAssertEqual(controller.rows.count, 6, "the same count: the rows change in place")
        XCTAssertNotEqual(controller.rows[5].title, "News")
        _ = gtk_widget_activate_action_variant(sidebar.list, "feed.copy-address", nil)

        XCTAssertFalse(menuShown())
        XCTAssertEqual(commanded, [], "nothing done to the feed now in News's row")
    }

    @MainActor func test_countsDrawnMove_whenTheControllerReloads() async throws {
        let (sidebar, controller, store, window) = try makeSidebar()
        defer { gtk_window_destroy(itemfeed_window(window)) }
        _ = try store.markAllRead(.all)
        let starredRow = sidebar.boundRows.first { $0.position == 2 }?.listRow

        controller.reload()

        XCTAssertEqual(sidebar.rowLabels.first, "All Items, 0 unread")
        XCTAssertEqual(sidebar.boundRows.first { $0.position == 2 }?.listRow, starredRow, "a row that did not change is not made again")
        XCTAssertEqual(sidebar.selectedRowIndex, 0, "and the selection stays")
    }

    /// A library of 1,000 feeds: GTK makes the rows around those on screen, not one
    /// per feed; a first refresh names every feed, and the rows on screen
    /// show the new names at once, the others GTK made a turn later.
    @MainActor func test_aThousandFeeds_makeOnlyTheRowsOnScreen_andRenamedRowsAreDrawnAtOnce() async throws {
        try GtkDisplay.require()
        let store = InMemoryLibraryStore()
        let addresses = (0..<1_000).map { LibrarySpecData.address("feed\($0)") }
        for address in addresses { try store.subscribe(Subscription(address: address, title: address.absoluteString)) }
        let controller = LibrarySidebarController(store: store)
        controller.reload()
        let sidebar = LibrarySidebar(controller: controller)
        let window = adw_window_new()!
        defer { gtk_window_destroy(itemfeed_window(window)) }
        adw_window_set_content(itemfeed_adw_window(window), sidebar.root)
        gtk_window_set_default_size(itemfeed_window(window), 320, 700)
        gtk_window_present(itemfeed_window(window))
        XCTAssertTrue(MainContext.iterate(until: { sidebar.boundRows.first.map { gtk_widget_get_height($0.listRow) > 0 } ?? false }, timeoutSeconds: 5), "rows made and laid out")
        XCTAssertLessThan(sidebar.rowWidgets.count, 300, "GTK 4.8 keeps up to 200 rows around those on screen, of 1,003")
        for (index, address) in addresses.enumerated() { try store.rename(address, to: "Feed \(index)") }

        controller.reload()

        let onScreen = sidebar.rowLabels.prefix(15)
        XCTAssertFalse(onScreen.contains { $0.hasPrefix("?") || $0 == "gap" }, "the rows on screen at once: \(onScreen)")
        XCTAssertTrue(onScreen.contains("Feed 0, 0 unread"))
        XCTAssertTrue(sidebar.rowLabels.contains { $0.hasPrefix("?") }, "the rows GTK made off screen a turn later")
        XCTAssertTrue(MainContext.iterate(until: { !sidebar.rowLabels.contains { $0.hasPrefix("?") } }, timeoutSeconds: 5), "then every row made")

        try ListViewRows.select(Widget(sidebar.list), row: 1_002)
        sidebar.focusSelection()
        XCTAssertTrue(MainContext.iterate(until: { sidebar.boundRows.contains { $0.position == 1_002 } }, timeoutSeconds: 5), "the last row made once scrolled to")
        XCTAssertEqual(sidebar.boundRows.last?.shown?.title, "Feed 999")
        XCTAssertLessThan(sidebar.rowWidgets.count, 300)
    }

    @MainActor func test_theLeaflet_foldsOnANarrowWindow_andF9TogglesTheSidebarOnAWideOne() async throws {
        try GtkDisplay.require()
        let store = InMemoryLibraryStore()
        try LibrarySpecData.subscribeTechAndNews(store)
        let controller = LibrarySidebarController(store: store)
        controller.reload()
        let leaflet = LibraryLeaflet(sidebar: LibrarySidebar(controller: controller))
        let list = ItemListComposer.compose(itemLoader: ItemLoaderSpy(), imageLoader: ItemLoaderSpy(), imageDecoder: PixbufImageDecoder(maxPixelSize: 64))
        let screen = ItemFeedScreen(controller: list, primaryMenu: nil)
        leaflet.show(screen)
        let window = adw_window_new()!
        defer { gtk_window_destroy(itemfeed_window(window)) }
        adw_window_set_content(itemfeed_adw_window(window), leaflet.root)
        gtk_window_set_default_size(itemfeed_window(window), 1000, 600)
        gtk_window_present(itemfeed_window(window))
        XCTAssertTrue(MainContext.iterate(until: { gtk_widget_get_width(leaflet.root) > 900 }, timeoutSeconds: 5))
        XCTAssertFalse(leaflet.isFolded, "side by side at 1000 px")

        leaflet.toggleSidebar()
        XCTAssertFalse(leaflet.isSidebarVisible)
        leaflet.toggleSidebar()
        XCTAssertTrue(leaflet.isSidebarVisible)

        gtk_window_set_default_size(itemfeed_window(window), 480, 600)
        XCTAssertTrue(MainContext.iterate(until: { leaflet.isFolded }, timeoutSeconds: 5), "one page at a time at 480 px")
        XCTAssertFalse(leaflet.isShowingSidebar, "the list's page")
        leaflet.toggleSidebar()
        XCTAssertTrue(leaflet.isShowingSidebar)
    }

    /// SPEC 11: a feed's own icon once loaded, a letter tile meanwhile and
    /// when it has none; each address asked once however often rows redraw.
    @MainActor func test_eachFeed_showsItsIcon_onceLoaded_askedOnce() async throws {
        let (sidebar, controller, store, window) = try makeSidebar()
        defer { gtk_window_destroy(itemfeed_window(window)) }
        let icon = URL(string: "https://cdn.example/tech.png")!
        try store.apply([FeedRefresh(address: LibrarySpecData.tech, outcome: .unchanged, date: LibrarySpecData.date(2), icon: icon)])
        controller.reload()
        var asked: [URL] = []
        var answers: [(Thumbnail?) -> Void] = []
        sidebar.loadIcon = { url, completion in
            asked.append(url)
            answers.append(completion)
            return CancelRecorder {}
        }
        XCTAssertEqual(Self.iconCount(in: sidebar), 0, "letter tiles meanwhile")

        let png = try demoPNG()
        var decoded: Thumbnail?
        _ = PixbufImageDecoder(maxPixelSize: 32).decode(png) { decoded = try? $0.get() }
        XCTAssertTrue(MainContext.iterate(until: { decoded != nil }, timeoutSeconds: 5))
        answers[asked.firstIndex(of: icon)!](decoded)
        answers[asked.firstIndex(of: URL(string: "https://news.example/favicon.ico")!)!](nil)
        controller.reload()
        try store.apply([LibrarySpecData.loaded(LibrarySpecData.news, LibrarySpecData.items("n9"))])
        controller.reload()

        XCTAssertEqual(Self.iconCount(in: sidebar), 1, "Tech's icon; News has none, so its letter")
        XCTAssertEqual(asked.sorted { $0.absoluteString < $1.absoluteString }, [icon, URL(string: "https://news.example/favicon.ico")!], "each once")
    }

    /// Feeds' icons drawn: images in the rows, not icons or letters.
    @MainActor private static func iconCount(in sidebar: LibrarySidebar) -> Int {
        WidgetQuery(Widget(sidebar.list)).all { $0.pictureSize != nil }.count
    }

    @MainActor private func makeSidebar() throws -> (LibrarySidebar, LibrarySidebarController, InMemoryLibraryStore, UnsafeMutablePointer<GtkWidget>) {
        try GtkDisplay.require()
        let store = InMemoryLibraryStore()
        try LibrarySpecData.subscribeTechAndNews(store)
        let controller = LibrarySidebarController(store: store)
        controller.reload()
        let sidebar = LibrarySidebar(controller: controller)
        let window = adw_window_new()!
        adw_window_set_content(itemfeed_adw_window(window), sidebar.root)
        gtk_window_set_default_size(itemfeed_window(window), 320, 600)
        gtk_window_present(itemfeed_window(window))
        XCTAssertTrue(MainContext.iterate(until: { sidebar.boundRows.count == controller.rows.count }, timeoutSeconds: 5), "every row made")
        return (sidebar, controller, store, window)
    }
}

final class PreferencesWindowTests: AdwTestCase {
    @MainActor func test_eachPreference_showsItsValue_andTellsItsChoice() async throws {
        try GtkDisplay.require()
        var retention: [ReadRetention] = [], interval: [RefreshInterval] = [], notifies: [Bool] = []
        let preferences = PreferencesWindow(parent: nil, choices: PreferencesWindow.Choices(
            retention: .month, interval: .hour, notifies: true,
            retentionChosen: { retention.append($0) }, intervalChosen: { interval.append($0) }, notifiesChosen: { notifies.append($0) }
        ))
        defer { gtk_window_destroy(itemfeed_window(preferences.window)) }
        preferences.present()
        let form = ShownForm(preferences.window)
        XCTAssertEqual(try form.choice("Keep Read Items"), ReadRetention.month.title, "the current choice is shown")
        XCTAssertEqual(try form.choice("Refresh Feeds"), RefreshInterval.hour.title)
        XCTAssertTrue(try WidgetQuery(form.root).widget(role: .switch, named: "Notify About New Items").isChecked)

        try form.choose(ReadRetention.forever.title, in: "Keep Read Items")
        try form.choose(RefreshInterval.off.title, in: "Refresh Feeds")
        try form.toggle("Notify About New Items")

        XCTAssertEqual(retention, [.forever])
        XCTAssertEqual(interval, [.off])
        XCTAssertEqual(notifies, [false])
    }

    @MainActor func test_theReadingGroup_showsTheTextSizeAndThePicturesRoom_andTellsEachChoice() async throws {
        try GtkDisplay.require()
        var sizes: [ArticleTextSize] = [], storages: [ArticlePictureStorage] = []
        let preferences = PreferencesWindow(parent: nil, choices: PreferencesWindow.Choices(
            retention: .month, interval: .hour, notifies: true, retentionChosen: { _ in }, intervalChosen: { _ in }, notifiesChosen: { _ in },
            reading: PreferencesWindow.Reading(
                textSize: .large, pictureStorage: .megabytes250, textSizeChosen: { sizes.append($0) }, pictureStorageChosen: { storages.append($0) }
            )
        ))
        defer { gtk_window_destroy(itemfeed_window(preferences.window)) }
        preferences.present()
        let form = ShownForm(preferences.window)
        XCTAssertEqual(try form.choice("Text Size"), "115 %")
        XCTAssertEqual(try form.choice("Pictures Kept Offline"), "250 MB")

        try form.choose("150 %", in: "Text Size")
        try form.choose("1 GB", in: "Pictures Kept Offline")

        XCTAssertEqual(sizes, [.largest])
        XCTAssertEqual(storages, [.gigabyte1])
    }
}

import CGtk
import CGtkTestKit
import GtkTestKit
import Foundation
import ItemFeed
@testable import ItemFeedGtk
import ItemFeedTestSupport
import XCTest

extension ItemListWidget {
    var nearVisibleRows: Range<Int> { viewport.nearVisible.rows }
    /// How many times the list has had GTK work out its new rows' styles again.
    var rowRestyles: Int { restyleCount }
}

extension ItemFeedScreen {
    /// A hidden page's spinner left turning costs frames, and no user sees it.
    var isLoadingSpinnerSpinning: Bool { loadingPage.isSpinning }
}

/// The real GtkListView driving the controllers: what the headless suite
/// assumes about GTK, checked against GTK.
final class ItemFeedScreenTests: AdwTestCase {
    @MainActor func test_firstFrame_requestsImagesOnlyForBoundRowsAndThePrefetchMargin() async throws {
        let sut = try makeSUT()

        sut.showItems(manyItems(1000))

        let requested = sut.loader.loadedImageURLs.count
        let list = sut.screen.list
        print("1,000 items in 400×600: GTK bound \(list.boundRowCount) rows for the first frame, \(sut.controller.boundRowCount) on screen (\(list.visibleRowRange)), near visible \(list.nearVisibleRows), \(requested) images requested")
        XCTAssertGreaterThan(sut.controller.boundRowCount, 0, "Expected the rows on screen to be visible to the controller")
        XCTAssertEqual(Set(sut.loader.loadedImageURLs), Set(list.nearVisibleRows.map { URL(string: "https://img.example.com/\($0).png")! }), "Expected exactly the rows on screen and the prefetch margin to request images")
        XCTAssertLessThan(requested, 50, "Expected a few dozen requests, not one per bound row or per item")
        XCTAssertEqual(Set(sut.loader.loadedImageURLs).count, requested, "Expected no image requested twice")
    }

    @MainActor func test_scrollingToTheBottom_cancelsRowsThatLeft_andKeepsRequestsBounded() async throws {
        let sut = try makeSUT()
        sut.showItems(manyItems(1000))
        let firstScreen = Set(sut.loader.loadedImageURLs)
        var peak = sut.uncancelledImageRequests

        let adjustment = sut.adjustment
        while gtk_adjustment_get_value(adjustment) + gtk_adjustment_get_page_size(adjustment) < gtk_adjustment_get_upper(adjustment) - 1 {
            sut.scroll(to: gtk_adjustment_get_value(adjustment) + gtk_adjustment_get_page_size(adjustment))
            peak = max(peak, sut.uncancelledImageRequests)
        }
        sut.spin(seconds: 0.1)

        print("Scrolling 1,000 rows: \(sut.loader.loadedImageURLs.count) image requests, \(sut.loader.cancelledImageURLs.count) cancelled, peak in flight \(peak); at the bottom: on screen \(sut.screen.list.visibleRowRange), near visible \(sut.screen.list.nearVisibleRows), value \(gtk_adjustment_get_value(adjustment)) of \(gtk_adjustment_get_upper(adjustment))")
        XCTAssertTrue(firstScreen.isSubset(of: Set(sut.loader.cancelledImageURLs)), "Expected every row of the first screen to be cancelled")
        XCTAssertLessThan(peak, 50, "Expected uncancelled requests to stay bounded while scrolling")
        XCTAssertTrue(sut.loader.loadedImageURLs.contains(URL(string: "https://img.example.com/999.png")!), "Expected the last row to load")
    }

    @MainActor func test_aPageAppended_keepsTheFirstVisibleRowAndTheFocusedRow() async throws {
        let sut = try makeSUT()
        let page2 = URL(string: "https://feeds.example.com/feed?page=2")!
        sut.showItems(manyItems(30), nextPage: page2)
        sut.scroll(to: gtk_adjustment_get_upper(sut.adjustment))
        sut.spin(until: { sut.loader.loadedPageURLs == [page2] })
        XCTAssertEqual(sut.loader.loadedPageURLs, [page2], "Expected the end coming into view to ask for page 2")
        let list = sut.screen.list
        let firstVisible = list.visibleRowRange.lowerBound
        let offset = gtk_adjustment_get_value(sut.adjustment)
        let focusedRow = try XCTUnwrap(ShownItemRow.all(in: list.widget).first { $0.name == "Item \(firstVisible + 1)" })
        let focusTarget = try XCTUnwrap(focusedRow.listItem)
        gtk_widget_grab_focus(focusTarget.pointer)
        sut.spin(seconds: 0.05)
        let focusedBefore = gtk_root_get_focus(gtk_widget_get_root(list.listView))

        sut.loader.completePageLoading(with: (30..<60).map { makeItem(id: "\($0)", name: "Item \($0)") }, nextPage: nil)
        sut.spin(seconds: 0.2)

        XCTAssertEqual(sut.controller.numberOfRows, 60)
        XCTAssertEqual(list.visibleRowRange.lowerBound, firstVisible, "Expected the first visible row to stay")
        XCTAssertEqual(gtk_adjustment_get_value(sut.adjustment), offset, accuracy: 0.5, "Expected the scroll position to stay")
        XCTAssertEqual(gtk_root_get_focus(gtk_widget_get_root(list.listView)), focusedBefore, "Expected the focus to stay on its row")
        XCTAssertEqual(focusedRow.name, "Item \(firstVisible + 1)", "Expected the focused row to show the same item")
    }

    @MainActor func test_typingInTheSearchEntry_filtersTheRows_andClosingTheBarBringsThemBack() async throws {
        let sut = try makeSUT()
        sut.showItems(manyItems(30))
        let screen = WidgetQuery(Widget(sut.window))
        let toggle = try screen.button("Search the feed")

        try User.click(toggle)
        XCTAssertTrue(toggle.isPressed)
        XCTAssertTrue(sut.spin(until: { screen.contains { $0.role == .searchBox } }), "the search bar")
        let entry = try screen.widget(role: .searchBox, named: "Search the feed")
        try User.type("Item 2", into: entry)
        sut.spin(until: { sut.controller.numberOfRows == 11 })
        XCTAssertEqual(sut.controller.numberOfRows, 11, "Expected Item 2 and Item 20–29")

        try User.clear(entry)
        try User.type("nothing like it", into: entry)
        sut.spin(until: { sut.screen.visiblePageName == "no-results" })
        XCTAssertEqual(ShownScreen(sut.window).statusDescription, "Nothing in this feed matches “nothing like it”.")

        try User.click(toggle)
        sut.spin(until: { sut.controller.numberOfRows == 30 })

        XCTAssertFalse(toggle.isPressed)
        XCTAssertEqual(sut.controller.numberOfRows, 30)
        XCTAssertEqual(sut.screen.visiblePageName, "list")
        XCTAssertEqual(entry.text, "", "Expected the entry cleared for the next search")
    }

    @MainActor func test_theFeaturedStrip_showsTheTopFive_andHidesWhileSearching() async throws {
        let sut = try makeSUT()
        sut.showItems((1...8).map { (rank: Int) in makeItem(id: "\(rank)", name: "Ranked \(rank)", priority: rank) })

        XCTAssertEqual(ShownScreen(sut.window).featuredNames, (1...5).map { "Ranked \($0)" })

        let screen = WidgetQuery(Widget(sut.window))
        try User.click(screen.button("Search the feed"))
        XCTAssertTrue(sut.spin(until: { screen.contains { $0.role == .searchBox } }), "the search bar")
        try User.type("Ranked 7", into: screen.widget(role: .searchBox, named: "Search the feed"))
        sut.spin(until: { sut.controller.numberOfRows == 1 })
        XCTAssertEqual(ShownScreen(sut.window).featuredNames, [], "Expected no strip while searching")

        try User.press("Escape", in: screen.widget(role: .searchBox, named: "Search the feed"))
        sut.spin(until: { sut.controller.numberOfRows == 8 })
        XCTAssertEqual(ShownScreen(sut.window).featuredNames.count, 5)
    }

    @MainActor func test_refreshButton_issuesALoad() async throws {
        let sut = try makeSUT()
        sut.showItems(manyItems(3))

        let reload = try WidgetQuery(Widget(sut.window)).button("Reload the feed")
        try User.click(reload)
        sut.spin(until: { sut.loader.loadItemsCallCount == 2 }, timeout: 2)

        XCTAssertEqual(sut.loader.loadItemsCallCount, 2)
        XCTAssertNoThrow(try WidgetQuery(reload).widget(ofType: gtk_spinner_get_type()), "Expected the button to show the reload in progress")
    }

    @MainActor func test_lateImageForARecycledRow_isNotShown() async throws {
        let sut = try makeSUT()
        sut.showItems(manyItems(1000))
        sut.scroll(to: gtk_adjustment_get_upper(sut.adjustment))
        sut.spin(seconds: 0.1)
        XCTAssertTrue(sut.loader.cancelledImageURLs.contains(URL(string: "https://img.example.com/0.png")!), "Expected row 0's request to be cancelled")

        let request = try XCTUnwrap(sut.loader.loadedImageURLs.firstIndex(of: URL(string: "https://img.example.com/0.png")!))
        sut.loader.completeImageLoading(with: try demoPNG(), at: request)
        sut.spin(seconds: 0.3)

        let showing = ShownItemRow.all(in: sut.screen.list.widget).filter { $0.thumbnailSize != nil }
        XCTAssertEqual(showing.map(\.name), [], "Expected the late image of row 0 in no recycled row")
    }

    @MainActor func test_imageArrivingForAVisibleRow_isShownInThatRow() async throws {
        let sut = try makeSUT()
        sut.showItems(manyItems(3))

        let request = try XCTUnwrap(sut.loader.loadedImageURLs.firstIndex(of: URL(string: "https://img.example.com/1.png")!))
        sut.loader.completeImageLoading(with: try demoPNG(), at: request)
        sut.spin(until: { ShownItemRow.all(in: sut.screen.list.widget).contains { $0.thumbnailSize != nil } })

        let showing = ShownItemRow.all(in: sut.screen.list.widget).filter { $0.thumbnailSize != nil }
        XCTAssertEqual(showing.map(\.name), ["Item 1"])
        XCTAssertEqual(showing.first?.thumbnailSize?.width, 64, "Expected the thumbnail decoded at row size")
    }

    @MainActor func test_nameWithMarkup_isShownLiterally() async throws {
        let sut = try makeSUT()
        let name = "<b>Tom & Jerry</b>"

        sut.showItems([makeItem(name: name)])

        let row = try XCTUnwrap(ShownItemRow.all(in: sut.screen.list.widget).first { !$0.name.isEmpty })
        XCTAssertEqual(row.name, name, "as markup, the label would show \"Tom & Jerry\" in bold, or nothing")
    }

    @MainActor func test_aRow_showsTitleDetails_andTellsScreenReadersWhatItIs() async throws {
        let sut = try makeSUT()
        let title = "A title long enough to wrap onto a second line in a narrow window"

        sut.showItems([makeItem(name: title, author: "Ana Lima", likes: 12)])

        let row = try WidgetQuery(Widget(sut.window)).listItem(named: "\(title), Ana Lima, 12 likes")
        let inRow = WidgetQuery(row)
        XCTAssertEqual(inRow.all { $0.isA(gtk_label_get_type()) }.compactMap(\.text), [title, "Ana Lima · 12 likes"])
        XCTAssertNoThrow(try inRow.widget(role: .img, named: title), "Expected the thumbnail described by the item's title")
        let spinner = try inRow.widget(ofType: gtk_spinner_get_type())
        XCTAssertEqual(spinner.name, "Loading")
        XCTAssertTrue(spinner.isBusy, "Expected the thumbnail loading in a visible row")

        sut.loader.completeImageLoading(with: try demoPNG(), at: 0)
        sut.spin(until: { !spinner.isShown })
        XCTAssertFalse(spinner.isBusy)
    }

    @MainActor func test_aRowsMenu_copiesAndOpensThatRowsLink() async throws {
        let sut = try makeSUT()
        let items = [makeItem(name: "a", link: URL(string: "https://example.com/a")!), makeItem(name: "b", link: URL(string: "https://example.com/b")!)]
        sut.showItems(items)

        let screen = WidgetQuery(Widget(sut.window))

        try User.rightClick(screen.listItem(named: "b"))
        XCTAssertTrue(sut.spin(until: { screen.contains { $0.role == .menuItem && $0.name == "Copy Link" } }), "Expected the row's menu")
        try User.click(screen.widget(role: .menuItem, named: "Copy Link"))
        try User.rightClick(screen.listItem(named: "b"))
        try User.click(screen.widget(role: .menuItem, named: "Open Link"))

        XCTAssertEqual(sut.coordinator.copiedLinks, [items[1]])
        XCTAssertEqual(sut.coordinator.openedItems, [items[1]])
    }

    @MainActor func test_theMenuKey_opensTheFocusedRowsMenu_withItsEntriesDisabledWithoutALink() async throws {
        let sut = try makeSUT()
        let items = [makeItem(name: "a", link: URL(string: "https://example.com/a")!), makeItem(name: "no link")]
        sut.showItems(items)
        let screen = WidgetQuery(Widget(sut.window))
        let row = try screen.listItem(named: "no link")
        XCTAssertNotEqual(gtk_widget_grab_focus(row.pointer), 0)

        try User.press("Menu", in: row)

        XCTAssertTrue(sut.spin(until: { screen.contains { $0.role == .menuItem && $0.name == "Copy Link" } }), "Expected the focused row's menu")
        XCTAssertFalse(try screen.widget(role: .menuItem, named: "Copy Link").isSensitive, "Expected Copy Link disabled for an item without a link")
        XCTAssertFalse(try screen.widget(role: .menuItem, named: "Open Link").isSensitive)
        XCTAssertThrowsError(try User.click(screen.widget(role: .menuItem, named: "Copy Link")))
        XCTAssertEqual(sut.coordinator.copiedLinks, [])
    }

    @MainActor func test_aRowWithoutAuthorDateOrLikes_hidesTheDimLine() async throws {
        let sut = try makeSUT()

        sut.showItems([makeItem(name: "Just a title")])

        let row = try WidgetQuery(Widget(sut.window)).listItem(named: "Just a title")
        XCTAssertEqual(WidgetQuery(row).all { $0.isA(gtk_label_get_type()) }.compactMap(\.text), ["Just a title"])
    }

    @MainActor func test_aFailedReload_showsAToastOverTheRows_andAReloadTakesItAway() async throws {
        let sut = try makeSUT()
        sut.showItems(manyItems(3))
        let reload = try WidgetQuery(Widget(sut.window)).button("Reload the feed")
        try User.click(reload)
        sut.spin(until: { sut.loader.loadItemsCallCount == 2 }, timeout: 2)

        sut.loader.completeItemLoadingWithError(at: 1)
        XCTAssertFalse(ShownScreen(sut.window).toasts.isEmpty, "Expected a toast after a failed reload")
        XCTAssertEqual(ShownScreen(sut.window).toasts, [ItemListPresenter.genericErrorMessage])
        XCTAssertEqual(sut.screen.visiblePageName, "list", "Expected the rows kept under the toast")

        try User.click(reload)
        sut.spin(until: { sut.loader.loadItemsCallCount == 3 }, timeout: 2)
        XCTAssertTrue(sut.spin(until: { ShownScreen(sut.window).toasts.isEmpty }), "Expected the reload to take the toast away")
    }

    @MainActor func test_toasts_areAlertsForScreenReaders() async throws {
        let sut = try makeSUT()
        sut.showItems(manyItems(3))
        XCTAssertNil(sut.screen.lastAnnouncement)

        sut.controller.refresh()
        sut.loader.completeItemLoadingWithError(at: 1)
        XCTAssertEqual(sut.screen.lastAnnouncement, ItemListPresenter.genericErrorMessage)
        let alerts = WidgetQuery(Widget(sut.window)).all { $0.role == .alert }
        XCTAssertEqual(alerts.map(\.name), [ItemListPresenter.genericErrorMessage], "Expected an alert")

        sut.screen.showPassingNotice("Link copied")
        XCTAssertEqual(sut.screen.lastAnnouncement, "Link copied")
    }

    @MainActor func test_theErrorPage_takesTheFocus_onItsButton_describedByTheMessage() async throws {
        let sut = try makeSUT()

        sut.loader.completeItemLoadingWithError(FeedError.noItems, at: 0)
        sut.spin(seconds: 0.1)

        let button = try WidgetQuery(Widget(sut.window)).button("Try Again")
        XCTAssertTrue(button.hasFocus, "Expected the focus on Try Again, so a screen reader reads the page")
        XCTAssertEqual(button.accessibleDescription, "Couldn't Load the Feed. The feed has no items.")
    }

    /// SPEC 14: a web page naming several feeds offers them; a row opens its feed.
    @MainActor func test_aPageNamingSeveralFeeds_offersThemAsRows_andActivatingOneOpensIt() async throws {
        let sut = try makeSUT()
        let links = [
            FeedLink(url: URL(string: "https://blog.example.com/feed.xml")!, title: "Posts <b>", format: "RSS"),
            FeedLink(url: URL(string: "https://blog.example.com/comments.atom")!, title: nil, format: "Atom"),
        ]

        sut.loader.completeItemLoadingWithError(RemoteLoadError.pageNamesFeeds(links), at: 0)
        sut.spin(until: { sut.screen.visiblePageName == "feeds" })
        let screen = WidgetQuery(Widget(sut.window))
        try User.click(screen.one("the Atom feed's row") { $0.isA(gtk_list_box_row_get_type()) && $0.accessibleDescription == "Atom · https://blog.example.com/comments.atom" })

        XCTAssertEqual(sut.screen.visiblePageName, "feeds")
        XCTAssertEqual(sut.coordinator.openedFeeds, [links[1].url])
        let rows = WidgetQuery(Widget(sut.window)).all { $0.accessibleDescription?.contains("https://blog.example.com") == true }
        XCTAssertEqual(rows.map(\.name), ["Posts <b>", "blog.example.com"], "a page's title as it is, not as markup; the host for a feed with none")
        XCTAssertEqual(rows.map(\.accessibleDescription), ["RSS · https://blog.example.com/feed.xml", "Atom · https://blog.example.com/comments.atom"])
    }

    @MainActor func test_theToastsRetry_reloads() async throws {
        let sut = try makeSUTWithAFailedReload()

        try User.click(WidgetQuery(Widget(sut.window)).button("Retry"))

        XCTAssertEqual(sut.loader.loadItemsCallCount, 3)
        XCTAssertTrue(sut.spin(until: { ShownScreen(sut.window).toasts.isEmpty }))
    }

    @MainActor func test_closingTheToast_dismissesTheNotice_andAnotherFailureShowsANewOne() async throws {
        let sut = try makeSUTWithAFailedReload()

        // libadwaita 1.2 names the toast's close button for no one: found by its look.
        let toast = try WidgetQuery(Widget(sut.window)).widget(ofType: g_type_from_name("AdwToastWidget"))
        try User.click(WidgetQuery(toast).widget(cssClass: "circular"))
        sut.spin(until: { ShownScreen(sut.window).toasts.isEmpty })
        XCTAssertTrue(sut.spin(until: { ShownScreen(sut.window).toasts.isEmpty }))
        XCTAssertEqual(sut.controller.rowState(at: 0)?.name, "Item 0", "Expected the rows kept")

        sut.controller.refresh()
        sut.loader.completeItemLoadingWithError(at: 2)
        XCTAssertFalse(ShownScreen(sut.window).toasts.isEmpty, "Expected the next failure told again")
    }

    @MainActor func test_theFirstLoad_showsTheLoadingPage_thenTheRows() async throws {
        let sut = try makeSUT()
        XCTAssertEqual(sut.screen.visiblePageName, "loading")
        XCTAssertTrue(sut.screen.isLoadingSpinnerSpinning)

        sut.showItems(manyItems(3))

        XCTAssertEqual(sut.screen.visiblePageName, "list")
        XCTAssertFalse(sut.screen.isLoadingSpinnerSpinning, "Expected the hidden page's spinner stopped: it redrew every frame")
    }

    @MainActor func test_pageAndToastText_withMarkup_isShownLiterally() async throws {
        let sut = try makeSUT()
        let message = "<b>Bad & broken</b> <"

        sut.loader.completeItemLoadingWithError(FeedErrorWithMessage(message: message), at: 0)

        XCTAssertEqual(ShownScreen(sut.window).statusDescription, "<b>Bad & broken</b> <", "Expected the message shown as it is, not read as markup")
    }

    @MainActor func test_failedFirstLoad_showsTheErrorPage() async throws {
        let sut = try makeSUT()

        sut.loader.completeItemLoadingWithError(FeedError.noItems, at: 0)

        XCTAssertEqual(sut.screen.visiblePageName, "error")
        XCTAssertEqual(ShownScreen(sut.window).statusDescription, "The feed has no items.")
        XCTAssertTrue(sut.spin(until: { ShownScreen(sut.window).toasts.isEmpty }), "Expected the message once, on the page")
    }

    @MainActor func test_emptyFeed_showsTheEmptyPage() async throws {
        let sut = try makeSUT()

        sut.loader.completeItemLoading(with: [], at: 0)

        XCTAssertEqual(sut.screen.visiblePageName, "empty")
    }

    @MainActor func test_theListStartsWithTheKeyboardFocus_soArrowKeysAndEnterWork() async throws {
        let sut = try makeSUT()

        sut.showItems(manyItems(3))

        XCTAssertTrue(Widget(sut.screen.list.listView).containsFocus, "Expected the focus in the list, not on the header bar")
    }

    /// GTK 4.8 unsets and sets the focus state (and, with the pointer over
    /// the list, the hover state) of every widget between the window and
    /// the list on each key press that moves down it, and restyles them:
    /// the list sits under only the layers the screen cannot do without.
    @MainActor func test_theListSitsUnderNoLayerOnlyTheAnnouncerOrTheFeaturedStripNeed() async throws {
        let sut = try makeSUT()

        var layers: [String] = []
        var widget = gtk_widget_get_parent(sut.screen.list.listView)
        while let current = widget {
            layers.append(String(cString: g_type_name_from_instance(UnsafeMutableRawPointer(current).assumingMemoryBound(to: GTypeInstance.self))))
            if current == sut.screen.root { break }
            widget = gtk_widget_get_parent(current)
        }

        XCTAssertEqual(layers, ["AdwClampScrollable", "GtkScrolledWindow", "GtkStack", "AdwToastOverlay", "GtkBox"])
    }

    /// GTK 4.8 styles a row it has just made while it lays the list out,
    /// without the ancestors at hand, and that style then depends on the
    /// list's focus state: every key press restyled every row. The list
    /// has GTK restyle new rows, which is only a fix once they have been
    /// laid out. With the UI thread busy (here: 300 ms blocked right after
    /// the rows are made, as a loaded machine did), a restyle timed from
    /// the first new row ran before the frame that laid them out.
    @MainActor func test_newRows_areRestyledOnceGTKHasLaidThemOut_evenWithTheUIThreadLate() async throws {
        let sut = try makeSUT()
        sut.spin(seconds: 0.3)
        let list = sut.screen.list
        let clock = try XCTUnwrap(gtk_widget_get_frame_clock(list.listView))
        var restylesAtEachLayout: [Int] = []
        let layout = Signal.connect(UnsafeMutableRawPointer(clock), "layout") { restylesAtEachLayout.append(list.rowRestyles) }
        defer { g_signal_handler_disconnect(UnsafeMutableRawPointer(clock), layout) }
        let restylesBefore = list.rowRestyles

        sut.loader.completeItemLoading(with: Feed(items: manyItems(1000)), at: 0)
        let made = ShownItemRow.all(in: list.widget).count
        usleep(300_000)
        sut.spin(until: { list.rowRestyles > restylesBefore })
        sut.spin(seconds: 0.3)

        print("Rows made with the items: \(made); restyles counted at each layout since: \(restylesAtEachLayout)")
        XCTAssertGreaterThan(made, 0, "Expected GTK to make rows as the items arrive, before the frame that lays them out")
        XCTAssertEqual(restylesAtEachLayout.first, restylesBefore, "Expected no restyle before the frame that lays the new rows out")
        XCTAssertEqual(list.rowRestyles, restylesBefore + 1, "Expected the new rows restyled once, after that frame")
    }

    /// The app binds F5 and Ctrl+R to this action on the window; the
    /// header-bar button is the same action.
    @MainActor func test_theWindowsReloadAction_reloads_andIsTheHeaderBarButtonsAction() async throws {
        let sut = try makeSUT()
        sut.showItems(manyItems(3))

        XCTAssertNotEqual(gtk_widget_activate_action_variant(sut.window, ItemFeedScreen.reloadAction, nil), 0)

        XCTAssertEqual(sut.loader.loadItemsCallCount, 2)
        let button = try WidgetQuery(Widget(sut.window)).button("Reload the feed")
        let buttonAction = gtk_actionable_get_action_name(itemfeed_actionable(button.pointer)).map { String(cString: $0) }
        XCTAssertEqual(buttonAction, ItemFeedScreen.reloadAction)
    }

    @MainActor func test_aTouchDragPastTheTop_reloads() async throws {
        let sut = try makeSUT()
        sut.showItems(manyItems(3))

        let touchDrag = try XCTUnwrap(controllers(of: sut.screen.list.widget, ofType: gtk_gesture_drag_get_type()).first)
        gtktestkit_signal_emit_drag_begin(touchDrag, 10, 10)
        gtktestkit_signal_emit_uint(sut.screen.list.widget, "edge-overshot", GTK_POS_TOP.rawValue)

        XCTAssertEqual(sut.loader.loadItemsCallCount, 2)
    }

    /// Real wheel clicks, sent through the X server as a mouse sends them:
    /// the list scrolls down and back up past its top, and never reloads
    /// (before, each click past the top did).
    @MainActor func test_wheelingUpPastTheTop_neverReloads() async throws {
        let sut = try makeSUT()
        sut.showItems(manyItems(50))
        sut.spin(seconds: 0.3)

        try wheel(button: 5, clicks: 3)
        XCTAssertTrue(sut.spin(until: { gtk_adjustment_get_value(sut.adjustment) > 0 }), "The wheel never reached the list")
        try wheel(button: 4, clicks: 10)
        sut.spin(until: { gtk_adjustment_get_value(sut.adjustment) == 0 })
        sut.spin(seconds: 0.5)

        XCTAssertEqual(gtk_adjustment_get_value(sut.adjustment), 0, "Expected the wheel to bring the list back to its top")
        XCTAssertEqual(sut.loader.loadItemsCallCount, 1)
    }

    // MARK: Helpers

    /// Rows shown, then a reload that failed: the toast is up.
    @MainActor private func makeSUTWithAFailedReload(file: StaticString = #filePath, line: UInt = #line) throws -> ItemFeedScreenHarness {
        let sut = try makeSUT(file: file, line: line)
        sut.showItems(manyItems(3))
        sut.controller.refresh()
        sut.loader.completeItemLoadingWithError(at: 1)
        XCTAssertFalse(ShownScreen(sut.window).toasts.isEmpty, "Expected the toast after the failed reload", file: file, line: line)
        return sut
    }

    /// Clicks of a mouse wheel over the test window, which GTK places at the
    /// top left of Xvfb's screen (there is no window manager).
    private func wheel(button: Int, clicks: Int) throws {
        let xdotool = Process()
        xdotool.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        xdotool.arguments = ["xdotool", "mousemove", "200", "300", "click", "--repeat", "\(clicks)", "--delay", "30", "\(button)"]
        try xdotool.run()
        xdotool.waitUntilExit()
        XCTAssertEqual(xdotool.terminationStatus, 0, "xdotool failed (make test installs it)")
    }

    @MainActor private func controllers(of widget: UnsafeMutablePointer<GtkWidget>, ofType type: GType) -> [UnsafeMutableRawPointer] {
        let list = gtk_widget_observe_controllers(widget)!
        defer { g_object_unref(UnsafeMutableRawPointer(list)) }
        return (0..<g_list_model_get_n_items(list)).compactMap { index in
            guard let object = g_list_model_get_item(list, index) else { return nil }
            g_object_unref(object)
            return g_type_check_instance_is_a(object.assumingMemoryBound(to: GTypeInstance.self), type) != 0 ? object : nil
        }
    }

    @MainActor private func makeSUT(file: StaticString = #filePath, line: UInt = #line) throws -> ItemFeedScreenHarness {
        try GtkDisplay.require(file: file, line: line)
        let sut = ItemFeedScreenHarness()
        trackForMemoryLeaks(sut.controller, file: file, line: line)
        trackForMemoryLeaks(sut.loader, file: file, line: line)
        trackForMemoryLeaks(sut.screen, file: file, line: line)
        return sut
    }
}

/// A failure whose message carries markup, as a server's words may.
private struct FeedErrorWithMessage: LocalizedError {
    let message: String
    var errorDescription: String? { message }
}

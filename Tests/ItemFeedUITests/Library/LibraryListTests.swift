import ItemFeed
import ItemFeedTestSupport
import ItemFeedUI
import XCTest

/// A library view on the list screen: the same controller and rows, fed
/// from the store a page at a time, with read rows dimmed.
@MainActor
final class LibraryListTests: XCTestCase {
    func test_aViewShowsWhatTheLibraryHolds_atOnce_withoutTheNetwork() async throws {
        let (controller, loader, _, _) = try makeSUT(items: 3)
        var refreshed = 0
        loader.refresh = { done in refreshed += 1; done(); return CancelRecorder {} }

        controller.simulateScreenShown()

        XCTAssertEqual(names(controller), ["Item 0", "Item 1", "Item 2"])
        XCTAssertEqual(refreshed, 0, "the first rows come from the store alone")
        controller.simulateUserInitiatedReload()
        XCTAssertEqual(refreshed, 1, "F5 refreshes the view's feeds")
    }

    /// F5 goes one way, wired as the window wires it: the list's loader, the
    /// refresh controller, the account, the store, then the view read again.
    func test_F5_refreshesOnlyTheViewsFeeds_throughTheAccount_thenShowsWhatTheyBrought() async throws {
        let store = try makeStore(items: 2)
        try store.subscribe(Subscription(address: LibrarySpecData.news, title: "News", folder: "Elsewhere"))
        var asked: [URL] = []
        var answer: ((FeedRefresh) -> Void)?
        let account = LocalAccount(writer: ImmediateLibraryWriter(store: store), load: { subscription, completion in
            asked.append(subscription.address)
            answer = completion
            return CancelRecorder {}
        })
        let refresher = LibraryRefreshController(store: store, schedule: nil, account: account)
        let loader = LibraryViewLoader(view: LibraryView(.feed(LibrarySpecData.tech)), title: "Tech", store: store)
        LibraryViewComposer.refreshes(loader, with: refresher)
        let (controller, _) = compose(loader)
        controller.simulateScreenShown()

        controller.simulateUserInitiatedReload()
        XCTAssertEqual(asked, [LibrarySpecData.tech], "only the view's feed")
        XCTAssertTrue(controller.refreshControl.isRefreshing)
        answer?(LibrarySpecData.loaded(LibrarySpecData.tech, [Item(id: "new", name: "Arrived", imageURL: nil, date: LibrarySpecData.date(200))] + LibrarySpecData.items("i0")))

        XCTAssertFalse(controller.refreshControl.isRefreshing)
        XCTAssertEqual(names(controller).first, "Arrived")
        XCTAssertEqual(controller.numberOfRows, 3)
    }

    func test_aViewCountsItsRows_andReadsOnlyThePagesOfRowsShown() async throws {
        let store = try makeStore(items: 10)
        let loader = LibraryViewLoader(view: .all, title: "All Items", store: store, pageSize: 4, firstPageSize: 2)
        let (controller, _) = compose(loader)
        controller.simulateScreenShown()
        XCTAssertEqual(controller.numberOfRows, 10, "every row at once, no load-more row")
        XCTAssertEqual(names(controller), ["Item 0", "Item 1"])

        let last = controller.simulateRowVisible(at: 9) // End

        XCTAssertEqual(last.state?.name, "Item 9")
        XCTAssertEqual(names(controller), ["Item 0", "Item 1", "Item 8", "Item 9"])
        XCTAssertEqual(store.reads, ["0..<2", "from the end 0..<2"], "the last page, read from the end")

        _ = controller.simulateRowVisible(at: 2)
        _ = controller.simulateRowVisible(at: 3)

        XCTAssertEqual(names(controller), ["Item 0", "Item 1", "Item 2", "Item 3", "Item 8", "Item 9"])
        XCTAssertEqual(store.reads, ["0..<2", "from the end 0..<2", "0..<4"], "the short first page read whole, once")
    }

    func test_theFirstPageIsShownAlone_andTheOtherRowsJoinAfterIt() async throws {
        let store = try makeStore(items: 10)
        let loader = LibraryViewLoader(view: .all, title: "All Items", store: store, pageSize: 4, firstPageSize: 2)
        let scheduler = ManualScheduler()
        let (controller, listView) = compose(loader, schedule: scheduler.schedule)
        controller.simulateScreenShown()
        XCTAssertEqual(controller.numberOfRows, 2, "painted first")

        scheduler.runPending()

        XCTAssertEqual(controller.numberOfRows, 10)
        XCTAssertEqual(listView.rowChanges.last, .init(position: 2, removed: 0, added: 8), "added after them, not a reload")
    }

    func test_aRowWhosePageCannotBeRead_isBlank_saysWhy_andIsReadWhenShownAgain() async throws {
        let store = try makeStore(items: 10)
        let loader = LibraryViewLoader(view: .all, title: "All Items", store: store, pageSize: 4, firstPageSize: 4)
        let (controller, listView) = compose(loader)
        controller.simulateScreenShown()
        store.failsReads = true

        let row = controller.simulateRowVisible(at: 5)

        XCTAssertEqual(row.state?.name, "")
        XCTAssertEqual(row.state?.accessibleLabel, "Loading")
        XCTAssertNotNil(listView.bannerMessage, "the reason, over the rows")
        store.failsReads = false
        controller.simulateRowRebound(row, to: 5)
        XCTAssertEqual(row.state?.name, "Item 5")
    }

    func test_searchResults_comeAPageAtATime_asTheListReachesItsEnd() async throws {
        let (controller, _, _, _) = try makeSUT(items: 5, pageSize: 2)
        controller.simulateScreenShown()
        controller.searchField.userChangedText(to: "Item")
        XCTAssertEqual(names(controller), ["Item 0", "Item 1"])

        _ = controller.simulateRowVisible(at: 2) // the load-more row

        XCTAssertEqual(names(controller), ["Item 0", "Item 1", "Item 2", "Item 3"])
    }

    func test_openingARow_marksItRead_dimsIt_andTheStoreKeepsIt() async throws {
        let store = try makeStore(items: 2)
        let loader = LibraryViewLoader(view: .all, title: "All Items", store: store)
        let links = OpeningCoordinator(loader: loader)
        let (controller, _) = compose(loader, coordinator: links)
        loader.marksChanged = { [weak controller] in controller?.marksChanged() }
        controller.simulateScreenShown()
        let row = controller.simulateRowVisible(at: 0)
        XCTAssertEqual(row.state?.isRead, false)
        XCTAssertTrue(row.state?.accessibleLabel.hasPrefix("Unread, ") == true, row.state?.accessibleLabel ?? "")

        controller.simulateRowActivated(at: 0)

        XCTAssertEqual(row.state?.isRead, true, "dimmed at once")
        XCTAssertFalse(row.state?.accessibleLabel.hasPrefix("Unread") == true)
        XCTAssertEqual(try store.count(.unread), 1)
        XCTAssertEqual(links.opened.map(\.name), ["Item 0"])
    }

    func test_twoFeedsCarryingTheSameEntry_eachRowMarksItsOwn() async throws {
        let store = InMemoryLibraryStore()
        let entry = Item(id: "same", name: "Same entry", imageURL: nil, date: LibrarySpecData.date(5))
        for feed in [LibrarySpecData.tech, LibrarySpecData.news] {
            try store.subscribe(Subscription(address: feed, title: feed.host ?? ""))
            try store.apply([LibrarySpecData.loaded(feed, [entry])])
        }
        let loader = LibraryViewLoader(view: .all, title: "All", store: store)
        let (controller, _) = compose(loader)
        controller.simulateScreenShown()
        let first = try XCTUnwrap(loader.libraryItem(for: try XCTUnwrap(controller.item(at: 0))))

        controller.setRead(true, ofRowAt: 0)

        XCTAssertEqual(controller.marks(ofRowAt: 0)?.isRead, true)
        XCTAssertEqual(controller.marks(ofRowAt: 1)?.isRead, false, "the other feed's row stays unread")
        XCTAssertEqual(try store.items(LibraryView(.feed(first.feedAddress)), in: 0..<5).map(\.isRead), [true])
        XCTAssertEqual(try store.count(.unread), 1)
    }

    func test_aRowsMarks_areReadAndChangedThroughTheController_andAFeedsListHasNone() async throws {
        let (controller, _, _, store) = try makeSUT(items: 2)
        controller.simulateScreenShown()
        let row = controller.simulateRowVisible(at: 1)
        XCTAssertEqual(controller.marks(ofRowAt: 1)?.isRead, false)

        controller.setStarred(true, ofRowAt: 1)
        controller.setRead(true, ofRowAt: 1)

        XCTAssertEqual(controller.marks(ofRowAt: 1)?.isStarred, true)
        XCTAssertEqual(row.state?.isStarred, true)
        XCTAssertTrue(row.state?.accessibleLabel.hasPrefix("Starred, ") == true, row.state?.accessibleLabel ?? "")
        XCTAssertEqual(try store.items(.starred, in: 0..<10).map(\.item.id), ["i1"])
        XCTAssertEqual(try store.count(.unread), 1)

        let feedList = ItemListComposer.compose(itemLoader: ItemLoaderSpy(), imageLoader: ItemLoaderSpy(), imageDecoder: HeadlessImageDecoder())
        XCTAssertNil(feedList.marks(ofRowAt: 0), "a feed opened by address has no marks")
    }

    func test_markAllRead_marksTheWholeView_andUndoMarksExactlyThoseUnreadAgain() async throws {
        let (controller, loader, _, store) = try makeSUT(items: 4, pageSize: 2)
        controller.simulateScreenShown()
        let row = controller.simulateRowVisible(at: 1)
        loader.setRead(true, [try XCTUnwrap(controller.item(at: 0))])

        var marked: [LibraryItem.Key] = []
        loader.markAllRead { marked = $0 }

        XCTAssertEqual(marked.count, 3, "every unread item of the view, loaded or not")
        XCTAssertEqual(try store.count(.unread), 0)
        XCTAssertEqual(row.state?.isRead, true)
        loader.undoMarkAllRead(marked)
        XCTAssertEqual(try store.count(.unread), 3)
        XCTAssertEqual(row.state?.isRead, false)
        XCTAssertTrue(loader.isRead(try XCTUnwrap(controller.item(at: 0))), "the one read before stays read")
    }

    func test_aMark_showsAtOnce_andTheCountsFollowWhenTheWriterHasWrittenIt() async throws {
        let store = try makeStore(items: 2)
        let writer = HeldLibraryWriter(store: store)
        let loader = LibraryViewLoader(view: .all, title: "All Items", store: store, writer: writer)
        let (controller, _) = compose(loader)
        var written = 0
        loader.marksChanged = { [weak controller] in controller?.marksChanged() }
        loader.marksWritten = { written += 1 }
        controller.simulateScreenShown()
        let row = controller.simulateRowVisible(at: 0)

        controller.setRead(true, ofRowAt: 0)

        XCTAssertEqual(row.state?.isRead, true, "dimmed at once")
        XCTAssertEqual(try store.count(.unread), 2, "not written yet")
        XCTAssertEqual(written, 0)
        writer.finishNext()
        XCTAssertEqual(try store.count(.unread), 1)
        XCTAssertEqual(written, 1, "the sidebar's counts are read again now")
    }

    func test_aMarkThatCannotBeWritten_isPutBack_andSaysWhy() async throws {
        let store = try makeStore(items: 2)
        let writer = HeldLibraryWriter(store: store)
        let loader = LibraryViewLoader(view: .all, title: "All Items", store: store, writer: writer)
        let (controller, _) = compose(loader)
        var errors: [Error] = []
        loader.marksChanged = { [weak controller] in controller?.marksChanged() }
        loader.failed = { errors.append($0) }
        controller.simulateScreenShown()
        let row = controller.simulateRowVisible(at: 1)

        controller.setStarred(true, ofRowAt: 1)
        XCTAssertEqual(row.state?.isStarred, true)
        writer.finishNext(failing: CocoaError(.fileWriteOutOfSpace))

        XCTAssertEqual(row.state?.isStarred, false, "put back")
        XCTAssertEqual(controller.marks(ofRowAt: 1)?.isStarred, false)
        XCTAssertEqual(errors.count, 1)
    }

    func test_searchRunsThroughTheLibrary_notOnlyTheLoadedPage() async throws {
        let (controller, _, _, _) = try makeSUT(items: 5, pageSize: 2)
        controller.simulateScreenShown()

        controller.searchField.userChangedText(to: "Item 4")

        XCTAssertEqual(names(controller), ["Item 4"])
    }

    func test_aSearchThatCannotBeRead_saysWhy_andAReadableOneShowsItsRowsAgain() async throws {
        let (controller, _, listView, _) = try makeSUT(items: 5, pageSize: 2)
        controller.simulateScreenShown()

        controller.searchField.userChangedText(to: "Item 4")
        controller.searchField.userChangedText(to: "title:\"Item 4")
        XCTAssertEqual(listView.searchProblem, "A quotation mark is not closed", "said in the search bar")
        XCTAssertNil(listView.bannerMessage, "not a failure to retry")
        XCTAssertEqual(names(controller), ["Item 4"], "the last results stay while the query is being typed")

        controller.searchField.userChangedText(to: "title:\"Item 4\" OR \"Item 3\"")
        XCTAssertEqual(names(controller), ["Item 3", "Item 4"])
        XCTAssertNil(listView.searchProblem)
    }

    func test_aStoreThatCannotBeReadShowsItsError() async throws {
        let store = FailingStore()
        let loader = LibraryViewLoader(view: .all, title: "All", store: store)
        let (controller, listView) = compose(loader)
        controller.simulateScreenShown()
        guard case .error = listView.page else { return XCTFail("\(listView.page)") }
    }

    // MARK: Helpers

    /// The rows read so far (a counted view's others are known, not read).
    private func names(_ controller: ItemListController<HeadlessImage>) -> [String] {
        (0..<controller.numberOfRows).compactMap { controller.item(at: $0)?.name }
    }

    private func makeStore(items count: Int) throws -> RecordingStore {
        let store = RecordingStore()
        try store.subscribe(Subscription(address: LibrarySpecData.tech, title: "Tech"))
        let items = (0..<count).map { Item(id: "i\($0)", name: "Item \($0)", imageURL: nil, date: LibrarySpecData.date(100 - $0)) }
        try store.apply([LibrarySpecData.loaded(LibrarySpecData.tech, items)])
        return store
    }

    private func makeSUT(items count: Int, pageSize: Int = 200) throws -> (ItemListController<HeadlessImage>, LibraryViewLoader, HeadlessItemListView, RecordingStore) {
        let store = try makeStore(items: count)
        let loader = LibraryViewLoader(view: .all, title: "All Items", store: store, pageSize: pageSize, firstPageSize: pageSize)
        let (controller, listView) = compose(loader)
        loader.marksChanged = { [weak controller] in controller?.marksChanged() }
        return (controller, loader, listView, store)
    }

    private func compose(
        _ loader: LibraryViewLoader, coordinator: ItemListCoordinator? = nil, schedule: ScheduleWork? = nil
    ) -> (ItemListController<HeadlessImage>, HeadlessItemListView) {
        let listView = HeadlessItemListView()
        let controller = ItemListComposer.compose(
            itemLoader: loader, pageLoader: loader, searchLoader: loader, rangeLoader: loader, schedule: schedule, imageLoader: ItemLoaderSpy(),
            imageDecoder: HeadlessImageDecoder(), coordinator: coordinator, rowDescription: ItemRowDescription(), marks: loader
        )
        controller.renderer.listView = listView
        controller.renderer.statusView = listView
        return (controller, listView)
    }
}

/// The window's coordinator in a library view: opening marks read first.
private final class OpeningCoordinator: ItemListCoordinator {
    let loader: LibraryViewLoader
    private(set) var opened: [Item] = []
    init(loader: LibraryViewLoader) { self.loader = loader }
    func open(_ item: Item) {
        loader.setRead(true, [item])
        opened.append(item)
    }
    func copyLink(of item: Item) {}
    func openFeed(at url: URL) {}
}

private final class FailingStore: InMemoryLibraryStore {
    override func items(_ view: LibraryView, in range: Range<Int>) throws -> [LibraryItem] {
        throw CocoaError(.fileReadCorruptFile)
    }
}

/// Records the positions read, and fails them when told to.
private final class RecordingStore: InMemoryLibraryStore {
    private(set) var reads: [String] = []
    var failsReads = false

    override func items(_ view: LibraryView, in range: Range<Int>) throws -> [LibraryItem] {
        if failsReads { throw CocoaError(.fileReadCorruptFile) }
        reads.append("\(range)")
        return try super.items(view, in: range)
    }

    override func items(_ view: LibraryView, fromEnd range: Range<Int>) throws -> [LibraryItem] {
        if failsReads { throw CocoaError(.fileReadCorruptFile) }
        reads.append("from the end \(range)")
        return try super.items(view, fromEnd: range)
    }
}

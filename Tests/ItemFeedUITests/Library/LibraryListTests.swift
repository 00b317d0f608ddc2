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

    func test_rowsComeAPageAtATime_asTheListReachesItsEnd() async throws {
        let (controller, _, _, _) = try makeSUT(items: 5, pageSize: 2)
        controller.simulateScreenShown()
        XCTAssertEqual(names(controller), ["Item 0", "Item 1"])

        _ = controller.simulateRowVisible(at: 2) // the load-more row

        XCTAssertEqual(names(controller), ["Item 0", "Item 1", "Item 2", "Item 3"])
    }

    func test_theFirstPageIsSmaller_theNextOnesFull() async throws {
        let store = try makeStore(items: 10)
        let loader = LibraryViewLoader(view: .all, title: "All Items", store: store, pageSize: 4, firstPageSize: 2)
        let (controller, _) = compose(loader)
        controller.simulateScreenShown()
        XCTAssertEqual(names(controller).count, 2)

        _ = controller.simulateRowVisible(at: 2)

        XCTAssertEqual(names(controller), (0..<6).map { "Item \($0)" })
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
        XCTAssertEqual(links.opened.map(\.id), ["i0"])
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

        let marked = loader.markAllRead()

        XCTAssertEqual(marked.count, 3, "every unread item of the view, loaded or not")
        XCTAssertEqual(try store.count(.unread), 0)
        XCTAssertEqual(row.state?.isRead, true)
        loader.undoMarkAllRead(marked)
        XCTAssertEqual(try store.count(.unread), 3)
        XCTAssertEqual(row.state?.isRead, false)
        XCTAssertTrue(loader.isRead(try XCTUnwrap(controller.item(at: 0))), "the one read before stays read")
    }

    func test_searchRunsThroughTheLibrary_notOnlyTheLoadedPage() async throws {
        let (controller, _, _, _) = try makeSUT(items: 5, pageSize: 2)
        controller.simulateScreenShown()

        controller.searchField.userChangedText(to: "Item 4")

        XCTAssertEqual(names(controller), ["Item 4"])
    }

    func test_aStoreThatCannotBeReadShowsItsError() async throws {
        let store = FailingStore()
        let loader = LibraryViewLoader(view: .all, title: "All", store: store)
        let (controller, listView) = compose(loader)
        controller.simulateScreenShown()
        guard case .error = listView.page else { return XCTFail("\(listView.page)") }
    }

    // MARK: Helpers

    private func names(_ controller: ItemListController<HeadlessImage>) -> [String] {
        (0..<controller.numberOfRows).compactMap { controller.item(at: $0)?.name }
    }

    private func makeStore(items count: Int) throws -> InMemoryLibraryStore {
        let store = InMemoryLibraryStore()
        try store.subscribe(Subscription(address: LibrarySpecData.tech, title: "Tech"))
        let items = (0..<count).map { Item(id: "i\($0)", name: "Item \($0)", imageURL: nil, date: LibrarySpecData.date(100 - $0)) }
        try store.apply([LibrarySpecData.loaded(LibrarySpecData.tech, items)])
        return store
    }

    private func makeSUT(items count: Int, pageSize: Int = 200) throws -> (ItemListController<HeadlessImage>, LibraryViewLoader, HeadlessItemListView, InMemoryLibraryStore) {
        let store = try makeStore(items: count)
        let loader = LibraryViewLoader(view: .all, title: "All Items", store: store, pageSize: pageSize, firstPageSize: pageSize)
        let (controller, listView) = compose(loader)
        loader.marksChanged = { [weak controller] in controller?.marksChanged() }
        return (controller, loader, listView, store)
    }

    private func compose(_ loader: LibraryViewLoader, coordinator: ItemListCoordinator? = nil) -> (ItemListController<HeadlessImage>, HeadlessItemListView) {
        let listView = HeadlessItemListView()
        let controller = ItemListComposer.compose(
            itemLoader: loader, pageLoader: loader, searchLoader: loader, imageLoader: ItemLoaderSpy(),
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

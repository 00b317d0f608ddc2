import XCTest
import ItemFeed
import ItemFeedTestSupport

/// SPEC 5.3: the screen's decisions, checked through view and coordinator
/// spies: every event shows the view one state, once.
final class ItemListPresenterTests: XCTestCase {
    func test_init_sendsNothing() {
        let (_, view, coordinator) = makeSUT()

        XCTAssertEqual(view.states, [])
        XCTAssertEqual(coordinator.openedItems, [])
    }

    func test_didStartLoading_showsLoading_once() {
        let (sut, view, _) = makeSUT()

        sut.didStartLoading()

        XCTAssertEqual(view.states.count, 1)
        XCTAssertEqual(view.states.last?.isLoading, true)
        XCTAssertEqual(view.states.last?.page, .loading)
    }

    func test_didFinishLoadingWithItems_showsThemAndStopsLoading_once() {
        let (sut, view, _) = makeSUT()
        let items = [makeItem(), makeItem()]

        sut.didFinishLoading(with: Feed(items: items, title: "Swift Blog"))

        let state = view.states.last
        XCTAssertEqual(view.states.count, 1)
        XCTAssertEqual(state?.items, items)
        XCTAssertEqual(state?.title, "Swift Blog")
        XCTAssertEqual(state?.isLoading, false)
        XCTAssertEqual(state?.rowChange, .replaced)
        XCTAssertNil(state?.banner)
    }

    func test_didFinishLoadingWithError_showsTheErrorsDescription_asThePage_whenNothingLoaded() {
        let (sut, view, _) = makeSUT()

        sut.didFinishLoading(with: FeedError.noItems)

        XCTAssertEqual(view.states.count, 1)
        XCTAssertEqual(view.states.last?.page, .error("The feed has no items."))
        XCTAssertEqual(view.states.last?.isLoading, false)
    }

    func test_didFinishLoadingWithUndescribedError_showsTheGenericMessage() {
        let (sut, view, _) = makeSUT()

        sut.didFinishLoading(with: ItemLoaderSpy.LoadError())

        XCTAssertEqual(view.states.last?.page, .error(ItemListPresenter.genericErrorMessage))
    }

    func test_didFinishLoadingASavedCopy_showsItsItems_andSaysWhyTheFreshLoadFailed_once() {
        let (sut, view, _) = makeSUT()
        let items = [makeItem()]

        sut.didFinishLoading(with: Feed(items: items, origin: .saved(because: FeedError.noItems)))

        XCTAssertEqual(view.states.count, 1)
        XCTAssertEqual(view.states.last?.items, items)
        XCTAssertEqual(view.states.last?.banner, "Showing the feed as it was last loaded. The feed has no items.")
    }

    func test_didFinishLoadingAFeedReadByRecovery_showsItsItems_andSaysWhereItBroke_once() {
        let (sut, view, _) = makeSUT()
        let items = [makeItem()]

        sut.didFinishLoading(with: Feed(items: items, problem: "line 8: Opening and ending tag mismatch: b and title"))

        XCTAssertEqual(view.states.count, 1)
        XCTAssertEqual(view.states.last?.items, items)
        XCTAssertEqual(
            view.states.last?.banner,
            "Part of the feed could not be read (line 8: Opening and ending tag mismatch: b and title); showing what could."
        )
    }

    func test_aWebPageNamingOneFeed_opensThatFeed_once_andTellsTheViewNothing() {
        let (sut, view, coordinator) = makeSUT()
        let feed = URL(string: "https://blog.example.com/feed.xml")!

        sut.didFinishLoading(with: RemoteLoadError.pageNamesFeeds([FeedLink(url: feed, title: "Posts", format: "RSS")]))

        XCTAssertEqual(coordinator.openedFeeds, [feed])
        XCTAssertEqual(view.states.count, 0)
    }

    func test_aWebPageNamingSeveralFeeds_offersThemAsThePage_andTheOneChosenOpens() {
        let (sut, view, coordinator) = makeSUT()
        let links = [
            FeedLink(url: URL(string: "https://blog.example.com/feed.xml")!, title: "Posts", format: "RSS"),
            FeedLink(url: URL(string: "https://blog.example.com/comments.atom")!, title: "Comments", format: "Atom"),
        ]
        sut.didStartLoading()

        sut.didFinishLoading(with: RemoteLoadError.pageNamesFeeds(links))
        sut.didChooseFeed(at: 1)
        sut.didChooseFeed(at: 2)

        XCTAssertEqual(view.states.last?.page, .feeds(links))
        XCTAssertEqual(view.states.last?.isLoading, false)
        XCTAssertEqual(coordinator.openedFeeds, [links[1].url], "Expected the chosen feed opened, and nothing for a row that is not there")
    }

    func test_aWebPageNamingNoFeed_isTheErrorPage_sayingSo() {
        let (sut, view, _) = makeSUT()
        sut.didStartLoading()

        sut.didFinishLoading(with: RemoteLoadError.pageNamesNoFeed)

        XCTAssertEqual(view.states.last?.page, .error(RemoteLoadError.pageNamesNoFeed.errorDescription!))
    }

    func test_didFinishLoadingPageWithError_showsItOnTheLoadMoreRow_once() {
        let (sut, view, _) = makeSUT()
        sut.didFinishLoading(with: Feed(items: [makeItem()], nextPage: anyURL()))
        XCTAssertEqual(sut.didRequestNextPage(), anyURL())

        sut.didFinishLoadingPage(with: RemoteLoadError.server(statusCode: 502))

        XCTAssertEqual(view.states.count, 3)
        XCTAssertEqual(view.states.last?.pageLoad, .failed(RemoteLoadError.server(statusCode: 502).errorDescription!))
    }

    func test_didActivate_opensTheItemOnce_andTellsTheViewNothing() {
        let (sut, view, coordinator) = makeSUT()
        let item = makeItem()

        sut.didActivate(item)

        XCTAssertEqual(coordinator.openedItems, [item])
        XCTAssertEqual(view.states, [])
    }

    func test_presenter_doesNotKeepItsViewOrCoordinatorAlive() {
        var view: ViewSpy? = ViewSpy()
        var coordinator: CoordinatorSpy? = CoordinatorSpy()
        weak let weakView = view
        weak let weakCoordinator = coordinator
        let sut = ItemListPresenter(view: view!, coordinator: coordinator)

        view = nil
        coordinator = nil
        sut.didStartLoading()

        XCTAssertNil(weakView)
        XCTAssertNil(weakCoordinator)
    }

    // MARK: Helpers

    private func makeSUT(file: StaticString = #filePath, line: UInt = #line) -> (ItemListPresenter, ViewSpy, CoordinatorSpy) {
        let view = ViewSpy()
        let coordinator = CoordinatorSpy()
        let sut = ItemListPresenter(view: view, coordinator: coordinator)
        trackForMemoryLeaks(sut, file: file, line: line)
        trackForMemoryLeaks(view, file: file, line: line)
        trackForMemoryLeaks(coordinator, file: file, line: line)
        return (sut, view, coordinator)
    }
}

private final class ViewSpy: ItemListView {
    private(set) var states: [ItemListState] = []
    func display(_ state: ItemListState) { states.append(state) }
}

import XCTest
import ItemFeed
import ItemFeedTestSupport

/// SPEC 5.3: the screen's decisions, checked through view and coordinator spies.
final class ItemListPresenterTests: XCTestCase {
    func test_init_sendsNothing() {
        let (_, view, coordinator) = makeSUT()

        XCTAssertEqual(view.messages, [])
        XCTAssertEqual(coordinator.openedItems, [])
    }

    func test_didStartLoading_hidesTheErrorAndShowsLoading_once() {
        let (sut, view, _) = makeSUT()

        sut.didStartLoading()

        XCTAssertEqual(view.messages, [.errorMessage(nil), .isLoading(true)])
    }

    func test_didFinishLoadingWithItems_showsThemAndStopsLoading_once() {
        let (sut, view, _) = makeSUT()
        let items = [makeItem(), makeItem()]

        sut.didFinishLoading(with: Feed(items: items))

        XCTAssertEqual(view.messages, [.items(items), .isLoading(false)])
    }

    func test_didFinishLoadingAFeedWithATitle_showsTheTitle_once() {
        let (sut, view, _) = makeSUT()
        let items = [makeItem()]

        sut.didFinishLoading(with: Feed(items: items, title: "Swift Blog"))

        XCTAssertEqual(view.messages, [.items(items), .title("Swift Blog"), .isLoading(false)])
    }

    func test_didFinishLoadingWithError_showsTheErrorsDescriptionAndStopsLoading_once() {
        let (sut, view, _) = makeSUT()

        sut.didFinishLoading(with: FeedError.noItems)

        XCTAssertEqual(view.messages, [.errorMessage("The feed has no items."), .isLoading(false)])
    }

    func test_didFinishLoadingWithUndescribedError_showsTheGenericMessage() {
        let (sut, view, _) = makeSUT()

        sut.didFinishLoading(with: ItemLoaderSpy.LoadError())

        XCTAssertEqual(view.messages, [.errorMessage(ItemListPresenter.genericErrorMessage), .isLoading(false)])
    }

    func test_didFinishLoadingASavedCopy_showsItsItems_andSaysWhyTheFreshLoadFailed_once() {
        let (sut, view, _) = makeSUT()
        let items = [makeItem()]

        sut.didFinishLoading(with: Feed(items: items, origin: .saved(because: FeedError.noItems)))

        XCTAssertEqual(view.messages, [
            .items(items),
            .errorMessage("Showing the feed as it was last loaded. The feed has no items."),
            .isLoading(false),
        ])
    }

    func test_didActivate_opensTheItemOnce_andTellsTheViewNothing() {
        let (sut, view, coordinator) = makeSUT()
        let item = makeItem()

        sut.didActivate(item)

        XCTAssertEqual(coordinator.openedItems, [item])
        XCTAssertEqual(view.messages, [])
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
        trackForMemoryLeaks(view, file: file, line: line)
        trackForMemoryLeaks(coordinator, file: file, line: line)
        trackForMemoryLeaks(sut, file: file, line: line)
        return (sut, view, coordinator)
    }
}

private final class ViewSpy: ItemListView {
    enum Message: Equatable {
        case isLoading(Bool)
        case items([Item])
        case errorMessage(String?)
        case title(String)
    }

    private(set) var messages: [Message] = []

    func display(isLoading: Bool) { messages.append(.isLoading(isLoading)) }
    func display(items: [Item], nextPage: URL?) { messages.append(.items(items)) }
    func display(title: String) { messages.append(.title(title)) }
    func display(errorMessage: String?) { messages.append(.errorMessage(errorMessage)) }
}

private final class CoordinatorSpy: ItemListCoordinator {
    private(set) var openedItems: [Item] = []
    func open(_ item: Item) { openedItems.append(item) }
}

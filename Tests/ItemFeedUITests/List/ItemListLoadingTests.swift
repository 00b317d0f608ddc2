import XCTest
import ItemFeed
import ItemFeedUI
import ItemFeedTestSupport

/// SPEC 2.1–2.4, 2.11, 2.12 and the screen's error and empty states.
final class ItemListLoadingTests: XCTestCase {
    @MainActor func test_init_doesNotLoadItems() async {
        let sut = makeSUT()

        XCTAssertEqual(sut.loader.loadItemsCallCount, 0, "Expected no load before the screen is shown")
    }

    @MainActor func test_screenShown_loadsItemsOnce() async {
        let sut = makeSUT()

        sut.controller.simulateScreenShown()
        sut.controller.simulateScreenShown()

        XCTAssertEqual(sut.loader.loadItemsCallCount, 1, "Expected one load however often the screen is shown")
    }

    @MainActor func test_userReloads_loadOnceMoreEach() async {
        let sut = makeSUT()
        sut.controller.simulateScreenShown()

        sut.controller.simulateUserInitiatedReload()
        XCTAssertEqual(sut.loader.loadItemsCallCount, 2, "Expected a second load after the first user reload")

        sut.controller.simulateUserInitiatedReload()
        XCTAssertEqual(sut.loader.loadItemsCallCount, 3, "Expected a third load after the second user reload")
    }

    @MainActor func test_loadingIndicator_isShownWhileLoadingAndHiddenOnSuccess() async {
        let sut = makeSUT()
        XCTAssertFalse(sut.controller.isShowingLoadingIndicator, "Expected no indicator before the screen is shown")

        sut.controller.simulateScreenShown()
        XCTAssertTrue(sut.controller.isShowingLoadingIndicator, "Expected the indicator while the first load runs")

        sut.loader.completeItemLoading(at: 0)
        XCTAssertFalse(sut.controller.isShowingLoadingIndicator, "Expected no indicator once the load succeeded")
    }

    @MainActor func test_loadingIndicator_isShownDuringReloadAndHiddenOnFailure() async {
        let sut = makeSUT()
        sut.controller.simulateScreenShown()
        sut.loader.completeItemLoading(at: 0)

        sut.controller.simulateUserInitiatedReload()
        XCTAssertTrue(sut.controller.isShowingLoadingIndicator, "Expected the indicator while the reload runs")

        sut.loader.completeItemLoadingWithError(at: 1)
        XCTAssertFalse(sut.controller.isShowingLoadingIndicator, "Expected no indicator once the reload failed")
    }

    @MainActor func test_rows_areNoneBeforeTheFirstLoadCompletes() async {
        let sut = makeSUT()

        sut.controller.simulateScreenShown()

        XCTAssertEqual(sut.controller.numberOfRows, 0)
    }

    @MainActor func test_rows_showEachItemsNameInFeedOrder() async {
        let sut = makeSUT()
        let items = [makeItem(name: "first"), makeItem(name: "second"), makeItem(name: "third")]
        sut.controller.simulateScreenShown()

        sut.loader.completeItemLoading(with: items, at: 0)

        XCTAssertEqual(sut.controller.numberOfRows, 3)
        XCTAssertEqual(sut.controller.renderedNames, ["first", "second", "third"])
    }

    @MainActor func test_reloadWithOtherItems_replacesTheRows() async {
        let sut = makeSUT()
        sut.controller.simulateScreenShown()
        sut.loader.completeItemLoading(with: [makeItem(name: "old")], at: 0)

        sut.controller.simulateUserInitiatedReload()
        sut.loader.completeItemLoading(with: [makeItem(name: "new 1"), makeItem(name: "new 2")], at: 1)

        XCTAssertEqual(sut.controller.renderedNames, ["new 1", "new 2"])
    }

    @MainActor func test_failedReload_keepsTheRowsOfTheLastSuccessfulLoad() async {
        let sut = makeSUT()
        sut.controller.simulateScreenShown()
        sut.loader.completeItemLoading(with: [makeItem(name: "kept")], at: 0)

        sut.controller.simulateUserInitiatedReload()
        sut.loader.completeItemLoadingWithError(at: 1)

        XCTAssertEqual(sut.controller.renderedNames, ["kept"])
    }

    @MainActor func test_reloadReturningEmptyList_clearsTheRowsAndShowsEmptyState() async {
        let sut = makeSUT()
        sut.controller.simulateScreenShown()
        sut.loader.completeItemLoading(with: [makeItem(), makeItem()], at: 0)
        XCTAssertFalse(sut.listView.isShowingEmptyState, "Expected no empty state while there are items")

        sut.controller.simulateUserInitiatedReload()
        sut.loader.completeItemLoading(with: [], at: 1)

        XCTAssertEqual(sut.controller.numberOfRows, 0)
        XCTAssertTrue(sut.listView.isShowingEmptyState, "Expected the empty state for an empty feed")
    }

    @MainActor func test_emptyState_isNotShownWhileTheFirstLoadRuns() async {
        let sut = makeSUT()

        sut.controller.simulateScreenShown()

        XCTAssertFalse(sut.listView.isShowingEmptyState, "Expected no empty state before anything loaded")
    }

    @MainActor func test_olderLoadFinishingLate_isIgnoredAndNewestIsRendered() async {
        let sut = makeSUT()
        sut.controller.simulateScreenShown()
        sut.controller.simulateUserInitiatedReload()
        XCTAssertEqual(sut.loader.loadItemsCallCount, 2, "Expected every user reload to request the feed")

        sut.loader.completeItemLoading(with: [makeItem(name: "newest")], at: 1)
        sut.loader.completeItemLoading(with: [makeItem(name: "stale")], at: 0)

        XCTAssertEqual(sut.controller.renderedNames, ["newest"])
    }

    @MainActor func test_olderLoadFinishing_doesNotHideTheIndicatorOfTheNewest() async {
        let sut = makeSUT()
        sut.controller.simulateScreenShown()
        sut.controller.simulateUserInitiatedReload()

        sut.loader.completeItemLoading(with: [makeItem()], at: 0)

        XCTAssertTrue(sut.controller.isShowingLoadingIndicator, "Expected the indicator until the newest load finishes")
        XCTAssertEqual(sut.controller.numberOfRows, 0, "Expected the stale result not to be rendered")
    }

    @MainActor func test_failedFirstLoad_showsTheErrorPage_notTheBanner() async {
        let sut = makeSUT()
        sut.controller.simulateScreenShown()
        XCTAssertEqual(sut.listView.page, .loading, "Expected the loading page until the first load ends")

        sut.loader.completeItemLoadingWithError(at: 0)

        XCTAssertEqual(sut.listView.page, .error(ItemListPresenter.genericErrorMessage))
        XCTAssertNil(sut.listView.bannerMessage, "Expected one message, on the page")
    }

    @MainActor func test_failedLoad_showsTheErrorsOwnDescriptionWhenItHasOne() async {
        let sut = makeSUT()
        sut.controller.simulateScreenShown()

        sut.loader.completeItemLoadingWithError(FeedError.noItems, at: 0)

        XCTAssertEqual(sut.listView.page, .error("The feed has no items."))
    }

    @MainActor func test_failedReload_showsTheBannerOverTheKeptRows() async {
        let sut = makeSUT()
        sut.controller.simulateScreenShown()
        sut.loader.completeItemLoading(with: [makeItem()], at: 0)

        sut.controller.simulateUserInitiatedReload()
        sut.loader.completeItemLoadingWithError(at: 1)

        XCTAssertEqual(sut.listView.bannerMessage, ItemListPresenter.genericErrorMessage)
        XCTAssertEqual(sut.listView.page, .rows)
    }

    @MainActor func test_failedReloadOfAnEmptyFeed_keepsTheEmptyPageAndShowsTheBanner() async {
        let sut = makeSUT()
        sut.controller.simulateScreenShown()
        sut.loader.completeItemLoading(with: [], at: 0)

        sut.controller.simulateUserInitiatedReload()
        sut.loader.completeItemLoadingWithError(at: 1)

        XCTAssertEqual(sut.listView.page, .empty)
        XCTAssertEqual(sut.listView.bannerMessage, ItemListPresenter.genericErrorMessage)
    }

    @MainActor func test_savedFeed_showsItsRows_underABannerThatSaysSo() async {
        let sut = makeSUT()
        sut.controller.simulateScreenShown()

        sut.loader.completeItemLoading(with: Feed(items: [makeItem(name: "saved")], origin: .saved(because: FeedError.noItems)), at: 0)

        XCTAssertEqual(sut.controller.renderedNames, ["saved"])
        XCTAssertEqual(sut.listView.page, .rows)
        XCTAssertEqual(sut.listView.bannerMessage, "Showing the feed as it was last loaded. The feed has no items.")
    }

    @MainActor func test_aFeedsTitle_isTheScreensTitle() async {
        let sut = makeSUT()
        var announced: [String] = []
        sut.controller.renderer.titleChanged = { announced.append($0) }
        sut.controller.simulateScreenShown()

        sut.loader.completeItemLoading(with: Feed(items: [makeItem()], title: "Swift Blog"), at: 0)

        XCTAssertEqual(sut.controller.renderer.title, "Swift Blog")
        XCTAssertEqual(announced, ["Swift Blog"])
    }

    @MainActor func test_reloadWhileALoadRuns_cancelsThatLoad_andStartsOneMore() async {
        let sut = makeSUT()
        sut.controller.simulateScreenShown()

        sut.controller.simulateUserInitiatedReload()

        XCTAssertEqual(sut.loader.loadItemsCallCount, 2)
        XCTAssertEqual(sut.loader.cancelledItemLoads, [0], "Expected the running load cancelled, once")
    }

    @MainActor func test_aScreenThatGoesAway_cancelsItsLoadAndItsVisibleRowsImages() async {
        let loader = ItemLoaderSpy()
        var controller: ItemListController<HeadlessImage>? = ItemListComposer.compose(
            itemLoader: loader, imageLoader: loader, imageDecoder: HeadlessImageDecoder()
        )
        controller?.simulateScreenShown()
        controller?.simulateUserInitiatedReload()
        loader.completeItemLoading(with: [makeItem(imageURL: imageURL("a"))], at: 1)
        controller?.simulateRowVisible(at: 0)
        controller?.simulateUserInitiatedReload()

        controller = nil

        XCTAssertEqual(loader.cancelledItemLoads, [0, 2], "Expected the load under way cancelled with the screen")
        XCTAssertEqual(loader.cancelledImageURLs, [imageURL("a")])
    }

    @MainActor func test_reloadAfterALoadFinished_cancelsNothing() async {
        let sut = makeSUT()
        sut.controller.simulateScreenShown()
        sut.loader.completeItemLoading(with: [makeItem()], at: 0)
        sut.controller.simulateUserInitiatedReload()
        sut.loader.completeItemLoadingWithError(at: 1)

        sut.controller.simulateUserInitiatedReload()

        XCTAssertEqual(sut.loader.cancelledItemLoads, [], "Expected no cancel for loads that had finished")
    }

    @MainActor func test_supersededLoadThatFellBackToTheSavedCopy_leavesNoNoticeOverTheNewerFreshRows() async {
        let sut = makeSUT()
        sut.controller.simulateScreenShown()
        sut.controller.simulateUserInitiatedReload()
        sut.loader.completeItemLoading(with: [makeItem(name: "fresh")], at: 1)

        sut.loader.completeItemLoading(with: Feed(items: [makeItem(name: "saved")], origin: .saved(because: FeedError.noItems)), at: 0)

        XCTAssertEqual(sut.controller.renderedNames, ["fresh"])
        XCTAssertNil(sut.listView.bannerMessage, "Expected the older load's saved-copy notice to be dropped with its rows")
    }

    @MainActor func test_errorPage_isClearedByAReload() async {
        let sut = makeSUT()
        sut.controller.simulateScreenShown()
        sut.loader.completeItemLoadingWithError(at: 0)

        sut.controller.simulateUserInitiatedReload()

        XCTAssertEqual(sut.listView.page, .loading, "Expected the reload to replace the error page with the loading page")

        sut.loader.completeItemLoading(with: [makeItem()], at: 1)
        XCTAssertEqual(sut.listView.page, .rows)
    }

    @MainActor func test_banner_isClearedByAReload() async {
        let sut = makeSUT()
        sut.controller.simulateScreenShown()
        sut.loader.completeItemLoading(with: [makeItem()], at: 0)
        sut.controller.simulateUserInitiatedReload()
        sut.loader.completeItemLoadingWithError(at: 1)

        sut.controller.simulateUserInitiatedReload()

        XCTAssertNil(sut.listView.bannerMessage, "Expected the reload to clear the banner")
    }

    @MainActor func test_banner_isHiddenByDismiss() async {
        let sut = makeSUT()
        sut.controller.simulateScreenShown()
        sut.loader.completeItemLoading(with: [makeItem()], at: 0)
        sut.controller.simulateUserInitiatedReload()
        sut.loader.completeItemLoadingWithError(at: 1)

        sut.controller.simulateErrorDismissTapped()

        XCTAssertNil(sut.listView.bannerMessage, "Expected dismiss to hide the banner")
        XCTAssertEqual(sut.loader.loadItemsCallCount, 2, "Expected dismiss not to reload")
    }

    @MainActor func test_errorRetry_reloadsTheFeed() async {
        let sut = makeSUT()
        sut.controller.simulateScreenShown()
        sut.loader.completeItemLoadingWithError(at: 0)

        sut.controller.simulateErrorRetryTapped()

        XCTAssertEqual(sut.loader.loadItemsCallCount, 2)
        XCTAssertTrue(sut.controller.isShowingLoadingIndicator, "Expected the retry to show the indicator")
    }

    @MainActor func test_newData_asksTheReloaderToReloadTheListView() async {
        let reloader = ListReloaderSpy()
        let sut = makeSUT(reloader: reloader)
        sut.controller.simulateScreenShown()
        XCTAssertTrue(reloader.reloadedLists.isEmpty, "Expected no reload before data arrives")

        sut.loader.completeItemLoading(with: [makeItem()], at: 0)

        XCTAssertEqual(reloader.reloadedLists.count, 1, "Expected one reload per arrival of new data")
        XCTAssertTrue(reloader.reloadedLists.first === sut.listView, "Expected the screen's list view to be reloaded")
    }

    @MainActor func test_failedLoad_doesNotReloadTheListView() async {
        let reloader = ListReloaderSpy()
        let sut = makeSUT(reloader: reloader)
        sut.controller.simulateScreenShown()

        sut.loader.completeItemLoadingWithError(at: 0)

        XCTAssertTrue(reloader.reloadedLists.isEmpty, "Expected the rows to stay as they were")
    }

    @MainActor func test_activatingARow_opensItsItemThroughTheCoordinator() async {
        let coordinator = CoordinatorSpy()
        let sut = makeSUT(coordinator: coordinator)
        let items = [makeItem(name: "a"), makeItem(name: "b")]
        sut.controller.simulateScreenShown()
        sut.loader.completeItemLoading(with: items, at: 0)

        sut.controller.simulateRowActivated(at: 1)

        XCTAssertEqual(coordinator.openedItems, [items[1]])
    }
}

@MainActor
private final class ListReloaderSpy: ListReloader {
    private(set) var reloadedLists: [Reloadable] = []
    func reload(_ list: Reloadable) { reloadedLists.append(list) }
}


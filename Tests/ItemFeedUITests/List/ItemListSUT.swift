import XCTest
import ItemFeed
import ItemFeedUI
import ItemFeedTestSupport

/// The list screen as the app composes it, over spies and headless views.
@MainActor
struct ItemListSUT {
    let controller: ItemListController<HeadlessImage>
    let loader: ItemLoaderSpy
    let listView: HeadlessItemListView
    let scheduler: ManualScheduler
}

extension XCTestCase {
    @MainActor
    func makeSUT(
        coordinator: ItemListCoordinator? = nil,
        reloader: ListReloader = ImmediateListReloader(),
        searchesOnTheServer: Bool = false,
        file: StaticString = #filePath,
        line: UInt = #line
    ) -> ItemListSUT {
        let loader = ItemLoaderSpy()
        let listView = HeadlessItemListView()
        let scheduler = ManualScheduler()
        let controller = ItemListComposer.compose(
            itemLoader: loader,
            pageLoader: loader,
            searchLoader: searchesOnTheServer ? loader : nil,
            schedule: scheduler.schedule,
            imageLoader: loader,
            imageDecoder: HeadlessImageDecoder(),
            coordinator: coordinator,
            reloader: reloader
        )
        controller.renderer.listView = listView
        controller.renderer.statusView = listView
        trackForMemoryLeaks(controller, file: file, line: line)
        trackForMemoryLeaks(loader, file: file, line: line)
        trackForMemoryLeaks(listView, file: file, line: line)
        trackForMemoryLeaks(scheduler, file: file, line: line)
        return ItemListSUT(controller: controller, loader: loader, listView: listView, scheduler: scheduler)
    }
}

func imageURL(_ name: String) -> URL {
    URL(string: "https://example.com/\(name).png")!
}

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
}

extension XCTestCase {
    @MainActor
    func makeSUT(
        coordinator: ItemListCoordinator? = nil,
        reloader: ListReloader = ImmediateListReloader(),
        file: StaticString = #filePath,
        line: UInt = #line
    ) -> ItemListSUT {
        let loader = ItemLoaderSpy()
        let listView = HeadlessItemListView()
        let controller = ItemListComposer.compose(
            itemLoader: loader,
            pageLoader: loader,
            imageLoader: loader,
            imageDecoder: HeadlessImageDecoder(),
            coordinator: coordinator,
            reloader: reloader
        )
        controller.listView = listView
        controller.statusView = listView
        trackForMemoryLeaks(controller, file: file, line: line)
        trackForMemoryLeaks(loader, file: file, line: line)
        trackForMemoryLeaks(listView, file: file, line: line)
        return ItemListSUT(controller: controller, loader: loader, listView: listView)
    }
}

func imageURL(_ name: String) -> URL {
    URL(string: "https://example.com/\(name).png")!
}

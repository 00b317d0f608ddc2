import XCTest
import ItemFeed
import ItemFeedUI
import ItemFeedTestSupport

/// Which rows are visible, from GTK's facts only: rows bound at positions
/// and the adjustment. Rows are 100 px and the window 500 px in these
/// tests, so five rows fit and the near-visible margin is five rows.
final class ItemListViewportTests: XCTestCase {
    @MainActor func test_rowsGTKBindsAhead_areNotVisible_untilTheyScrollIn() async {
        let (sut, viewport) = makeLoadedSUT(itemCount: 50)
        let views = bind(0..<30, in: viewport)

        viewport.laidOut(scroll(offset: 0, rows: 50)) { bound(views) }

        XCTAssertEqual(viewport.visibleRows, 0..<5)
        XCTAssertEqual(sut.controller.boundRowCount, 5, "Expected only the rows on screen bound to their controllers")
        XCTAssertEqual(sut.loader.loadedImageURLs, (0..<10).map(url), "Expected the visible rows' images, then the near-visible rows'")
        XCTAssertEqual(views[20]?.name, "item 20", "Expected a row bound ahead to show its own item")
        XCTAssertEqual(views[20]?.isShowingLoadingIndicator, false, "Expected no load for a row bound far ahead")
    }

    @MainActor func test_scrollingByOneRow_hidesTheRowThatLeft_andShowsTheRowThatCameIn() async {
        let (sut, viewport) = makeLoadedSUT(itemCount: 50)
        let views = bind(0..<30, in: viewport)
        viewport.laidOut(scroll(offset: 0, rows: 50)) { bound(views) }

        viewport.scrolled(scroll(offset: 100, rows: 50))
        sut.loader.completeImageLoading(with: imageData("0"), at: 0)
        sut.loader.completeImageLoading(with: imageData("5"), at: 5)

        XCTAssertEqual(viewport.visibleRows, 1..<6)
        XCTAssertEqual(sut.controller.boundRowCount, 5)
        XCTAssertNil(views[0]?.renderedImage, "Expected the row that left the screen to hear nothing more")
        XCTAssertEqual(views[5]?.renderedImage?.data, imageData("5"), "Expected the row that came in to show its image")
        XCTAssertEqual(viewport.nearVisible.rows, 0..<11)
    }

    @MainActor func test_aListShorterThanTheWindow_showsEveryRow_andPrefetchesNoneBeyondIt() async {
        let (sut, viewport) = makeLoadedSUT(itemCount: 3)
        let views = bind(0..<3, in: viewport)

        viewport.laidOut(scroll(offset: 0, rows: 3)) { bound(views) }

        XCTAssertEqual(sut.controller.boundRowCount, 3)
        XCTAssertEqual(viewport.nearVisible.rows, 0..<3)
        XCTAssertEqual(sut.loader.loadedImageURLs, (0..<3).map(url))
    }

    @MainActor func test_jumpingToTheEndAndBack_movesVisibilityWithTheRowsGTKBindsThere() async {
        let (sut, viewport) = makeLoadedSUT(itemCount: 100)
        var views = bind(0..<30, in: viewport)
        viewport.laidOut(scroll(offset: 0, rows: 100)) { bound(views) }

        // End: the adjustment jumps first, then GTK binds the rows there.
        viewport.scrolled(scroll(offset: 9_500, rows: 100))
        XCTAssertEqual(sut.controller.boundRowCount, 0, "Expected no row visible before GTK binds the rows at the end")
        XCTAssertEqual(sut.loader.cancelledImageURLs, (0..<10).map(url), "Expected the top rows' loads cancelled")
        views = rebind(views, from: 0..<30, to: 70..<100, in: viewport)
        XCTAssertEqual(sut.controller.boundRowCount, 5)
        XCTAssertEqual(viewport.visibleRows, 95..<100)
        XCTAssertEqual(viewport.nearVisible.rows, 90..<100)
        XCTAssertEqual(Array(sut.loader.loadedImageURLs.dropFirst(10)), (90..<100).map(url), "Expected only the rows at the end loaded, once each")

        // Home: back to the top.
        viewport.scrolled(scroll(offset: 0, rows: 100))
        views = rebind(views, from: 70..<100, to: 0..<30, in: viewport)
        XCTAssertEqual(sut.controller.boundRowCount, 5)
        XCTAssertEqual(viewport.visibleRows, 0..<5)
        XCTAssertEqual(views[0]?.name, "item 0")
    }

    @MainActor func test_aVisibleRowBoundAgainWhereItIs_isNotLoadedAgain() async {
        let (sut, viewport) = makeLoadedSUT(itemCount: 50)
        let views = bind(0..<30, in: viewport)
        viewport.laidOut(scroll(offset: 0, rows: 50)) { bound(views) }
        let requests = sut.loader.loadedImageURLs

        viewport.rowBound(views[2]!, at: 2)
        viewport.laidOut(scroll(offset: 0, rows: 50)) { bound(views) }

        XCTAssertEqual(sut.loader.loadedImageURLs, requests)
        XCTAssertEqual(sut.loader.cancelledImageURLs, [])
        XCTAssertEqual(sut.controller.boundRowCount, 5)
    }

    @MainActor func test_aRowGTKMovesToAnotherPosition_leavesItsOldRowFirst() async {
        let (sut, viewport) = makeLoadedSUT(itemCount: 50)
        let views = bind(0..<30, in: viewport)
        viewport.laidOut(scroll(offset: 0, rows: 50)) { bound(views) }

        viewport.rowBound(views[1]!, at: 3)
        sut.loader.completeImageLoading(with: imageData("1"), at: 1)

        XCTAssertNil(views[1]?.renderedImage, "Expected row 1's image not to land in the widget now showing row 3")
        XCTAssertEqual(views[1]?.name, "item 3")
    }

    @MainActor func test_unbindingAVisibleRow_stopsItBeingVisible() async {
        let (sut, viewport) = makeLoadedSUT(itemCount: 50)
        let views = bind(0..<30, in: viewport)
        viewport.laidOut(scroll(offset: 0, rows: 50)) { bound(views) }

        viewport.rowUnbound(views[2]!)

        XCTAssertEqual(sut.controller.boundRowCount, 4)
        XCTAssertEqual(viewport.boundRowCount, 29)
    }

    /// GTK lays appended rows out a frame later: until then the rows keep
    /// the height of the last layout, so the new load-more row below the
    /// window is not taken for visible (page 3 was asked for while page 2
    /// filled the window).
    @MainActor func test_rowsAppendedBeforeLayout_keepTheLastLayoutsRowHeight() async {
        let (sut, viewport) = makeLoadedSUT(itemCount: 10, nextPage: URL(string: "https://example.com/page2")!)
        var views = bind(0..<11, in: viewport)
        viewport.laidOut(scroll(offset: 0, rows: 11)) { bound(views) }
        viewport.scrolled(scroll(offset: 600, rows: 11))
        XCTAssertEqual(sut.loader.loadedPageURLs.count, 1, "Expected the load-more row on screen to ask for page 2")

        sut.loader.completePageLoading(with: items(10..<20), nextPage: URL(string: "https://example.com/page3")!)
        views.merge(bind(11..<21, in: viewport)) { old, _ in old }
        viewport.rowsChanged(scroll(offset: 600, rows: 11), boundRows: bound(views))

        XCTAssertEqual(viewport.visibleRows, 6..<11)
        XCTAssertEqual(sut.loader.loadedPageURLs.count, 1, "Expected no page 3 before GTK lays page 2 out")
    }

    @MainActor func test_allRowsReplaced_bindsTheRowsOnScreenAgainAtTheirNewPositions() async {
        let (sut, viewport) = makeLoadedSUT(itemCount: 50)
        let views = bind(0..<30, in: viewport)
        viewport.laidOut(scroll(offset: 0, rows: 50)) { bound(views) }

        sut.controller.simulateUserInitiatedReload()
        sut.loader.completeItemLoading(with: items(100..<150), at: 1)
        viewport.allRowsReplaced()
        viewport.rowsChanged(scroll(offset: 0, rows: 50), boundRows: bound(views))

        XCTAssertEqual(sut.controller.boundRowCount, 5)
        XCTAssertEqual(views[0]?.name, "item 100")
    }

    // MARK: Helpers

    private let rowHeight = 100.0

    private func scroll(offset: Double, rows: Int) -> ItemListViewport<HeadlessItemRowView>.Scroll {
        .init(offset: offset, pageSize: 500, contentHeight: Double(rows) * rowHeight)
    }

    private func url(_ index: Int) -> URL { imageURL("\(index)") }

    private func items(_ indices: Range<Int>) -> [Item] {
        indices.map { makeItem(id: "\($0)", name: "item \($0)", imageURL: url($0)) }
    }

    /// GtkListView's factory making fresh rows and binding them.
    @MainActor private func bind(_ positions: Range<Int>, in viewport: ItemListViewport<HeadlessItemRowView>) -> [Int: HeadlessItemRowView] {
        var views: [Int: HeadlessItemRowView] = [:]
        for position in positions {
            let view = HeadlessItemRowView()
            views[position] = view
            viewport.rowBound(view, at: position)
        }
        return views
    }

    /// GtkListView recycling its rows for other positions: unbind, then bind.
    @MainActor private func rebind(
        _ views: [Int: HeadlessItemRowView], from old: Range<Int>, to new: Range<Int>,
        in viewport: ItemListViewport<HeadlessItemRowView>
    ) -> [Int: HeadlessItemRowView] {
        var moved: [Int: HeadlessItemRowView] = [:]
        for (position, target) in zip(old, new) {
            guard let view = views[position] else { continue }
            viewport.rowUnbound(view)
            viewport.rowBound(view, at: target)
            moved[target] = view
        }
        return moved
    }

    private func bound(_ views: [Int: HeadlessItemRowView]) -> [(HeadlessItemRowView, Int)] {
        views.map { ($0.value, $0.key) }
    }

    @MainActor private func makeLoadedSUT(
        itemCount: Int, nextPage: URL? = nil, file: StaticString = #filePath, line: UInt = #line
    ) -> (ItemListSUT, ItemListViewport<HeadlessItemRowView>) {
        let sut = makeSUT(file: file, line: line)
        let viewport = ItemListViewport<HeadlessItemRowView>(controller: sut.controller)
        trackForMemoryLeaks(viewport, file: file, line: line)
        sut.controller.simulateScreenShown()
        sut.loader.completeItemLoading(with: Feed(items: items(0..<itemCount), nextPage: nextPage), at: 0)
        return (sut, viewport)
    }
}

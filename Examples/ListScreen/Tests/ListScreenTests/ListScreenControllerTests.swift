import ListScreen
import XCTest

/// The screen's behaviour headless: the events the widgets would send,
/// simulated by calling the controller; the reload spied on.
final class ListScreenControllerTests: XCTestCase {
    @MainActor func test_refresh_loadsOnce_evenWhenAskedAgainWhileLoading() async {
        let (sut, loader) = makeSUT()

        sut.refresh()
        sut.refresh()

        XCTAssertEqual(loader.loadCount, 1)
        XCTAssertTrue(sut.isLoading)
        loader.complete(with: ["A", "B"])
        XCTAssertEqual(sut.rows, ["A", "B"])
        XCTAssertFalse(sut.isLoading)
    }

    @MainActor func test_aFailedLoad_keepsTheRowsAndSaysWhy() async {
        let (sut, loader) = makeSUT()
        sut.refresh()
        loader.complete(with: ["A"])

        sut.refresh()
        loader.fail(1)

        XCTAssertEqual(sut.rows, ["A"])
        XCTAssertEqual(sut.problem, "Could not load the rows: refused")
    }

    @MainActor func test_openingARow_thenClosing() async {
        let (sut, loader) = makeSUT()
        sut.refresh()
        loader.complete(with: ["A", "B"])

        sut.open(1)
        XCTAssertEqual(sut.opened, 1)
        sut.open(7)
        XCTAssertEqual(sut.opened, 1, "no row there")
        sut.close()
        XCTAssertNil(sut.opened)
    }

    @MainActor private func makeSUT() -> (ListScreenController, RowLoaderSpy) {
        let loader = RowLoaderSpy()
        return (ListScreenController(loader: loader), loader)
    }
}

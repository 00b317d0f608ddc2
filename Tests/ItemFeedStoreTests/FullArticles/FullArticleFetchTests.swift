import Foundation
import ItemFeed
import ItemFeedStore
import ItemFeedTestSupport
import XCTest

/// "Always Fetch Full Articles" scheduled: hosts taking turns, a few pages
/// at a time, each page once, nothing while a refresh or a sync runs.
@MainActor
final class FullArticleFetchTests: XCTestCase {
    private typealias Data = LibrarySpecData

    func test_start_asksOnePagePerHostAtATimeHostsTakingTurns() async throws {
        let (fetch, pages, _) = try makeFetch(maxLoads: 2)

        fetch.start()
        XCTAssertEqual(pages.asked, ["a1", "b1"], "a.example's newest, then b.example's; a2 waits for a1")

        pages.answer("a1", with: .success("<p>a1</p>"))
        XCTAssertEqual(pages.asked, ["a1", "b1", "a2"])
    }

    func test_eachPageIsKeptAndAskedOnce() async throws {
        let (fetch, pages, store) = try makeFetch(maxLoads: 4)
        fetch.start()
        for name in ["a1", "b1", "a2", "a3"] { pages.answer(name, with: .success("<p>\(name)</p>")) }
        XCTAssertFalse(fetch.isFetching)

        let keys = try Data.keys(store)
        XCTAssertEqual(try store.fullArticleHTML(keys["a2"]!), "<p>a2</p>")
        fetch.start()
        XCTAssertEqual(pages.asked, ["a1", "b1", "a2", "a3"], "nothing asked a second time")
    }

    func test_aPageWithNoArticleIsNotAskedAgain_aBusyHostsPagesWaitForTheNextRound() async throws {
        let (fetch, pages, store) = try makeFetch(maxLoads: 4)
        fetch.start()
        pages.answer("a1", with: .failure(.http(status: 503)))
        XCTAssertEqual(pages.asked, ["a1", "b1"], "a.example said it is busy: a2 and a3 wait")
        pages.answer("b1", with: .failure(.noArticle))
        XCTAssertFalse(fetch.isFetching)
        XCTAssertNil(try store.fullArticleHTML(Data.keys(store)["b1"]!))

        fetch.start()
        XCTAssertEqual(pages.asked.dropFirst(2), ["a1"], "a.example's pages again, one at a time; b1 had none")
        pages.answer("a1", with: .success("<p>a1</p>"))
        XCTAssertEqual(pages.asked.dropFirst(2), ["a1", "a2"])
    }

    func test_aRefreshStopsThePagesUnderWay_andTheyAreAskedAgainAfterIt() async throws {
        let (fetch, pages, store) = try makeFetch(maxLoads: 2)
        fetch.start()

        fetch.refreshBegan()
        XCTAssertEqual(pages.cancelled, ["a1", "b1"])
        fetch.start()
        XCTAssertEqual(pages.asked, ["a1", "b1"], "nothing asked while a refresh runs")

        fetch.refreshEnded()
        XCTAssertEqual(pages.asked, ["a1", "b1", "a1", "b1"])
        pages.answer("a1", with: .success("<p>a1</p>"))
        XCTAssertEqual(try store.fullArticleHTML(Data.keys(store)["a1"]!), "<p>a1</p>", "the answer of the load asked after the refresh")
    }

    /// Feed "Pages" set to fetch: a1, a2, a3 on a.example and b1 on
    /// b.example, newest first; "Quiet" (not set) with q1.
    private func makeFetch(maxLoads: Int) throws -> (FullArticleFetch, HeldPages, SQLiteLibraryStore) {
        let store = try SQLiteLibraryStore(path: temporaryLibraryFolder().appendingPathComponent("library.sqlite").path)
        let (feed, quiet) = (Data.address("pages"), Data.address("quiet"))
        try store.subscribe(Subscription(address: feed, title: "Pages"))
        try store.subscribe(Subscription(address: quiet, title: "Quiet"))
        let items = [("a1", "a"), ("b1", "b"), ("a2", "a"), ("a3", "a")].enumerated().map { index, page in
            makeItem(id: page.0, name: page.0, date: Data.date(10 - index), link: URL(string: "https://\(page.1).example/\(page.0)"))
        }
        try store.apply([Data.loaded(feed, items), Data.loaded(quiet, [makeItem(id: "q1", date: Data.date(20), link: URL(string: "https://q.example/q1"))])])
        try store.setFetchesFullArticles(true, for: .feed(feed))
        let pages = HeldPages()
        let fetch = FullArticleFetch(writer: ImmediateLibraryWriter(store: store), maxLoads: maxLoads, load: pages.load)
        return (fetch, pages, store)
    }
}

/// Pages answered when the test says, by their last path component.
@MainActor
private final class HeldPages {
    private var loads: [(name: String, completion: (Result<String, FullArticleError>) -> Void, cancelled: Bool, answered: Bool)] = []
    var asked: [String] { loads.map(\.name) }
    var cancelled: [String] { loads.filter(\.cancelled).map(\.name) }

    func load(_ page: URL, completion: @escaping (Result<String, FullArticleError>) -> Void) -> FeedLoadTask {
        let index = loads.count
        loads.append((page.lastPathComponent, completion, false, false))
        return CancelRecorder { [weak self] in MainActor.assumeIsolated { self?.loads[index].cancelled = true } }
    }

    /// The latest load of `name` not cancelled.
    func answer(_ name: String, with result: Result<String, FullArticleError>) {
        guard let index = loads.lastIndex(where: { $0.name == name && !$0.cancelled && !$0.answered }) else { return XCTFail("\(name) was not asked") }
        loads[index].answered = true
        loads[index].completion(result)
    }
}

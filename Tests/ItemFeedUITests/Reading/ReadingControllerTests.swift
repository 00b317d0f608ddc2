import Foundation
import ItemFeed
import ItemFeedTestSupport
import ItemFeedUI
import XCTest

/// The article pane over a library view's list: opening an item, moving
/// through the items with the list following, and its actions.
@MainActor
final class ReadingControllerTests: XCTestCase {
    func test_activatingARow_opensItsArticle_andMarksItRead_insteadOfTheBrowser() async throws {
        let (reader, list, links, store) = try makeSUT(items: 3)
        var pages: [String?] = []
        reader.pageChanged = { pages.append($0?.item.name) }

        list.simulateRowActivated(at: 1)

        XCTAssertEqual(pages, ["Item 1"])
        XCTAssertEqual(reader.page?.article.plainText, "Article of Item 1")
        XCTAssertEqual(reader.page?.feed, "Tech")
        XCTAssertEqual(reader.marks?.isRead, true)
        XCTAssertEqual(try store.count(.unread), 2)
        XCTAssertEqual(links.opened, [], "not in the browser")
    }

    func test_nextAndPrevious_moveThroughTheItems_withTheListFollowing_andStopAtTheEnds() async throws {
        let (reader, _, _, _) = try makeSUT(items: 3)
        var positions: [Int] = []
        reader.positionChanged = { positions.append($0) }

        reader.next()
        reader.next()
        reader.next()
        reader.next()
        reader.previous()

        XCTAssertEqual(positions, [0, 1, 2, 1])
        XCTAssertEqual(reader.page?.item.name, "Item 1")
    }

    func test_theOpenItemsRow_isHighlighted_andTheHighlightFollows() async throws {
        let (reader, list, _, _) = try makeSUT(items: 3)
        let rows = (0..<3).map { list.simulateRowVisible(at: $0) }

        reader.open(at: 1)
        XCTAssertEqual(rows.map { $0.state?.isOpen }, [false, true, false])
        reader.next()
        XCTAssertEqual(rows.map { $0.state?.isOpen }, [false, false, true])
        reader.close()
        XCTAssertEqual(rows.map { $0.state?.isOpen }, [false, false, false])
    }

    func test_next_readsTheRowsOfACountedViewItHasNotReadYet() async throws {
        let (reader, list, _, _) = try makeSUT(items: 10, pageSize: 4, firstPageSize: 2)
        XCTAssertNil(list.item(at: 2), "counted, not read")

        reader.open(at: 1)
        reader.next()

        XCTAssertEqual(reader.page?.item.name, "Item 2")
    }

    func test_starMarkUnreadAndLinks_actOnTheOpenItem() async throws {
        let (reader, list, links, store) = try makeSUT(items: 2)
        reader.open(at: 0)

        reader.toggleStarred()
        XCTAssertEqual(reader.marks?.isStarred, true)
        XCTAssertEqual(list.marks(ofRowAt: 0)?.isStarred, true)
        reader.markUnread()
        XCTAssertEqual(reader.marks?.isRead, false)
        XCTAssertEqual(try store.count(.unread), 2)
        reader.openInBrowser()
        reader.copyLink()
        XCTAssertEqual(links.opened.map(\.name), ["Item 0"])
        XCTAssertEqual(links.copied.map(\.name), ["Item 0"])

        reader.close()
        XCTAssertNil(reader.page)
    }

    /// The reader has scrolled into the article: a star or Mark as Unread,
    /// from the pane or the row menu, changes the buttons, not the text.
    func test_aMark_changesTheButtons_neverDrawsTheArticleAgain() async throws {
        let (reader, list, _, _) = try makeSUT(items: 2)
        reader.open(at: 0)
        var pages: [String?] = [], marks: [ReadingController<HeadlessImage>.Marks?] = []
        reader.pageChanged = { pages.append($0?.item.name) }
        reader.marksChanged = { marks.append($0) }

        reader.toggleStarred()
        reader.markUnread()
        list.setStarred(false, ofRowAt: 0)

        XCTAssertEqual(pages, [], "the article is not drawn again")
        XCTAssertEqual(marks, [
            .init(isStarred: true, isRead: true), .init(isStarred: true, isRead: false), .init(isStarred: false, isRead: false),
        ])
    }

    /// j onto an unread item marks it read: the new article is drawn once,
    /// and the one left is not drawn again on the way.
    func test_nextOntoAnUnreadItem_drawsOnlyThatArticle_once() async throws {
        let (reader, _, _, store) = try makeSUT(items: 3)
        reader.open(at: 0)
        var pages: [String?] = []
        reader.pageChanged = { pages.append($0?.item.name) }

        reader.next()

        XCTAssertEqual(pages, ["Item 1"])
        XCTAssertEqual(reader.marks?.isRead, true)
        XCTAssertEqual(try store.count(.unread), 1)
    }

    /// The article is made off the UI thread: the row is highlighted at
    /// once, the page drawn when its article comes, and j pressed twice
    /// meanwhile draws only the last item.
    func test_anArticleMadeLater_isDrawnWhenItComes_andOnlyTheLastOneAskedFor() async throws {
        let articles = HeldArticleSource()
        let (reader, list, _, _) = try makeSUT(items: 3, articles: articles)
        let rows = (0..<3).map { list.simulateRowVisible(at: $0) }
        var pages: [String?] = []
        reader.pageChanged = { pages.append($0?.item.name) }

        reader.open(at: 0)
        XCTAssertEqual(rows.map { $0.state?.isOpen }, [true, false, false], "highlighted at once")
        XCTAssertEqual(pages, [], "drawn once its article is made")
        articles.answer(at: 0)
        reader.next()
        reader.next()
        articles.answer(at: 1)
        articles.answer(at: 2)

        XCTAssertEqual(pages, ["Item 0", "Item 2"], "the item j left is not drawn")
        XCTAssertEqual(articles.cancelled, ["Item 1"])
        XCTAssertEqual(reader.page?.article.plainText, "Made for Item 2")
    }

    func test_aFeedOpenedByAddress_offersNoMarks() async throws {
        let loader = ItemLoaderSpy()
        let list = ItemListComposer.compose(itemLoader: loader, imageLoader: loader, imageDecoder: HeadlessImageDecoder())
        let reader = ReadingComposer.compose(list: list, marks: nil, articles: ImmediateArticleSource { _ in Article(blocks: []) })
        list.simulateScreenShown()
        loader.completeItemLoading(with: [Item(id: "a", name: "A", imageURL: nil)])

        list.simulateRowActivated(at: 0)

        XCTAssertEqual(reader.page?.item.name, "A")
        XCTAssertEqual(reader.marks?.canMark, false)
    }

    // MARK: Helpers

    func makeSUT(
        items count: Int, pageSize: Int = 200, firstPageSize: Int = 32, articles: ArticleSource? = nil, fullArticles: FullArticleSource? = nil
    ) throws -> (ReadingController<HeadlessImage>, ItemListController<HeadlessImage>, LinksSpy, InMemoryLibraryStore) {
        let store = InMemoryLibraryStore()
        try store.subscribe(Subscription(address: LibrarySpecData.tech, title: "Tech"))
        let items = (0..<count).map {
            Item(id: "i\($0)", name: "Item \($0)", imageURL: nil, date: LibrarySpecData.date(100 - $0), link: URL(string: "https://tech.example/\($0)"))
        }
        try store.apply([FeedRefresh(address: LibrarySpecData.tech, outcome: .loaded(title: nil, siteLink: nil, items: items), date: LibrarySpecData.date(0))])
        let loader = LibraryViewLoader(view: .all, title: "All", store: store, pageSize: pageSize, firstPageSize: firstPageSize)
        let links = LinksSpy()
        let list = ItemListComposer.compose(
            itemLoader: loader, pageLoader: loader, searchLoader: loader, rangeLoader: loader,
            imageLoader: ItemLoaderSpy(), imageDecoder: HeadlessImageDecoder(), coordinator: links, marks: loader
        )
        let reader = ReadingComposer.compose(
            list: list, marks: loader, articles: articles ?? ImmediateArticleSource { Article(blocks: [ArticleBlock(kind: .paragraph, runs: [ArticleRun("Article of \($0.name)")])]) },
            feedName: { _ in "Tech" }, links: links, fullArticles: fullArticles
        )
        list.simulateScreenShown()
        return (reader, list, links, store)
    }
}

/// Articles made when the test says, as a worker queue makes them.
@MainActor
private final class HeldArticleSource: ArticleSource {
    private var asked: [(item: Item, completion: (Article) -> Void, cancelled: Bool)] = []
    var cancelled: [String] { asked.filter(\.cancelled).map(\.item.name) }

    func article(of item: Item, completion: @escaping (Article) -> Void) -> FeedLoadTask {
        let index = asked.count
        asked.append((item, completion, false))
        return CancelRecorder { [weak self] in MainActor.assumeIsolated { self?.asked[index].cancelled = true } }
    }

    func answer(at index: Int) {
        guard !asked[index].cancelled else { return }
        asked[index].completion(Article(blocks: [ArticleBlock(kind: .paragraph, runs: [ArticleRun("Made for \(asked[index].item.name)")])]))
    }
}

final class LinksSpy: ItemListCoordinator {
    private(set) var opened: [Item] = []
    private(set) var copied: [Item] = []
    func open(_ item: Item) { opened.append(item) }
    func copyLink(of item: Item) { copied.append(item) }
    func openFeed(at url: URL) {}
}

import Foundation
import ItemFeed
import ItemFeedTestSupport
import ItemFeedUI
import XCTest

/// The pane's Full Article toggle (SPEC 16): the page's article shown in
/// place of the feed's text, offered instead when the reader has scrolled,
/// the feed's text kept with the reason when the page gives none.
extension ReadingControllerTests {
    func test_theToggle_fetchesTheFullArticle_andShowsItInPlaceOfTheFeedsText() async throws {
        let pages = HeldFullArticles()
        let (reader, _, _, _) = try makeSUT(items: 2, fullArticles: pages)
        var states: [ReadingController<HeadlessImage>.FullArticle] = []
        reader.fullArticleChanged = { states.append($0) }
        reader.open(at: 0)

        reader.toggleFullArticle()
        XCTAssertEqual(reader.fullArticle, .fetching)
        XCTAssertEqual(reader.page?.article.plainText, "Article of Item 0", "the feed's text meanwhile")
        pages.answer(0, with: .success(article("The whole story of Item 0")))

        XCTAssertEqual(reader.page?.article.plainText, "The whole story of Item 0")
        XCTAssertEqual(states, [.fetching, .shown])
        reader.toggleFullArticle()
        XCTAssertEqual(reader.page?.article.plainText, "Article of Item 0", "toggled off: the feed's text again")
        XCTAssertEqual(reader.fullArticle, .off)
    }

    func test_aReaderWhoScrolled_isOfferedTheFullArticle_notMovedUnderTheirEyes() async throws {
        let pages = HeldFullArticles()
        let (reader, _, _, _) = try makeSUT(items: 1, fullArticles: pages)
        reader.open(at: 0)
        reader.toggleFullArticle()
        reader.hasScrolled = true
        var redrawn = 0
        reader.pageChanged = { _ in redrawn += 1 }

        pages.answer(0, with: .success(article("The whole story")))

        XCTAssertEqual(reader.fullArticle, .offered)
        XCTAssertEqual(redrawn, 0)
        reader.showOfferedArticle()
        XCTAssertEqual(reader.page?.article.plainText, "The whole story")
        XCTAssertEqual(reader.fullArticle, .shown)
    }

    func test_aPageWithNoArticle_leavesTheFeedsText_andSaysWhy() async throws {
        let pages = HeldFullArticles()
        let (reader, _, _, _) = try makeSUT(items: 1, fullArticles: pages)
        reader.open(at: 0)
        reader.toggleFullArticle()

        pages.answer(0, with: .failure(.http(status: 404)))

        XCTAssertEqual(reader.fullArticle, .failed("The page answered HTTP 404"))
        XCTAssertEqual(reader.page?.article.plainText, "Article of Item 0")
        reader.toggleFullArticle()
        XCTAssertEqual(reader.fullArticle, .fetching, "asked again")
    }

    func test_movingToAnotherItem_cancelsTheFetch_andStartsWithTheFeedsText() async throws {
        let pages = HeldFullArticles()
        let (reader, _, _, _) = try makeSUT(items: 2, fullArticles: pages)
        reader.open(at: 0)
        reader.toggleFullArticle()

        reader.next()
        pages.answer(0, with: .success(article("Late")))

        XCTAssertEqual(pages.cancelled, ["Item 0"])
        XCTAssertEqual(reader.fullArticle, .off)
        XCTAssertEqual(reader.page?.article.plainText, "Article of Item 1")
    }

    func test_anItemOfAFeedThatFetchesAlways_showsTheFeedsTextThenItsFullArticleUnasked() async throws {
        let pages = HeldFullArticles()
        pages.fetchedAlways = ["Item 1"]
        let (reader, _, _, _) = try makeSUT(items: 2, fullArticles: pages)

        reader.open(at: 0)
        XCTAssertEqual(pages.askedFor, [], "Item 0's feed is not set to fetch")
        reader.open(at: 1)
        XCTAssertEqual(pages.askedFor, ["Item 1"])
        XCTAssertEqual(reader.fullArticle, .fetching)
        XCTAssertEqual(reader.page?.article.plainText, "Article of Item 1", "the feed's text at once")

        pages.answer(0, with: .success(article("The whole story of Item 1")))
        XCTAssertEqual(reader.page?.article.plainText, "The whole story of Item 1")
        reader.toggleFullArticle()
        XCTAssertEqual(reader.page?.article.plainText, "Article of Item 1", "the toggle still gives the feed's text back")
    }

    private func article(_ text: String) -> Article {
        Article(blocks: [ArticleBlock(kind: .paragraph, runs: [ArticleRun(text)])])
    }
}

import XCTest
import ItemFeed
import ItemFeedTestSupport

/// SPEC 9.2: what a search matches, and Qiita's server search.
final class SearchTests: XCTestCase {
    func test_searchText_ignoresCaseAndAccents_inTitleAuthorAndSummary() {
        let item = makeItem(name: "Crème Brûlée at the CAFÉ", author: "Zoë Müller", summary: "A review of desserts")

        let text = SearchText(item: item)

        for query in ["creme", "BRULEE", "café", "cafe", "zoe", "muller", "review of", ""] {
            XCTAssertTrue(text.contains(SearchText(query)), query)
        }
        for query in ["cremeb", "tea", "cafe zoe"] {
            XCTAssertFalse(text.contains(SearchText(query)), query)
        }
    }

    func test_searchText_findsJapanese() {
        XCTAssertTrue(SearchText(item: makeItem(name: "Swift で GTK アプリ入門")).contains(SearchText("アプリ")))
    }

    func test_qiitaSearch_asksForPageOneOfTheQuery_onTheSameHost() {
        let pages = ItemLoaderSpy()
        let sut = QiitaSearchLoader(itemsURL: URL(string: "http://127.0.0.1:8080/api/v2/items?page=3&per_page=20&query=old")!, pages: pages)

        sut.search("tag:swift") { _ in }

        XCTAssertEqual(pages.loadedPageURLs, [URL(string: "http://127.0.0.1:8080/api/v2/items?page=1&per_page=20&query=tag%3Aswift")!])
    }
}

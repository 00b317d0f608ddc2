import CGtk
import Foundation
import GtkTestKit
import ItemFeed
import ItemFeedGLib
@testable import ItemFeedApp
@testable import ItemFeedGtk
import ItemFeedTestSupport
import XCTest

/// "Always Fetch Full Articles" from a feed's menu in the window: the
/// feed's unread items' pages fetched and kept, then those a refresh
/// brings, and an item opened shows its full article unasked.
final class AlwaysFetchWindowTests: AdwTestCase {
    @MainActor func test_alwaysFetch_keepsTheFeedsPages_thenANewItemsAfterARefresh_andTheirItemsOpenOnThem() async throws {
        let server = InMemoryFeedServer()
        for id in ["t1", "t2", "t9"] { server.serve(URL(string: "https://tech.example/\(id)")!, body: Self.page(id), headers: ["Content-Type": "text/html"]) }
        let (library, store, window) = try makeLibraryWindow(server: server)
        defer { gtk_window_destroy(itemfeed_window(window)) }
        let articles: FullArticleStore = store

        library.run(.fullArticles, on: LibrarySpecData.tech)
        XCTAssertTrue(MainContext.iterate(until: { library.sidebar.rows.first { $0.feedAddress == LibrarySpecData.tech }?.fetchesFullArticles == true }, timeoutSeconds: 5))
        let keys = try LibrarySpecData.keys(store)
        XCTAssertTrue(MainContext.iterate(until: { ((try? articles.fullArticleHTML(keys["t2"]!)) ?? nil)?.contains("whole story of t2") == true }, timeoutSeconds: 5))
        XCTAssertNil(try articles.fullArticleHTML(keys["n1"]!), "News is not set to fetch")

        server.serve(LibrarySpecData.tech, body: Data(#"{"items": [{"id": "t9", "name": "Arrived", "link": "https://tech.example/t9", "date": "2031-01-01T00:00:00Z"}]}"#.utf8))
        library.controller?.refresh()
        XCTAssertTrue(MainContext.iterate(until: {
            guard let key = (try? LibrarySpecData.keys(store))?["t9"] else { return false }
            return ((try? articles.fullArticleHTML(key)) ?? nil)?.contains("whole story of t9") == true
        }, timeoutSeconds: 5), "the page of the item the refresh brought, fetched after it")
        XCTAssertTrue(MainContext.iterate(until: { library.controller?.item(at: 0)?.name == "Arrived" }, timeoutSeconds: 5))
        library.controller?.rowActivated(at: 0)
        let article = try XCTUnwrap(library.articleView)
        XCTAssertTrue(MainContext.iterate(until: { ShownArticle(article).text.hasPrefix("This is the whole story of t9") }, timeoutSeconds: 10),
                      "opened on its full article: \(ShownArticle(article).isOpen ? ShownArticle(article).text : "the pane not shown")")
        let asked = server.requests.map(\.url.lastPathComponent)
        XCTAssertEqual(asked.filter { $0 == "t1" }.count, 1, "each page once: \(asked)")

        library.run(.fullArticles, on: LibrarySpecData.tech)
        XCTAssertTrue(MainContext.iterate(until: { library.sidebar.rows.first { $0.feedAddress == LibrarySpecData.tech }?.fetchesFullArticles == false }, timeoutSeconds: 5), "turned off again")
    }

    /// SPEC 19, offline: the pictures of a full article fetched in the
    /// background are kept with it, unread (they were loaded only when the
    /// article was opened).
    @MainActor func test_alwaysFetch_keepsTheFetchedArticlesPictures_beforeTheyAreRead() async throws {
        let server = InMemoryFeedServer()
        let picture = URL(string: "https://img.example/t2.png")!
        server.serve(picture, body: try pngOfSize(400, 300))
        for id in ["t1", "t2"] {
            server.serve(URL(string: "https://tech.example/\(id)")!, body: Self.page(id, picture: id == "t2" ? picture : nil), headers: ["Content-Type": "text/html"])
        }
        let (library, _, window) = try makeLibraryWindow(server: server)
        defer { gtk_window_destroy(itemfeed_window(window)) }
        let kept = ImageDataCache(directory: library.composition.cacheDirectory.appendingPathComponent("article-pictures"))

        library.run(.fullArticles, on: LibrarySpecData.tech)

        XCTAssertTrue(MainContext.iterate(until: { kept.data(for: picture) != nil }, timeoutSeconds: 10), "asked: \(server.requests.map(\.url.lastPathComponent))")
        XCTAssertEqual(server.requests.filter { $0.url == picture }.count, 1)
        XCTAssertFalse(library.articleView.map { ShownArticle($0).isOpen } ?? false, "no article was opened")
    }

    /// A page Readability keeps: its article is the paragraphs.
    private static func page(_ id: String, picture: URL? = nil) -> Data {
        let paragraph = "<p>This is the whole story of \(id), told at length, with commas, clauses, and more words than a summary would ever carry to a reader.</p>"
        let figure = picture.map { "<figure><img src='\($0.absoluteString)' alt='The tide at \(id)' width='400' height='300'></figure>" } ?? ""
        return Data("<html><head><title>\(id)</title></head><body><nav><a href='/'>Home</a></nav><article>\(paragraph)\(figure)\(String(repeating: paragraph, count: 5))</article></body></html>".utf8)
    }
}

import Foundation
import ItemFeed
import ItemFeedTestSupport
import XCTest

@MainActor
final class HeldArticlesTests: XCTestCase {
    func test_eachPagesArticlesAndEnclosures_areHeld_theNewestForAnItemSeenTwice() async throws {
        let spy = ItemLoaderSpy()
        let articles = HeldArticles()
        let loader = ArticleHoldingLoader(first: spy, later: spy, holdingIn: articles)
        let (first, second) = (Item(id: "a", name: "A", imageURL: nil), Item(id: "b", name: "B", imageURL: nil))
        let episode = Enclosure(url: URL(string: "https://cdn.example/b.mp3")!, type: "audio/mpeg", length: nil, duration: nil)
        var delivered: [Feed] = []

        loader.load(batches: nil) { delivered.append(try! $0.get()) }
        spy.completeItemLoading(with: feed([first], articles: ["a": "<p>A</p>"]))
        loader.loadPage(at: URL(string: "https://feed.example/2")!) { delivered.append(try! $0.get()) }
        spy.completePageLoading(with: feed([first, second], articles: ["a": "<p>Again</p>", "b": "<p>B</p>"], enclosures: ["b": episode]))

        XCTAssertEqual(delivered.map(\.items.count), [1, 2], "each page passed on as it came")
        XCTAssertEqual(articles.articleHTML(of: first), "<p>Again</p>")
        XCTAssertEqual(articles.articleHTML(of: second), "<p>B</p>")
        XCTAssertEqual(articles.enclosure(of: second), episode)
        XCTAssertNil(articles.enclosure(of: first))
        let held = articles.held(for: [second])
        XCTAssertEqual(held.articles, ["b": "<p>B</p>"])
        XCTAssertEqual(held.enclosures, ["b": episode])
    }

    func test_aFailedLoad_holdsNothing_andPassesItsError() async {
        let spy = ItemLoaderSpy()
        let articles = HeldArticles()
        var failed = false
        ArticleHoldingLoader(first: spy, later: spy, holdingIn: articles).load(batches: nil) { failed = (try? $0.get()) == nil }
        spy.completeItemLoadingWithError()
        XCTAssertTrue(failed)
        XCTAssertTrue(articles.held(for: [Item(id: "a", name: "A", imageURL: nil)]).articles.isEmpty)
    }

    private func feed(_ items: [Item], articles: [String: String], enclosures: [String: Enclosure] = [:]) -> Feed {
        var feed = Feed(items: items)
        feed.articles = articles
        feed.enclosures = enclosures
        return feed
    }
}

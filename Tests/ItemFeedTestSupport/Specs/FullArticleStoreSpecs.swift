import Foundation
import ItemFeed
import XCTest

/// The full articles every `LibraryStore` keeps, and the feeds set to fetch
/// them: the SQLite store and the fake each adopt this and pass it.
public protocol FullArticleStoreSpecs {
    func test_aFeedSetToFetch_wantsItsUnreadItemsPagesNewestFirst() throws
    func test_aPageAsked_isNotWantedAgainWhetherOrNotItGaveAnArticle() throws
    func test_fetchesFullArticles_followsTheItemsFeedAndCanBeTurnedOff() throws
}

extension FullArticleStoreSpecs {
    private typealias Data = LibrarySpecData

    /// Tech (t1, t2, t3: newest first) and News (n1), every item linking to its page.
    public func fillFullArticleLibrary(_ store: LibraryStore) throws {
        try store.subscribe(Subscription(address: Data.tech, title: "Tech", folder: "Work"))
        try store.subscribe(Subscription(address: Data.news, title: "News"))
        try store.apply([Data.loaded(Data.tech, Data.items("t1", "t2", "t3")), Data.loaded(Data.news, [Data.item("n1", day: 60)])])
    }

    public func assertThatAFeedSetToFetchWantsItsUnreadItemsPagesNewestFirst(on store: LibraryStore, file: StaticString = #filePath, line: UInt = #line) throws {
        try fillFullArticleLibrary(store)
        XCTAssertEqual(try store.pagesWantingFullArticles(limit: 10), [], "no feed is set to fetch", file: file, line: line)

        try store.setFetchesFullArticles(true, for: .feed(Data.tech))
        let keys = try Data.keys(store)
        try store.setRead(true, [keys["t3"]!])

        XCTAssertEqual(try store.pagesWantingFullArticles(limit: 10).map(\.key), [keys["t1"]!, keys["t2"]!], "Tech's unread items, newest first; not News's", file: file, line: line)
        XCTAssertEqual(try store.pagesWantingFullArticles(limit: 10).first?.address, URL(string: "https://tech.example/t1"), file: file, line: line)
        XCTAssertEqual(try store.pagesWantingFullArticles(limit: 1).map(\.key), [keys["t1"]!], file: file, line: line)
        XCTAssertEqual(try store.subscriptions().map(\.fetchesFullArticles), [true, false], "Tech (in Work), then News", file: file, line: line)
    }

    public func assertThatAPageAskedIsNotWantedAgain(on store: LibraryStore, file: StaticString = #filePath, line: UInt = #line) throws {
        try fillFullArticleLibrary(store)
        try store.setFetchesFullArticles(true, for: .feed(Data.tech))
        let keys = try Data.keys(store)

        try store.setFullArticle("<p>Whole</p>", fetched: Data.date(70), of: keys["t1"]!)
        try store.setFullArticle(nil, fetched: Data.date(70), of: keys["t2"]!)

        XCTAssertEqual(try store.pagesWantingFullArticles(limit: 10).map(\.key), [keys["t3"]!], file: file, line: line)
        XCTAssertEqual(try store.fullArticleHTML(keys["t1"]!), "<p>Whole</p>", file: file, line: line)
        XCTAssertNil(try store.fullArticleHTML(keys["t2"]!), file: file, line: line)
    }

    public func assertThatFetchesFullArticlesFollowsTheItemsFeed(on store: LibraryStore, file: StaticString = #filePath, line: UInt = #line) throws {
        try fillFullArticleLibrary(store)
        let keys = try Data.keys(store)
        try store.setFetchesFullArticles(true, for: .feed(Data.tech))
        XCTAssertTrue(try store.fetchesFullArticles(of: keys["t1"]!), file: file, line: line)
        XCTAssertFalse(try store.fetchesFullArticles(of: keys["n1"]!), file: file, line: line)

        try store.setFetchesFullArticles(false, for: .feed(Data.tech))
        XCTAssertFalse(try store.fetchesFullArticles(of: keys["t1"]!), file: file, line: line)
        XCTAssertEqual(try store.pagesWantingFullArticles(limit: 10), [], file: file, line: line)
    }
}

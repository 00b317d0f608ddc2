import Foundation
import ItemFeed
import ItemFeedSync
import XCTest

/// The Tiny Tiny RSS client against Debian 12's tt-rss (API level 15)
/// recorded answers: its JSON bodies are the recorded ones, its answers
/// read into the library's values.
final class TinyTinyRSSServiceTests: XCTestCase {
    private let address = URL(string: Recording.server + "/tt-rss/")!

    func test_logIn_postsTheRecordedBody_toItsAPI_andKeepsTheSession() throws {
        let login = try recording("03")
        let told = Locked<[String]>([])
        let (service, server) = try make([login], told: told)

        try service.logIn()

        XCTAssertEqual(server.requests.first?.url.absoluteString, Recording.server + "/tt-rss/api/")
        XCTAssertEqual(server.requests.first?.jsonBody, login.jsonBody)
        XCTAssertEqual(told.withLock { $0 }, [Recording.session])
    }

    func test_aRefusedPassword_needsSignIn() throws {
        let (service, _) = try make([recording("02")])

        XCTAssertThrowsError(try service.logIn()) { XCTAssertEqual($0 as? SyncError, .needsSignIn) }
    }

    func test_subscriptions_areTheRealCategories_andEveryFeedInItsCategory() throws {
        let categories = try recording("14"), feeds = try recording("15")
        let (service, server) = try make([recording("03"), categories, feeds])

        let subscriptions = try service.subscriptions()

        XCTAssertEqual(server.requests[2].jsonBody, feeds.jsonBody)
        XCTAssertEqual(subscriptions.folders, [RemoteFolder(id: "1", name: "Tech")])
        XCTAssertEqual(subscriptions.feeds.map(\.title), ["Cafe", "Tech One", "Tech Two"])
        XCTAssertEqual(subscriptions.feeds.map(\.folderID), [nil, "1", "1"])
        XCTAssertEqual(subscriptions.feeds[1].address, URL(string: Recording.feeds + "/tech1.xml"))
    }

    func test_unreadAndStarredIDs_areHeadlinesWithoutContent_200APage() throws {
        let (service, server) = try make([recording("03"), recording("28"), recording("31")])

        let unread = try service.unreadItemIDs()
        let starred = try service.starredItemIDs()

        XCTAssertEqual(unread.count, 10)
        XCTAssertFalse(unread.contains("1"), "marked read in the scenario")
        XCTAssertEqual(starred, ["2"])
        let asked = server.requests[1].jsonBody
        XCTAssertEqual(asked["feed_id"] as? Int, -4)
        XCTAssertEqual(asked["view_mode"] as? String, "unread")
        XCTAssertEqual(asked["limit"] as? Int, 200)
        XCTAssertEqual(asked["skip"] as? Int, 0)
        XCTAssertEqual(server.requests[2].jsonBody["feed_id"] as? Int, -1)
    }

    func test_whileNothingIsHeld_theHeadlinesBringTheContents_andNoArticleIsAskedFor() throws {
        let (service, server) = try make([try recording("03").response, try recording("29").response, Self.noHeadlines, try recording("28").response, Self.noHeadlines])

        let contents = ListedContents()
        service.willListItemIDs(holding: 0, readSince: .distantPast, contents: contents)
        let listed = try service.unreadItemIDs()
        let (items, toAsk) = contents.take(listed.sorted())

        XCTAssertEqual(server.requests[1].jsonBody["show_content"] as? Bool, true)
        XCTAssertEqual(server.requests[1].jsonBody["include_attachments"] as? Bool, true)
        XCTAssertEqual(server.requests.count, 3, "the recent headlines, the older unread ones, no getArticle")
        XCTAssertEqual(Set(items.map(\.id)), listed)
        XCTAssertEqual(toAsk, [], "every content came with its headline")
        XCTAssertFalse(items.isEmpty)
        XCTAssertTrue(items.allSatisfy { $0.content?.isEmpty == false && $0.feedID == "1" })

        service.willListItemIDs(holding: items.count, readSince: .distantPast, contents: ListedContents())
        _ = try service.unreadItemIDs()
        XCTAssertEqual(server.requests[3].jsonBody["show_content"] as? Bool, false, "once items are held, ids alone")
    }

    func test_unreadAndRecentIDs_areListedInOnePass_thenTheOlderUnreadOnes_oldestFirst() throws {
        let since = Date(timeIntervalSince1970: 1_795_500_000)
        func page(_ headlines: [(Int, TimeInterval, Bool)]) -> HTTPResponse {
            let listed = headlines.map { #"{"id":\#($0.0),"updated":\#(Int(since.timeIntervalSince1970 + $0.1)),"unread":\#($0.2)}"# }
            return HTTPResponse(statusCode: 200, body: Data((#"{"seq":0,"status":0,"content":["# + listed.joined(separator: ",") + "]}").utf8))
        }
        let (service, server) = try make([
            try recording("03").response,
            page([(30, 20, true), (29, 10, false), (28, -5, true)]),
            page([(1, -100, true), (2, -50, true), (28, -5, true), (31, 30, true)]),
        ])

        service.willListItemIDs(holding: 5, readSince: since, contents: ListedContents())
        let unread = try service.unreadItemIDs()
        let recent = try service.itemIDs(since: since)

        XCTAssertEqual(unread, ["30", "1", "2", "28"])
        XCTAssertEqual(recent, ["30", "29"])
        XCTAssertEqual(server.requests.count, 3, "the recent ids are not asked for again")
        XCTAssertEqual(server.requests[1].jsonBody["view_mode"] as? String, "all_articles")
        XCTAssertEqual(server.requests[1].jsonBody["order_by"] as? String, "feed_dates", "newest by the items' own dates, the dates compared")
        XCTAssertEqual(server.requests[2].jsonBody["view_mode"] as? String, "unread")
        XCTAssertEqual(server.requests[2].jsonBody["order_by"] as? String, "date_reverse")
    }

    func test_contentsComeWithTheHeadlines_onlyUpToALimit_theRestByArticle() throws {
        let (service, server) = try make(
            [try recording("03").response, try recording("29").response, Self.noHeadlines, try recording("31").response]
        )
        let contents = ListedContents(limit: 2)

        service.willListItemIDs(holding: 0, readSince: .distantPast, contents: contents)
        _ = try service.unreadItemIDs()
        _ = try service.starredItemIDs()

        XCTAssertEqual(contents.count, 2)

        XCTAssertEqual(server.requests[1].jsonBody["show_content"] as? Bool, true)
        XCTAssertEqual(server.requests[2].jsonBody["show_content"] as? Bool, false, "past the limit, ids alone")
        XCTAssertEqual(server.requests[3].jsonBody["show_content"] as? Bool, false)
    }

    func test_anArticlesFlavorImage_isItsPicture_andAnAudioAttachmentItsFile() throws {
        let (service, _) = try make([try recording("03").response, try recording("29").response, Self.noHeadlines])

        let contents = ListedContents()
        service.willListItemIDs(holding: 0, readSince: .distantPast, contents: contents)
        let listed = try service.unreadItemIDs().union(service.itemIDs(since: .distantPast))
        let items = contents.take(Array(listed)).came

        let pictured = items.filter { $0.image != nil }
        XCTAssertEqual(pictured.map(\.title), ["Tech One #1: Kernel 7.0 released"])
        XCTAssertEqual(pictured.first?.image, URL(string: Recording.feeds + "/tech1/img/penguin.png"))
        XCTAssertEqual(items.compactMap(\.enclosure?.type), ["audio/mpeg"])
    }

    func test_recentIDs_stopAtTheFirstHeadlineOlderThanAsked() throws {
        let (service, _) = try make([recording("03"), recording("21")])

        let recent = try service.itemIDs(since: Date(timeIntervalSince1970: 1_795_500_000))

        XCTAssertFalse(recent.isEmpty)
        XCTAssertLessThan(recent.count, 12)
        XCTAssertTrue(recent.contains("12"), "Cafe 3, the newest")
    }

    func test_articles_areReadWithTheirFeedBodyAndEnclosure() throws {
        let article = try recording("32")
        let (service, server) = try make([recording("03"), article])

        let items = try service.items(withIDs: ["2", "11"])

        XCTAssertEqual(server.requests[1].jsonBody, article.jsonBody)
        let podcast = try XCTUnwrap(items.first { $0.id == "2" })
        XCTAssertEqual(podcast.feedID, "1")
        XCTAssertEqual(podcast.title, "Tech One #2: Podcast episode 12")
        XCTAssertEqual(podcast.author, "Bob Host")
        XCTAssertEqual(podcast.published, Date(timeIntervalSince1970: 1_795_251_600))
        XCTAssertEqual(podcast.enclosure, Enclosure(url: URL(string: Recording.feeds + "/tech1/media/episode-12.mp3")!, type: "audio/mpeg", length: 1_234_567))
        XCTAssertEqual(podcast.summary?.contains("episode 12"), true, podcast.summary ?? "")
        XCTAssertEqual(items.count, 2)
    }

    func test_marksAndCatchUp_sendTheRecordedBodies() throws {
        let read = try recording("22"), star = try recording("23"), catchUp = try recording("35")
        let (service, server) = try make([recording("03"), read, star, catchUp])

        try service.mark(["1", "10"], .read)
        try service.mark(["2"], .starred)
        try service.markAllRead("2", before: Date())

        XCTAssertEqual(server.requests[1].jsonBody, read.jsonBody)
        XCTAssertEqual(server.requests[2].jsonBody, star.jsonBody)
        XCTAssertEqual(server.requests[3].jsonBody, catchUp.jsonBody)
    }

    func test_aForgottenSession_logsInAgainOnce() throws {
        let told = Locked<[String]>([])
        let (service, server) = try make([recording("42"), recording("03"), recording("14"), recording("15")], session: "0123456789abcdef0123456789", told: told)

        XCTAssertEqual(try service.subscriptions().feeds.count, 3, "getCategories answered NOT_LOGGED_IN, then the feeds after logging in")
        XCTAssertEqual(server.requests.map { $0.jsonBody["op"] as? String }, ["getCategories", "login", "getCategories", "getFeeds"])
        XCTAssertEqual(server.requests[2].jsonBody["sid"] as? String, Recording.session)
        XCTAssertEqual(told.withLock { $0 }, [Recording.session])
    }

    func test_subscribe_saysWhyTheServerRefused() throws {
        let (service, _) = try make([recording("03"), recording("38"), recording("39")])

        XCTAssertThrowsError(try service.subscribe(to: URL(string: "https://not.example/")!, title: nil, folder: nil)) { error in
            guard case let .refused(reason) = error as? SyncError else { return XCTFail("\(error)") }
            XCTAssertTrue(reason.contains("not a valid address"), reason)
        }
        XCTAssertThrowsError(try service.subscribe(to: URL(string: Recording.feeds + "/missing.xml")!, title: nil, folder: "1")) { error in
            guard case let .refused(reason) = error as? SyncError else { return XCTFail("\(error)") }
            XCTAssertTrue(reason.contains("404 File not found"), reason)
        }
    }

    func test_unsubscribe_andAFeedNotFound_andRenameWhichTheAPICannot() throws {
        let (service, server) = try make([recording("03"), recording("40"), recording("41")])

        try service.unsubscribe("4")
        XCTAssertEqual(server.requests[1].jsonBody["feed_id"] as? Int, 4)
        XCTAssertThrowsError(try service.unsubscribe("4")) { XCTAssertEqual($0 as? SyncError, .refused(reason: "Tiny Tiny RSS answered FEED_NOT_FOUND")) }
        XCTAssertThrowsError(try service.rename("1", to: "New"))
    }

    func test_aServerThatIgnoresSkip_isNotAskedForEver() throws {
        let page = #"{"seq":0,"status":0,"content":["# + (1...200).map { #"{"id":\#($0),"updated":1795590000}"# }.joined(separator: ",") + "]}"
        let full = HTTPResponse(statusCode: 200, body: Data(page.utf8))
        let (service, server) = try make([try recording("03").response] + Array(repeating: full, count: 10))

        XCTAssertEqual(try service.unreadItemIDs().count, 200)
        XCTAssertEqual(server.requests.count, 4, "the log-in, the page, two more together, the first the same page again: stopped")
    }

    func test_afterAFullFirstPage_pagesAreAskedTwoAtATime_untilAShortOne() throws {
        func page(_ ids: ClosedRange<Int>) -> HTTPResponse {
            HTTPResponse(statusCode: 200, body: Data((#"{"seq":0,"status":0,"content":["# + ids.map { #"{"id":\#($0),"updated":1795590000}"# }.joined(separator: ",") + "]}").utf8))
        }
        let (service, server) = try make(
            [try recording("03").response, page(1...200), page(201...400), page(401...450), page(451...460)], together: 2..<4
        )

        let ids = try service.unreadItemIDs()

        XCTAssertEqual(ids, Set((1...450).map(String.init)), "the page after the short one is not read")
        XCTAssertEqual(server.requests.dropFirst().map { $0.jsonBody["skip"] as? Int }, [0, 200, 400])
    }

    func test_aShortFirstPage_isTheOnlyRequest() throws {
        let (service, server) = try make([recording("03"), recording("28")])

        _ = try service.unreadItemIDs()

        XCTAssertEqual(server.requests.count, 2, "the log-in and one page: nothing asked in advance")
    }

    func test_anAnswerThatIsNotTinyTinyRSSs_isMalformed() throws {
        let (service, _) = try make([try recording("03").response, HTTPResponse(statusCode: 200, body: Data("<html>".utf8))])

        XCTAssertThrowsError(try service.starredItemIDs()) { error in
            guard case .malformed = error as? SyncError else { return XCTFail("\(error)") }
        }
    }

    // MARK: Helpers

    private static let noHeadlines = HTTPResponse(statusCode: 200, body: Data(#"{"seq":0,"status":0,"content":[]}"#.utf8))

    private func recording(_ number: String) throws -> Recording {
        try Recording.load("ttrss", number)
    }

    private func make(
        _ recordings: [Recording], session: String? = nil, told: Locked<[String]> = Locked([])
    ) throws -> (TinyTinyRSSService, RecordedServer) {
        try make(recordings.map(\.response), session: session, told: told)
    }

    /// `together`: requests answered only once all are in flight (see `RecordedServer`).
    private func make(
        _ answers: [HTTPResponse], session: String? = nil, told: Locked<[String]> = Locked([]),
        together: Range<Int> = 0..<0
    ) throws -> (TinyTinyRSSService, RecordedServer) {
        let server = RecordedServer(answers, together: together)
        let credentials = AccountCredentials(password: "itemfeed-pass", session: session) { new in told.withLock { $0.append(new) } }
        let service = try TinyTinyRSSService(
            address: address, userName: "itemfeed", credentials: credentials, http: SyncHTTP(client: server, server: address, answerTimeout: 2)
        )
        return (service, server)
    }
}

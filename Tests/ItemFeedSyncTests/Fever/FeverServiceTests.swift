import Foundation
import ItemFeed
@testable import ItemFeedSync
import XCTest

/// The Fever client against FreshRSS 1.24.3's recorded Fever answers: the
/// requests it builds are the recorded ones, the answers read into the
/// library's values.
final class FeverServiceTests: XCTestCase {
    private let address = URL(string: Recording.server + "/api/fever.php")!

    func test_theKey_isTheMD5OfUserAndPassword() {
        XCTAssertEqual(FeverKey.of(user: "itemfeed", password: "itemfeed-api"), Recording.feverKey)
        XCTAssertEqual(FeverKey.md5([]).map { String(format: "%02x", $0) }.joined(), "d41d8cd98f00b204e9800998ecf8427e")
        XCTAssertEqual(FeverKey.md5(Array(repeating: UInt8(ascii: "a"), count: 1_000)).map { String(format: "%02x", $0) }.joined(),
                       "cabe45dcc9ae5b66ba86600cca6b8ba8", "several 64-byte blocks")
    }

    func test_logIn_postsTheRecordedKey() throws {
        let auth = try recording("03")
        let (service, server) = try make([auth])

        try service.logIn()

        XCTAssertEqual(server.requests.first?.method, .post)
        XCTAssertEqual(server.requests.first?.target, auth.target)
        XCTAssertEqual(server.requests.first?.formFields, auth.formFields)
    }

    func test_aRefusedKey_needsSignIn() throws {
        let (service, _) = try make([recording("01")])

        XCTAssertThrowsError(try service.logIn()) { XCTAssertEqual($0 as? SyncError, .needsSignIn) }
    }

    func test_subscriptions_areGroupsWithFeeds_andEachFeedInItsGroup() throws {
        let groups = try recording("04"), feeds = try recording("05")
        let (service, server) = try make([groups, feeds])

        let subscriptions = try service.subscriptions()

        XCTAssertEqual(server.requests.map(\.target), [groups.target, feeds.target])
        XCTAssertEqual(subscriptions.folders, [RemoteFolder(id: "2", name: "Tech"), RemoteFolder(id: "1", name: "Uncategorized")])
        XCTAssertEqual(subscriptions.feeds.map(\.title), ["Cafe", "Tech One", "Tech Two"])
        XCTAssertEqual(subscriptions.feeds.map(\.folderID), ["1", "2", "2"])
        XCTAssertEqual(subscriptions.feeds[1].address, URL(string: Recording.feeds + "/tech1.xml"))
        XCTAssertEqual(subscriptions.feeds[1].siteLink, URL(string: Recording.feeds + "/tech1/"))
    }

    func test_unreadAndSavedIDs_areTheServersLists() throws {
        let (service, server) = try make([recording("09"), recording("10")])

        let unread = try service.unreadItemIDs()
        let starred = try service.starredItemIDs()

        XCTAssertEqual(server.requests.map(\.target), ["/api/fever.php?api&unread_item_ids", "/api/fever.php?api&saved_item_ids"])
        XCTAssertEqual(unread.count, 10)
        XCTAssertFalse(unread.contains("1795679050827254"), "Tech One #1, read in the scenario")
        XCTAssertEqual(starred, ["1795679050827255"])
    }

    func test_recentIDs_pageNewestFirst_byMaxID_andBringTheirContents() throws {
        let page = try recording("15")
        let (service, server) = try make([page])

        let contents = ListedContents()
        service.willListItemIDs(holding: 0, readSince: .distantPast, contents: contents)
        let recent = try service.itemIDs(since: Date(timeIntervalSince1970: 1_795_200_000))
        let (items, toAsk) = contents.take(recent.sorted())

        XCTAssertEqual(server.requests.first?.target, "/api/fever.php?api&items&max_id=9223372036854775807")
        XCTAssertEqual(recent, ["1795679050827257", "1795679050827256", "1795679050827255"], "#1 is older than asked")
        XCTAssertEqual(server.requests.count, 1, "a short page is the last; the contents came with it")
        XCTAssertEqual(toAsk, [])
        XCTAssertEqual(items.map(\.title).sorted(), ["Tech One #2: Podcast episode 12", "Tech One #3: Sanitizer test bold ＆ ampersand", "Tech One #4: Compilers"])
    }

    func test_recentIDs_followFullPages_untilOneHasNothingRecent() throws {
        func page(_ ids: ClosedRange<Int>, at time: Int) -> HTTPResponse {
            let items = ids.reversed().map { #"{"id":\#($0),"feed_id":1,"title":"T\#($0)","html":"<p>x</p>","created_on_time":\#(time)}"# }
            return HTTPResponse(statusCode: 200, body: Data((#"{"api_version":3,"auth":1,"items":["# + items.joined(separator: ",") + "]}").utf8))
        }
        let (service, server) = try make([page(151...200, at: 2_000), page(101...150, at: 2_000), page(51...100, at: 10)])

        let recent = try service.itemIDs(since: Date(timeIntervalSince1970: 1_000))

        XCTAssertEqual(recent.count, 100)
        XCTAssertEqual(server.requests.map(\.target), [
            "/api/fever.php?api&items&max_id=9223372036854775807", "/api/fever.php?api&items&max_id=151", "/api/fever.php?api&items&max_id=101",
        ], "numbers compared as numbers: 101 before 99")
    }

    func test_itemsNotListed_comeByTheirIDs_withTheirFeedAndText() throws {
        let withIDs = try recording("16")
        let (service, server) = try make([withIDs])

        let items = try service.items(withIDs: ["1795679050827255", "1795679050827256", "1795679050856031"])

        XCTAssertEqual(server.requests.first?.target, withIDs.target)
        XCTAssertEqual(items.count, 3)
        let podcast = try XCTUnwrap(items.first { $0.id == "1795679050827255" })
        XCTAssertEqual(podcast.feedID, "1")
        XCTAssertEqual(podcast.author, "Bob Host")
        XCTAssertEqual(podcast.link, URL(string: Recording.feeds + "/tech1/posts/2.html"))
        XCTAssertNotNil(podcast.published)
        XCTAssertTrue(podcast.content?.contains("episode 12") ?? false)
    }

    func test_marks_areOneItemARequest_asRecorded_andAFeedReadBeforeADate() throws {
        let read = try recording("06"), unread = try recording("17"), feed = try recording("19")
        let (service, server) = try make([read, unread, feed])

        try service.mark(["1795679050827254"], .read)
        try service.mark(["1795679050856030"], .unread)
        try service.markAllRead("1", before: Date(timeIntervalSince1970: 1_795_392_000))

        XCTAssertEqual(server.requests.map(\.formFields), [read.formFields, unread.formFields, feed.formFields])
    }

    func test_manyMarks_goSeveralInFlightAtOnce() throws {
        let answer = try recording("06").response
        let server = RecordedServer(Array(repeating: answer, count: 8), together: 0..<8)
        let service = try make(server)

        try service.mark((1...8).map(String.init), .starred)

        XCTAssertEqual(server.requests.count, 8)
        XCTAssertTrue(server.requests.allSatisfy { $0.formFields.contains("as=saved") })
    }

    func test_aMarkOnAnItemTheServerNoLongerHas_isDone() throws {
        let (service, server) = try make([HTTPResponse(statusCode: 404, body: Data("Not Found".utf8))])

        XCTAssertNoThrow(try service.mark(["42"], .read))
        XCTAssertEqual(server.requests.count, 1)
    }

    func test_subscribingOrRenaming_isRefused_saying_theAPICannot() throws {
        let (service, server) = try make([HTTPResponse]())

        XCTAssertThrowsError(try service.subscribe(to: URL(string: "https://new.example/feed")!, title: nil, folder: nil)) { error in
            guard case let .refused(reason) = error as? SyncError else { return XCTFail("\(error)") }
            XCTAssertTrue(reason.contains("Fever API cannot"), reason)
        }
        XCTAssertThrowsError(try service.rename("1", to: "New"))
        XCTAssertEqual(server.requests.count, 0)
    }

    func test_aWebPageInsteadOfTheAPI_saysWhereToLook() throws {
        let (service, _) = try make([HTTPResponse(statusCode: 200, body: Data("<html><body>FreshRSS</body></html>".utf8))])

        XCTAssertThrowsError(try service.logIn()) { error in
            guard case let .refused(reason) = error as? SyncError else { return XCTFail("\(error)") }
            XCTAssertTrue(reason.contains("api/fever.php"), reason)
        }
    }

    func test_hostileIDs_areLeftOut() throws {
        let body = #"{"api_version":3,"auth":1,"unread_item_ids":"12,abc,-3,1e9,,99999999999999999999999999,7"}"#
        let (service, _) = try make([HTTPResponse(statusCode: 200, body: Data(body.utf8))])

        XCTAssertEqual(try service.unreadItemIDs(), ["12", "99999999999999999999999999", "7"])
    }

    // MARK: Helpers

    private func recording(_ number: String) throws -> Recording {
        try Recording.load("freshrss-fever", number)
    }

    private func make(_ recordings: [Recording]) throws -> (FeverService, RecordedServer) {
        try make(recordings.map(\.response))
    }

    private func make(_ answers: [HTTPResponse]) throws -> (FeverService, RecordedServer) {
        let server = RecordedServer(answers)
        return (try make(server), server)
    }

    private func make(_ server: RecordedServer) throws -> FeverService {
        let credentials = AccountCredentials(password: "itemfeed-api", session: nil) { _ in }
        return try FeverService(address: address, userName: "itemfeed", credentials: credentials, http: SyncHTTP(client: server, server: address, answerTimeout: 2))
    }
}

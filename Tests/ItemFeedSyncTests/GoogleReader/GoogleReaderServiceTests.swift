import Foundation
import ItemFeed
import ItemFeedSync
import XCTest

/// The Google Reader API client against FreshRSS 1.24.3's recorded answers:
/// the requests it builds are the recorded ones, the answers read into the
/// library's values.
final class GoogleReaderServiceTests: XCTestCase {
    private let address = URL(string: Recording.server + "/api/greader.php")!

    func test_logIn_postsTheRecordedClientLogin() throws {
        let login = try recording("02")
        let (service, server) = try make([login])

        try service.logIn()

        XCTAssertEqual(server.requests.first?.method, .post)
        XCTAssertEqual(server.requests.first?.target, login.target)
        XCTAssertEqual(server.requests.first?.formFields, login.formFields)
    }

    func test_aRefusedPassword_needsSignIn() throws {
        let (service, _) = try make([recording("01")])

        XCTAssertThrowsError(try service.logIn()) { XCTAssertEqual($0 as? SyncError, .needsSignIn) }
    }

    func test_subscriptions_sendTheAuthToken_andReadFeedsWithTheirFolders() throws {
        let list = try recording("08")
        let (service, server) = try make([recording("02"), list])

        let subscriptions = try service.subscriptions()

        XCTAssertEqual(server.requests[1].target, list.target)
        XCTAssertEqual(server.requests[1].headers["Authorization"], "GoogleLogin auth=\(Recording.token)")
        XCTAssertEqual(subscriptions.folders, [
            RemoteFolder(id: "user/-/label/Tech", name: "Tech"), RemoteFolder(id: "user/-/label/Uncategorized", name: "Uncategorized"),
        ])
        XCTAssertEqual(subscriptions.feeds.map(\.title), ["Tech One", "Tech Two", "Cafe"])
        XCTAssertEqual(subscriptions.feeds[0], RemoteFeed(
            id: "feed/1", title: "Tech One", address: URL(string: Recording.feeds + "/tech1.xml")!,
            siteLink: URL(string: Recording.feeds + "/tech1/"), folderID: "user/-/label/Tech",
            icon: URL(string: Recording.server + "/f.php?3d6b107d")
        ))
    }

    func test_unreadIDs_followTheContinuation_toTheEmptyPageFreshRSSAddsAfterAFullOne() throws {
        let pages = try ["14", "15", "16", "17"].map(recording)
        let (service, server) = try make([recording("02")] + pages)

        let unread = try service.unreadItemIDs()

        XCTAssertEqual(unread.count, 6)
        XCTAssertTrue(unread.contains("1795679031917682"))
        let asked = server.requests.dropFirst().map(\.queryFields)
        XCTAssertEqual(asked.count, 4)
        XCTAssertTrue(asked[0].isSuperset(of: ["s=user/-/state/com.google/reading-list", "xt=user/-/state/com.google/read", "n=10000"]))
        XCTAssertFalse(asked[0].contains { $0.hasPrefix("c=") })
        XCTAssertTrue(asked[1].contains("c=1795679031917681"), "the first page's continuation")
        XCTAssertTrue(asked[2].contains("c=1795679031813675"))
    }

    func test_starredIDs_askTheStarredStream() throws {
        let starred = try recording("18")
        let (service, server) = try make([recording("02"), starred])

        XCTAssertEqual(try service.starredItemIDs(), ["1795679031682130"])
        XCTAssertTrue(server.requests[1].queryFields.contains("s=user/-/state/com.google/starred"))
    }

    func test_contents_arePostedByLongId_andReadWithTheirFeedLinkEnclosureAndText() throws {
        let contents = try recording("19")
        let (service, server) = try make([recording("02"), contents])

        let items = try service.items(withIDs: ["1795679031682130", "1795679031917681"])

        XCTAssertEqual(server.requests[1].method, .post)
        XCTAssertEqual(server.requests[1].formFields, [
            "i=tag:google.com,2005:reader/item/000661291ad06452", "i=tag:google.com,2005:reader/item/000661291ad3fc71",
        ])
        XCTAssertEqual(items.count, 5)
        let podcast = try XCTUnwrap(items.first { $0.id == "1795679031682130" })
        XCTAssertEqual(podcast.feedID, "feed/1")
        XCTAssertEqual(podcast.title, "Tech One #2: Podcast episode 12")
        XCTAssertEqual(podcast.author, "Bob Host")
        XCTAssertEqual(podcast.link, URL(string: Recording.feeds + "/tech1/posts/2.html"))
        XCTAssertEqual(podcast.enclosure, Enclosure(url: URL(string: Recording.feeds + "/tech1/media/episode-12.mp3")!, type: "audio/mpeg", length: 1_234_567))
        XCTAssertEqual(podcast.summary?.hasPrefix("Listen to episode 12: we talk about epoll & friends."), true, podcast.summary ?? "")
        XCTAssertEqual(podcast.content?.contains("<em>episode 12</em>"), true)
        let cafe = try XCTUnwrap(items.first { $0.id == "1795679031917681" })
        XCTAssertEqual(cafe.title, "Café — naïve 2")
        XCTAssertEqual(cafe.published, Date(timeIntervalSince1970: 1_795_503_600))
        XCTAssertNil(cafe.author)
    }

    func test_marks_askTheWriteTokenOnce_andPostEditTag() throws {
        let (service, server) = try make([recording("02"), recording("03"), recording("11"), recording("22")])

        try service.mark(["1795679031682129", "1795679031917680"], .read)
        try service.mark(["1795679031917680"], .unread)

        XCTAssertEqual(server.requests.map(\.target), [
            "/api/greader.php/accounts/ClientLogin", "/api/greader.php/reader/api/0/token",
            "/api/greader.php/reader/api/0/edit-tag", "/api/greader.php/reader/api/0/edit-tag",
        ])
        XCTAssertEqual(server.requests[2].formFields, [
            "i=tag:google.com,2005:reader/item/000661291ad06451", "i=tag:google.com,2005:reader/item/000661291ad3fc70",
            "a=user/-/state/com.google/read", "T=\(Recording.writeToken)",
        ])
        XCTAssertEqual(server.requests[3].formFields.dropFirst(), ["r=user/-/state/com.google/read", "T=\(Recording.writeToken)"])
    }

    func test_aStaleWriteToken_isAskedAgain_andTheMarkSentOnce_more() throws {
        let (service, server) = try make([recording("02"), recording("03"), recording("24"), recording("02"), recording("03"), recording("11")])

        try service.mark(["1795679031917680"], .read)

        XCTAssertEqual(server.requests.count, 6)
        XCTAssertEqual(server.requests[5].target, "/api/greader.php/reader/api/0/edit-tag")
    }

    func test_aSessionKeptFromAnEarlierLogIn_isUsed_untilRefused_thenTheNewOneIsTold() throws {
        let server = RecordedServer(try [recording("08"), recording("25"), recording("02"), recording("08")].map(\.response))
        let told = Locked<[String]>([])
        let credentials = AccountCredentials(password: "itemfeed-api", session: Recording.token) { new in told.withLock { $0.append(new) } }
        let service = try GoogleReaderService(address: address, userName: "itemfeed", credentials: credentials, http: SyncHTTP(client: server, server: address))

        _ = try service.subscriptions()
        XCTAssertEqual(server.requests.map(\.target).first, "/api/greader.php/reader/api/0/subscription/list?output=json", "no log-in first")
        XCTAssertEqual(told.withLock { $0 }, [])

        _ = try service.subscriptions()
        XCTAssertEqual(server.requests.map(\.target).dropFirst().first, "/api/greader.php/reader/api/0/subscription/list?output=json")
        XCTAssertEqual(server.requests[2].target, "/api/greader.php/accounts/ClientLogin", "refused: logged in again")
        XCTAssertEqual(told.withLock { $0 }, [Recording.token])
    }

    func test_aChangedPassword_needsSignIn_withoutRetryingForEver() throws {
        let (service, server) = try make([recording("02"), recording("25"), recording("01")])

        XCTAssertThrowsError(try service.subscriptions()) { XCTAssertEqual($0 as? SyncError, .needsSignIn) }
        XCTAssertEqual(server.requests.count, 3)
    }

    func test_quickadd_answersTheNewFeed_orTheServersReason() throws {
        let (service, _) = try make([recording("02"), recording("03"), recording("29"), recording("30")])
        let extra = URL(string: Recording.feeds + "/extra.xml")!

        XCTAssertEqual(try service.subscribe(to: extra, title: nil, folder: nil), RemoteFeed(id: "feed/4", title: "Extra Feed", address: extra))
        XCTAssertThrowsError(try service.subscribe(to: URL(string: Recording.feeds + "/missing.xml")!, title: nil, folder: nil)) { error in
            guard case let .refused(reason) = error as? SyncError else { return XCTFail("\(error)") }
            XCTAssertTrue(reason.contains("404"), reason)
        }
    }

    func test_renameMoveUnsubscribeAndMarkAllRead_postTheRecordedFields() throws {
        let (service, server) = try make([recording("02"), recording("03"), recording("31"), recording("32"), recording("35"), recording("26")])

        try service.rename("feed/4", to: "Extra Renamed")
        try service.move("feed/4", from: "user/-/label/Uncategorized", to: "user/-/label/Tech")
        try service.unsubscribe("feed/4")
        try service.markAllRead("feed/2", before: Date(timeIntervalSince1970: 1_795_679_032.191639))

        let sent = server.requests.dropFirst(2).map(\.formFields)
        for (fields, number) in zip(sent, ["31", "32", "35"]) {
            XCTAssertEqual(fields, try recording(number).formFields)
        }
        XCTAssertEqual(sent.last?.first, "s=feed/2")
        XCTAssertTrue(sent.last?[1].hasPrefix("ts=1795679032191") == true, sent.last?[1] ?? "")
    }

    func test_aServerError_isUnreachable_andAnAnswerThatIsNotJSON_isMalformed() throws {
        let (failing, _) = try make([try recording("02").response, HTTPResponse(statusCode: 503, body: Data())])
        XCTAssertThrowsError(try failing.subscriptions()) { XCTAssertEqual($0 as? SyncError, .unreachable(reason: "HTTP 503")) }

        let (odd, _) = try make([try recording("02").response, HTTPResponse(statusCode: 200, body: Data("<html>maintenance</html>".utf8))])
        XCTAssertThrowsError(try odd.unreadItemIDs()) { error in
            guard case .malformed = error as? SyncError else { return XCTFail("\(error)") }
        }
    }

    func test_anAddressThatIsNotTheAPIs_saysWhereTheAPIIs() throws {
        let (service, _) = try make([HTTPResponse(statusCode: 200, body: Data("<!DOCTYPE html><title>FreshRSS</title>".utf8))])

        XCTAssertThrowsError(try service.logIn()) { error in
            guard case let .refused(reason) = error as? SyncError else { return XCTFail("\(error)") }
            XCTAssertTrue(reason.contains("/api/greader.php"), reason)
        }
    }

    func test_credentialsAreNeverSentToAnotherHost() throws {
        let server = RecordedServer([HTTPResponse]())
        let service = try GoogleReaderService(
            address: address, userName: "itemfeed", credentials: AccountCredentials(password: "itemfeed-api"), http: SyncHTTP(client: server, server: URL(string: "https://elsewhere.test")!)
        )

        XCTAssertThrowsError(try service.logIn())
        XCTAssertEqual(server.requests.count, 0)
    }

    // MARK: Helpers

    private func recording(_ number: String) throws -> Recording {
        try Recording.load("freshrss-greader", number)
    }

    private func make(_ recordings: [Recording]) throws -> (GoogleReaderService, RecordedServer) {
        try make(recordings.map(\.response))
    }

    private func make(_ answers: [HTTPResponse]) throws -> (GoogleReaderService, RecordedServer) {
        let server = RecordedServer(answers)
        let service = try GoogleReaderService(address: address, userName: "itemfeed", credentials: AccountCredentials(password: "itemfeed-api"), http: SyncHTTP(client: server, server: address))
        return (service, server)
    }
}

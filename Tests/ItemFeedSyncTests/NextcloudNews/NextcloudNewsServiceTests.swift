import Foundation
import ItemFeed
@testable import ItemFeedSync
import XCTest

/// The Nextcloud News client against answers written from its API's
/// documentation: the routes, bodies and authentication it sends, and the
/// answers read into the library's values.
final class NextcloudNewsServiceTests: XCTestCase {
    private typealias Example = NextcloudNewsExamples
    private let api = "/index.php/apps/news/api/v1-3/"
    /// April 2013, before the documentation's item.
    private let readSince = Date(timeIntervalSince1970: 1_364_774_400)

    func test_theAPI_isUnderTheServersAddress_unlessTheAddressIsTheAPIs() {
        XCTAssertEqual(NextcloudNewsService.apiAddress(URL(string: "https://cloud.example")!).absoluteString, "https://cloud.example/index.php/apps/news/api/v1-3/")
        XCTAssertEqual(NextcloudNewsService.apiAddress(URL(string: "https://example.org/nextcloud/")!).absoluteString,
                       "https://example.org/nextcloud/index.php/apps/news/api/v1-3/")
        XCTAssertEqual(NextcloudNewsService.apiAddress(URL(string: "https://cloud.example/apps/news/api/v1-2/feeds?x=1")!).absoluteString,
                       "https://cloud.example/apps/news/api/v1-3/")
    }

    func test_everyRequest_carriesBasicAuthentication() throws {
        let (service, server) = try make([Example.answer(Example.folders)])

        try service.logIn()

        XCTAssertEqual(server.requests.first?.target, api + "folders")
        XCTAssertEqual(server.requests.first?.headers["Authorization"], "Basic " + Data("itemfeed:itemfeed-api".utf8).base64EncodedString())
        XCTAssertEqual(server.requests.first?.method, .get)
    }

    func test_aRefusedPassword_needsSignIn_andAWebPage_saysWhereTheAPIIs() throws {
        let (refusing, _) = try make([Example.answer("", status: 401)])
        XCTAssertThrowsError(try refusing.logIn()) { XCTAssertEqual($0 as? SyncError, .needsSignIn) }

        let page = HTTPResponse(statusCode: 200, headers: ["content-type": "text/html"], body: Data("<!DOCTYPE html><title>Nextcloud</title>".utf8))
        let (web, _) = try make([page])
        XCTAssertThrowsError(try web.logIn()) { error in
            guard case let .refused(reason) = error as? SyncError else { return XCTFail("\(error)") }
            XCTAssertTrue(reason.contains("http://sync.test/index.php/apps/news/api/v1-3/"), reason)
        }
        let (missing, _) = try make([Example.answer("Not Found", status: 404)])
        XCTAssertThrowsError(try missing.subscriptions()) { error in
            guard case let .refused(reason) = error as? SyncError else { return XCTFail("\(error)") }
            XCTAssertTrue(reason.contains("does not answer as Nextcloud News does"), reason)
        }
    }

    func test_aFeedTheServerNoLongerHas_isRefusedWithTheAPIsMessage_notTakenForAWrongAddress() throws {
        let (service, _) = try make([Example.answer("{\"message\":\"Feed not found\"}", status: 404)])

        XCTAssertThrowsError(try service.rename("39", to: "New")) {
            XCTAssertEqual($0 as? SyncError, .refused(reason: "Feed not found"))
        }
    }

    func test_subscriptions_areTheFoldersAndFeeds_aFolderIdOf0BeingTheTopLevel() throws {
        let (service, server) = try make([Example.answer(Example.folders), Example.answer(Example.feeds)])

        let subscriptions = try service.subscriptions()

        XCTAssertEqual(server.requests.map(\.target), [api + "folders", api + "feeds"])
        XCTAssertEqual(subscriptions.folders, [RemoteFolder(id: "4", name: "Media")])
        XCTAssertEqual(subscriptions.feeds, [
            RemoteFeed(id: "39", title: "The Oatmeal - Comics, Quizzes, & Stories", address: URL(string: "http://feeds.test/oatmealfeed")!,
                       siteLink: URL(string: "http://feeds.test/"), folderID: "4", icon: URL(string: "http://feeds.test/favicon.ico")),
            RemoteFeed(id: "67", title: "Grulja", address: URL(string: "http://feeds.test/grulja")!, siteLink: URL(string: "http://feeds.test/grulja/")),
        ])
    }

    func test_anItem_isReadWithItsMarks() throws {
        let (service, _) = try make([Example.answer(Example.items([Example.item(id: 3443, starred: true)]))], pageSize: 10)
        var pages: [ListedItems] = []

        let cursor = try service.listChanges(since: nil, readSince: readSince) { pages.append($0) }

        let item = try XCTUnwrap(pages.first?.items.first)
        XCTAssertEqual(item, RemoteItem(
            id: "3443", feedID: "67", title: "Plasma-nm after the solid sprint", author: "Jan Grulich (grulja)",
            published: Date(timeIntervalSince1970: 1_367_270_544), link: URL(string: "http://feeds.test/2013/04/29/plasma-nm-after-the-solid-sprint/"),
            content: "<p>At first I have to say...</p>", summary: "At first I have to say..."
        ))
        XCTAssertEqual(pages.first?.unread, ["3443"])
        XCTAssertEqual(pages.first?.starred, ["3443"])
        XCTAssertEqual(cursor, "1367273003000000")
    }

    func test_theFirstListing_pagesEveryItemWhileRecent_thenTheOlderUnreadAndStarred() throws {
        let recent = 1_367_270_544, old = 1_300_000_000
        let (service, server) = try make([
            Example.answer(Example.items([Example.item(id: 10, pubDate: recent, lastModified: "1367273003000900"), Example.item(id: 9, unread: false, pubDate: recent)])),
            Example.answer(Example.items([Example.item(id: 8, unread: false, pubDate: old, lastModified: "1367273003000999"), Example.item(id: 7, unread: false, pubDate: old)])),
            Example.answer(Example.items([Example.item(id: 5, pubDate: old)])),
            Example.answer(Example.items([Example.item(id: 3, unread: false, starred: true, pubDate: old)])),
        ], pageSize: 2)
        var pages: [ListedItems] = []

        let cursor = try service.listChanges(since: nil, readSince: readSince) { pages.append($0) }

        XCTAssertEqual(server.requests.map(\.target), [
            api + "items?type=3&getRead=true&id=0&batchSize=2&offset=0",
            api + "items?type=3&getRead=true&id=0&batchSize=2&offset=9",
            api + "items?type=3&getRead=false&id=0&batchSize=2&offset=7",
            api + "items?type=2&getRead=true&id=0&batchSize=2&offset=7",
        ])
        XCTAssertEqual(pages.map { $0.items.map(\.id) }, [["10", "9"], ["8", "7"], ["5"], ["3"]])
        XCTAssertEqual(pages.map(\.unread), [["10"], [], ["5"], []])
        XCTAssertEqual(pages.last?.starred, ["3"])
        XCTAssertEqual(cursor, "1367273003000900", "the first answer's newest change: what changed while the listing went on comes next time")
    }

    func test_aServerThatIgnoresTheOffset_isNotFollowedForEver() throws {
        let page = Example.answer(Example.items([Example.item(id: 10), Example.item(id: 9)]))
        let (service, server) = try make([page, page, page, page], pageSize: 2)
        var listed: [String] = []

        _ = try service.listChanges(since: nil, readSince: .distantPast) { listed += $0.items.map(\.id) }

        XCTAssertEqual(server.requests.count, 2)
        XCTAssertEqual(listed, ["10", "9"])
    }

    func test_aLaterListing_isOneRequestForWhatChanged() throws {
        let (service, server) = try make([Example.answer(Example.items([
            Example.item(id: 3443, unread: false, lastModified: "1367273003000100"), Example.item(id: 3444, lastModified: "1367273003000200"),
        ]))])
        var pages: [ListedItems] = []

        let cursor = try service.listChanges(since: "1367273003000000", readSince: readSince) { pages.append($0) }

        XCTAssertEqual(server.requests.map(\.target), [api + "items/updated?type=3&id=0&lastModified=1367273003000000"])
        XCTAssertEqual(pages.flatMap { $0.items.map(\.id) }, ["3443", "3444"])
        XCTAssertEqual(pages.first?.unread, ["3444"])
        XCTAssertEqual(cursor, "1367273003000200")

        let (quiet, _) = try make([Example.answer(Example.items([]))])
        XCTAssertEqual(try quiet.listChanges(since: "1367273003000200", readSince: readSince) { _ in XCTFail("no page") }, "1367273003000200")
    }

    func test_marks_goManyIdsARequest_toTheirRoutes() throws {
        let (service, server) = try make(Array(repeating: Example.empty, count: 4))

        try service.mark(["1", "2"], .read)
        try service.mark(["3"], .unread)
        try service.mark(["4"], .starred)
        try service.mark(["5", "not-an-id"], .unstarred)

        XCTAssertEqual(server.requests.map(\.method), [.post, .post, .post, .post])
        XCTAssertEqual(server.requests.map(\.target), ["read", "unread", "star", "unstar"].map { api + "items/\($0)/multiple" })
        XCTAssertEqual(server.requests.map(\.jsonBody), [["itemIds": [1, 2]], ["itemIds": [3]], ["itemIds": [4]], ["itemIds": [5]]])
    }

    func test_feeds_areAddedRemovedRenamedAndMoved_byTheirRoutes() throws {
        let created = Example.answer("{\"feeds\": [{\"id\": 40, \"url\": \"http://feeds.test/new.xml\", \"title\": \"New\", \"folderId\": 4}], \"newestItemId\": 23}")
        let (service, server) = try make([created, Example.empty, Example.answer("{\"message\":\"Feed not found\"}", status: 404), Example.empty, Example.empty])

        let feed = try service.subscribe(to: URL(string: "http://feeds.test/new.xml")!, title: "Mine", folder: "4")
        try service.unsubscribe("40")
        try service.move("39", from: "4", to: nil)
        try service.move("39", from: nil, to: "4")

        XCTAssertEqual(feed, RemoteFeed(id: "40", title: "Mine", address: URL(string: "http://feeds.test/new.xml")!, folderID: "4"))
        XCTAssertEqual(server.requests.map { "\($0.method.rawValue) \($0.target)" }, [
            "POST \(api)feeds", "POST \(api)feeds/40/rename", "DELETE \(api)feeds/40", "POST \(api)feeds/39/move", "POST \(api)feeds/39/move",
        ])
        XCTAssertEqual(server.requests[0].jsonBody, ["url": "http://feeds.test/new.xml", "folderId": 4])
        XCTAssertEqual(server.requests[1].jsonBody, ["feedTitle": "Mine"])
        XCTAssertEqual(server.requests[3].jsonBody, ["folderId": NSNull()])
        XCTAssertEqual(server.requests[4].jsonBody, ["folderId": 4])
    }

    func test_aFeedTheServerCannotRead_isRefusedWithItsMessage() throws {
        let (service, _) = try make([Example.answer("{\"message\":\"Could not find a feed at http://feeds.test/page.html\"}", status: 422)])

        XCTAssertThrowsError(try service.subscribe(to: URL(string: "http://feeds.test/page.html")!, title: nil, folder: nil)) {
            XCTAssertEqual($0 as? SyncError, .refused(reason: "Could not find a feed at http://feeds.test/page.html"))
        }
    }

    func test_markAllRead_marksTheWholeFeed_byItsNewestId_whenEveryUnreadItemIsOlderThanTheDate() throws {
        let unread = Example.answer(Example.items([Example.item(id: 12, pubDate: 1_000), Example.item(id: 11, pubDate: 2_000)]))
        let (service, server) = try make([unread, Example.empty, unread, Example.empty])

        try service.markAllRead("67", before: Date(timeIntervalSince1970: 5_000))
        try service.markAllRead("67", before: Date(timeIntervalSince1970: 1_500))

        XCTAssertEqual(server.requests.map(\.target), [
            api + "items?type=0&id=67&getRead=false&batchSize=-1", api + "feeds/67/read",
            api + "items?type=0&id=67&getRead=false&batchSize=-1", api + "items/read/multiple",
        ])
        XCTAssertEqual(server.requests[1].jsonBody, ["newestItemId": 12])
        XCTAssertEqual(server.requests[3].jsonBody, ["itemIds": [12]], "only what was published before the date")
    }

    func test_hostileValues_areCleanedOrLeftOut() throws {
        let hostile = """
        {"items": [{"id": 1, "feedId": 67, "title": "A\\u0007title\\u202e", "url": "javascript:alert(1)", "body": "<script>x</script><p>Hi</p>",
                    "enclosureLink": "file:///etc/passwd", "mediaThumbnail": "http://feeds.test/t.jpg", "unread": "yes", "pubDate": -5},
                   {"id": "x", "feedId": 67}, {"id": 2}, "not an object"]}
        """
        let (service, _) = try make([Example.answer(hostile)], pageSize: 10)
        var items: [RemoteItem] = []

        _ = try service.listChanges(since: "1", readSince: readSince) { items += $0.items }

        XCTAssertEqual(items.count, 1)
        XCTAssertNil(items.first?.link)
        XCTAssertNil(items.first?.enclosure)
        XCTAssertNil(items.first?.published)
        XCTAssertEqual(items.first?.image, URL(string: "http://feeds.test/t.jpg"))
        XCTAssertFalse(items.first?.title.unicodeScalars.contains { $0.value == 7 } ?? true)
    }

    private func make(_ answers: [HTTPResponse], pageSize: Int = 1_000) throws -> (NextcloudNewsService, RecordedServer) {
        let server = RecordedServer(answers)
        let service = try NextcloudNewsService(
            address: URL(string: Recording.server)!, userName: "itemfeed", credentials: AccountCredentials(password: "itemfeed-api"),
            http: SyncHTTP(client: server, server: URL(string: Recording.server)!), pageSize: pageSize
        )
        return (service, server)
    }
}

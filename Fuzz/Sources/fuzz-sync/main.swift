import FeedPromises
import Foundation
import ItemFeed
import ItemFeedSync

/// A feed server's answers, any bytes, to each call of every service: a
/// `SyncError` or values that keep a feed's promises (clean text within its
/// limits, http(s) addresses only), and never a loop that does not end.
FuzzDriver.run { input in
    let server = URL(string: "https://sync.test/api/")!
    let client = Answering(Data(input))
    let credentials = AccountCredentials(password: "p", session: "kept")
    let http = SyncHTTP(client: client, server: server)
    let services: [SyncService] = [
        try! GoogleReaderService(address: server, userName: "u", credentials: credentials, http: http),
        try! TinyTinyRSSService(address: server, userName: "u", credentials: credentials, http: http),
        try! FeverService(address: server, userName: "u", credentials: credentials, http: http),
        try! NextcloudNewsService(address: server, userName: "u", credentials: credentials, http: http, pageSize: 2),
    ]
    for service in services {
        keeps { try service.subscriptions() } check: { subscriptions in
            for feed in subscriptions.feeds {
                web(feed.address)
                [feed.siteLink, feed.icon].compactMap { $0 }.forEach(web)
                clean(feed.title, FeedText.titleLimit)
            }
            subscriptions.folders.forEach { clean($0.name, FeedText.titleLimit) }
        }
        if let service = service as? ItemIDListing {
            keeps { try service.unreadItemIDs() } check: { _ in }
            keeps { try service.itemIDs(since: .distantPast) } check: { _ in }
            keeps { try service.items(withIDs: ["1", "2"]) } check: { $0.forEach(check) }
        }
        if let service = service as? ItemChangeListing {
            for cursor in [nil, "1"] {
                var items: [RemoteItem] = []
                keeps { try service.listChanges(since: cursor, readSince: .distantPast) { items += $0.items } } check: { _ in items.forEach(check) }
            }
        }
    }
}

func check(_ item: RemoteItem) {
    clean(item.title, FeedText.titleLimit)
    item.author.map { clean($0, FeedText.nameLimit) }
    item.summary.map { clean($0, FeedText.summaryLimit) }
    [item.link, item.enclosure?.url, item.image].compactMap { $0 }.forEach(web)
}

/// Every answer the same bytes, at once.
final class Answering: HTTPClient, @unchecked Sendable {
    let body: Data
    init(_ body: Data) { self.body = body }

    func send(_ request: HTTPRequest, completion: @escaping (Result<HTTPResponse, HTTPClientError>) -> Void) -> HTTPClientTask {
        completion(.success(HTTPResponse(statusCode: 200, body: body)))
        return NoTask()
    }

    struct NoTask: HTTPClientTask {
        func cancel() {}
    }
}

func keeps<Value>(_ call: () throws -> Value, check: (Value) -> Void) {
    do {
        check(try call())
    } catch is SyncError {
    } catch {
        FeedPromises.fail("a service threw something other than a SyncError: \(error)")
    }
}

func web(_ address: URL) {
    FeedPromises.expect(["http", "https"].contains(address.scheme?.lowercased()), "a \(address.scheme ?? "relative") address from a server: \(address)")
}

func clean(_ text: String, _ limit: Int) {
    FeedPromises.expect(text.count <= limit, "a text over its limit of \(limit)")
    FeedPromises.expect(!text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }, "a control character in \(text.debugDescription)")
}

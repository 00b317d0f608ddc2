import Foundation
import ItemFeed
import ItemFeedXML

/// Nextcloud News's API v1-3, following its own sync recipe: HTTP basic
/// authentication on every request (an app password), the folders and
/// feeds whole each round, every unread and starred item the first time,
/// then `items/updated?lastModified=` for what changed since. Marks go many
/// ids a request (`items/read/multiple`…); feeds are added, removed,
/// renamed and moved by their own routes.
public final class NextcloudNewsService: ItemChangeListing {
    /// `…/index.php/apps/news/api/v1-3/`.
    let base: URL
    private let authorization: String
    private let http: SyncHTTP
    private let summarizer: HTMLSummarizer

    public let markBatchSize = 1_000
    /// Items a page of the first listing.
    let pageSize: Int
    /// A server that never stops giving pages is not followed for ever
    /// (10,000 pages: ten million items at 1,000 a page).
    static let maxPages = 10_000

    /// `address`: the Nextcloud's own (`https://cloud.example`, or with a
    /// path where it is served from), or the API's.
    public init(address: URL, userName: String, credentials: AccountCredentials, http: SyncHTTP, pageSize: Int = 1_000) throws {
        base = Self.apiAddress(address)
        authorization = "Basic " + Data("\(userName):\(credentials.password)".utf8).base64EncodedString()
        self.http = http
        self.pageSize = max(1, pageSize)
        summarizer = try HTMLSummarizer()
    }

    /// The API under the server's address, unless the address is the API's.
    static func apiAddress(_ address: URL) -> URL {
        var text = address.absoluteString
        if let query = text.firstIndex(where: { $0 == "?" || $0 == "#" }) { text = String(text[..<query]) }
        if let api = text.range(of: "/apps/news/api/") {
            return URL(string: String(text[..<api.upperBound]) + "v1-3/") ?? address
        }
        if !text.hasSuffix("/") { text += "/" }
        return URL(string: text + "index.php/apps/news/api/v1-3/") ?? address
    }

    // MARK: Requests

    private func request(_ path: String, _ method: HTTPRequest.Method = .get, json: [String: Any]? = nil) throws -> HTTPRequest {
        guard let url = URL(string: path, relativeTo: base)?.absoluteURL else { throw SyncError.malformed(reason: tr("the server's address is not valid")) }
        let headers = ["Authorization": authorization, "Accept": "application/json"]
        guard let json else { return HTTPRequest(url: url, method: method, headers: headers) }
        return .json(url, method: method, body: try JSONSerialization.data(withJSONObject: json), headers: headers)
    }

    /// The answer's object; `goneIsDone`: a 404 says the feed is gone already.
    @discardableResult
    private func call(_ path: String, _ method: HTTPRequest.Method = .get, json: [String: Any]? = nil, goneIsDone: Bool = false) throws -> [String: Any] {
        let response = try http.send(request(path, method, json: json))
        if response.statusCode == 401 || response.statusCode == 403 { throw SyncError.needsSignIn }
        if goneIsDone, response.statusCode == 404 { return [:] }
        guard (200..<300).contains(response.statusCode) else {
            // The API's own 404 says what is missing (a feed deleted on the
            // server); any other is an address where the API is not.
            if response.statusCode == 404, Self.message(response) == nil { throw notNextcloud }
            throw SyncError.refused(reason: Self.message(response) ?? "HTTP \(response.statusCode)")
        }
        if response.body.isEmpty || method != .get { return (try? NextcloudNewsAnswers.object(response.body)) ?? [:] }
        do {
            return try NextcloudNewsAnswers.object(response.body)
        } catch {
            // A web page (a log-in form, the server's home): not the API.
            throw notNextcloud
        }
    }

    /// The `message` Nextcloud News gives with a refusal (a feed it cannot read, one followed already).
    private static func message(_ response: HTTPResponse) -> String? {
        ((try? NextcloudNewsAnswers.object(response.body))?["message"] as? String).flatMap { FeedText.clean($0, limit: 500) }
    }

    private var notNextcloud: SyncError {
        .refused(reason: tr("{address} does not answer as Nextcloud News does: give the Nextcloud server's address, with News installed", ["address": base.absoluteString]))
    }

    // MARK: Reading

    public func logIn() throws {
        _ = try NextcloudNewsAnswers.folders(call("folders"))
    }

    public func subscriptions() throws -> RemoteSubscriptions {
        let folders = try NextcloudNewsAnswers.folders(call("folders"))
        return RemoteSubscriptions(folders: folders, feeds: try NextcloudNewsAnswers.feeds(call("feeds")))
    }

    /// Later rounds: one request. The first: every item newest first until a
    /// page holds nothing published since `readSince`, then the older unread
    /// ones, then the older starred ones. The cursor is the newest change in
    /// the first answer: anything changed after that answer is newer.
    public func listChanges(since cursor: String?, readSince: Date, page: (ListedItems) throws -> Void) throws -> String? {
        if let cursor {
            let changed = try NextcloudNewsAnswers.items(call("items/updated?type=3&id=0&lastModified=\(Int64(cursor) ?? 0)"), summarizer: summarizer)
            for slice in changed.listed.items.chunked(pageSize) {
                let ids = Set(slice.map(\.id))
                try page(ListedItems(items: slice, unread: changed.listed.unread.intersection(ids), starred: changed.listed.starred.intersection(ids)))
            }
            return changed.lastModified.map(String.init) ?? cursor
        }
        var next: Int64?
        let older = try pages("type=3&getRead=true", from: 0, page: page) { answer in
            if next == nil { next = answer.lastModified ?? 0 }
            return answer.listed.items.contains { ($0.published ?? .distantFuture) >= readSince }
        }
        if older > 0 {
            _ = try pages("type=3&getRead=false", from: older, page: page) { _ in true }
            _ = try pages("type=2&getRead=true", from: older, page: page) { _ in true }
        }
        return next.map(String.init)
    }

    /// Pages of `items` older than `offset` (0: from the newest) while
    /// `more` (told every answer) says so and pages come full; answers the
    /// lowest id listed, 0 when the listing reached the oldest item.
    private func pages(_ query: String, from offset: Int64, page: (ListedItems) throws -> Void, more: (NextcloudNewsAnswers.Page) -> Bool) throws -> Int64 {
        var offset = offset
        for _ in 0..<Self.maxPages {
            let answer = try NextcloudNewsAnswers.items(call("items?\(query)&id=0&batchSize=\(pageSize)&offset=\(offset)"), summarizer: summarizer)
            var listed = answer.listed
            // A server that ignores `offset` gives the same page again: only older ids are taken.
            if offset > 0 { listed.items.removeAll { (Int64($0.id) ?? 0) >= offset } }
            if !listed.items.isEmpty { try page(listed) }
            let wanted = more(answer)
            guard let lowest = answer.lowestID, answer.listed.items.count >= pageSize, offset == 0 || lowest < offset else { return 0 }
            offset = lowest
            guard wanted else { return offset }
        }
        return offset
    }

    // MARK: Changing

    public func mark(_ ids: [String], _ mark: RemoteMark) throws {
        let numbers = ids.compactMap { Int64($0) }
        guard !numbers.isEmpty else { return }
        let route = switch mark {
        case .read: "read"
        case .unread: "unread"
        case .starred: "star"
        case .unstarred: "unstar"
        }
        try call("items/\(route)/multiple", .post, json: ["itemIds": numbers])
    }

    /// The feed's unread items published up to `date`: the whole feed by
    /// its route when that is all of them, else those items by id (the
    /// route marks by id, not by date).
    public func markAllRead(_ feedID: String, before date: Date) throws {
        let unread = try NextcloudNewsAnswers.items(call("items?type=0&id=\(number(feedID))&getRead=false&batchSize=-1"), summarizer: summarizer).listed.items
        let older = unread.filter { ($0.published ?? .distantPast) <= date }
        guard !older.isEmpty else { return }
        if older.count == unread.count, let newest = unread.compactMap({ Int64($0.id) }).max() {
            try call("feeds/\(number(feedID))/read", .post, json: ["newestItemId": newest])
        } else {
            for batch in older.map(\.id).chunked(markBatchSize) { try mark(batch, .read) }
        }
    }

    public func subscribe(to address: URL, title: String?, folder: String?) throws -> RemoteFeed {
        var feed = try NextcloudNewsAnswers.createdFeed(call("feeds", .post, json: ["url": address.absoluteString, "folderId": folderNumber(folder)]))
        if let title, title != feed.title {
            try rename(feed.id, to: title)
            feed.title = title
        }
        return feed
    }

    public func unsubscribe(_ feedID: String) throws {
        try call("feeds/\(number(feedID))", .delete, goneIsDone: true)
    }

    public func rename(_ feedID: String, to title: String) throws {
        try call("feeds/\(number(feedID))/rename", .post, json: ["feedTitle": title])
    }

    public func move(_ feedID: String, from old: String?, to folder: String?) throws {
        try call("feeds/\(number(feedID))/move", .post, json: ["folderId": folderNumber(folder)])
    }

    private func number(_ id: String) throws -> Int64 {
        guard let number = Int64(id) else { throw SyncError.refused(reason: tr("{id} is not a Nextcloud News id", ["id": id])) }
        return number
    }

    /// `null` is the top level.
    private func folderNumber(_ folder: String?) throws -> Any {
        try folder.map { try number($0) as Any } ?? NSNull()
    }
}

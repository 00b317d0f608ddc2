import Foundation
import ItemFeed
import ItemFeedXML

/// The Fever API (version 3), which FreshRSS, Miniflux, Tiny Tiny RSS (a
/// plugin) and coldsweat all speak: one address, `POST ?api&…` with the
/// `api_key` in the body, no session. Unread and saved ids come whole;
/// items come 50 a page with their contents, by `max_id` (newest first)
/// or `with_ids`; a mark is one item a request. It cannot subscribe,
/// unsubscribe, rename or move a feed.
public final class FeverService: ItemIDListing {
    private let endpoint: String
    private let key: String
    private let http: SyncHTTP
    private let summarizer: HTMLSummarizer
    /// Where the round keeps the contents the recent pages bring.
    private var contents: ListedContents?

    public let itemBatchSize = 50
    public let markBatchSize = 50
    /// Fever's page of items.
    static let pageSize = 50
    /// A server that never stops giving pages is not followed for ever
    /// (4,000 pages: 200,000 items).
    static let maxPages = 4_000
    /// Marks in flight at once: Fever takes one item a request.
    static let marksTogether = 8
    /// Newer than any item: the first page of `max_id`.
    static let newest = String(Int64.max)

    /// `address`: the API's own (FreshRSS: `…/api/fever.php`).
    public init(address: URL, userName: String, credentials: AccountCredentials, http: SyncHTTP) throws {
        var components = URLComponents(url: address, resolvingAgainstBaseURL: false)
        components?.query = nil
        components?.fragment = nil
        endpoint = components?.string ?? address.absoluteString
        key = FeverKey.of(user: userName, password: credentials.password)
        self.http = http
        summarizer = try HTMLSummarizer()
    }

    public func logIn() throws {
        _ = try call("")
    }

    /// `?api` and `query`, the key and `fields` in the body.
    private func call(_ query: String, _ fields: [(name: String, value: String)] = []) throws -> [String: Any] {
        try callTogether([(query, fields)])[0]
    }

    /// `goneIsDone`: a 404 answers a mark on an item the server no longer
    /// has (coldsweat's way), which there is nothing left to mark.
    private func callTogether(_ calls: [(query: String, fields: [(name: String, value: String)])], goneIsDone: Bool = false) throws -> [[String: Any]] {
        let requests = try calls.map { call -> HTTPRequest in
            guard let url = URL(string: endpoint + "?api" + call.query) else { throw SyncError.malformed(reason: tr("the server's address is not valid")) }
            return .form(url, fields: [("api_key", key)] + call.fields)
        }
        return try http.sendTogether(requests).map { response in
            if goneIsDone, response.statusCode == 404 { return [:] }
            if response.statusCode == 401 || response.statusCode == 403 { throw SyncError.needsSignIn }
            guard (200..<300).contains(response.statusCode) else {
                if response.statusCode == 404 { throw notFever }
                throw SyncError.unreachable(reason: "HTTP \(response.statusCode)")
            }
            do {
                return try FeverAnswers.object(response.body)
            } catch SyncError.malformed {
                // A web page, or another API: not where Fever answers.
                throw notFever
            }
        }
    }

    private var notFever: SyncError {
        .refused(reason: tr("{address} does not answer as the Fever API does: give its API's address (FreshRSS: …/api/fever.php)", ["address": endpoint]))
    }

    // MARK: Reading

    public func subscriptions() throws -> RemoteSubscriptions {
        let answers = try callTogether([("&groups", []), ("&feeds", [])])
        return try FeverAnswers.subscriptions(groups: answers[0], feeds: answers[1])
    }

    public func willListItemIDs(holding count: Int, readSince: Date, contents: ListedContents) {
        self.contents = contents
    }

    public func unreadItemIDs() throws -> Set<String> {
        try FeverAnswers.idList(call("&unread_item_ids"), "unread_item_ids")
    }

    public func starredItemIDs() throws -> Set<String> {
        try FeverAnswers.idList(call("&saved_item_ids"), "saved_item_ids")
    }

    /// Pages by `max_id`, newest first (by when the server got them, not by
    /// their dates), until a page has nothing as recent as `date` or is
    /// short; their contents go to the round's `ListedContents`, as Fever
    /// has no list of ids by date.
    public func itemIDs(since date: Date) throws -> Set<String> {
        var ids: Set<String> = []
        var maxID = Self.newest
        for _ in 0..<Self.maxPages {
            let page = try FeverAnswers.items(call("&items&max_id=\(maxID)"), summarizer: summarizer)
            let recent = page.filter { ($0.published ?? .distantFuture) >= date }
            for item in recent { contents?.keep(item) }
            ids.formUnion(recent.map(\.id))
            // A short page is the last; a server that ignores `max_id` gives none older.
            guard !recent.isEmpty, page.count >= Self.pageSize, let lowest = page.map(\.id).min(by: Self.isLess), Self.isLess(lowest, maxID) else { break }
            maxID = lowest
        }
        return ids
    }

    public func items(withIDs ids: [String]) throws -> [RemoteItem] {
        var items: [RemoteItem] = []
        for batch in ids.chunked(Self.pageSize) {
            items += try FeverAnswers.items(call("&items&with_ids=\(batch.joined(separator: ","))"), summarizer: summarizer)
        }
        return items
    }

    /// Decimal ids compared as numbers, whatever their length.
    static func isLess(_ left: String, _ right: String) -> Bool {
        left.count == right.count ? left < right : left.count < right.count
    }

    // MARK: Changing

    /// One item a request, `marksTogether` in flight.
    public func mark(_ ids: [String], _ mark: RemoteMark) throws {
        let state = switch mark {
        case .read: "read"
        case .unread: "unread"
        case .starred: "saved"
        case .unstarred: "unsaved"
        }
        for batch in ids.chunked(Self.marksTogether) {
            _ = try callTogether(batch.map { ("", [("mark", "item"), ("as", state), ("id", $0)]) }, goneIsDone: true)
        }
    }

    public func markAllRead(_ feedID: String, before date: Date) throws {
        _ = try call("", [("mark", "feed"), ("as", "read"), ("id", feedID), ("before", String(Int(date.timeIntervalSince1970)))])
    }

    public func subscribe(to address: URL, title: String?, folder: String?) throws -> RemoteFeed {
        throw Self.cannot
    }

    public func unsubscribe(_ feedID: String) throws {
        throw Self.cannot
    }

    public func rename(_ feedID: String, to title: String) throws {
        throw Self.cannot
    }

    public func move(_ feedID: String, from old: String?, to folder: String?) throws {
        throw Self.cannot
    }

    static var cannot: SyncError {
        .refused(reason: tr("The Fever API cannot subscribe, unsubscribe, rename or move feeds: do it on the server"))
    }
}

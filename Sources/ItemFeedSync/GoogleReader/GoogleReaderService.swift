import Foundation
import ItemFeed
import ItemFeedXML

/// The Google Reader API as FreshRSS, Miniflux, TheOldReader, BazQux and
/// Inoreader serve it: ClientLogin for the `Auth` token, a write token `T`
/// for every POST that changes something (asked only when a change is
/// sent, asked again when the server says it went stale), id lists paged
/// by continuation. Only what Miniflux's subset has is used: no
/// `stream/contents`, id pages of at most 10,000.
public final class GoogleReaderService: ItemIDListing {
    private let base: URL
    private let userName: String
    private let credentials: AccountCredentials
    private let http: SyncHTTP
    private let summarizer: HTMLSummarizer
    private var auth: String?
    private var writeToken: String?

    public let itemBatchSize = 250
    public let markBatchSize = 1_000
    /// Miniflux answers at most this many ids a page.
    static let idPageSize = 10_000
    /// A server that never stops giving pages is not followed for ever
    /// (1,000 pages: ten million ids).
    static let maxIDPages = 1_000

    /// `address`: where the API answers (`…/api/greader.php` for FreshRSS,
    /// the server itself for Miniflux).
    /// `credentials.session`: an `Auth` a previous log-in gave, used until
    /// the server refuses it.
    public init(address: URL, userName: String, credentials: AccountCredentials, http: SyncHTTP) throws {
        base = address.absoluteString.hasSuffix("/") ? address.deletingLastPathComponent() : address
        self.userName = userName
        self.credentials = credentials
        auth = credentials.session
        self.http = http
        summarizer = try HTMLSummarizer()
    }

    // MARK: Logging in

    public func logIn() throws {
        let response = try http.send(.form(url("accounts/ClientLogin"), fields: [("Email", userName), ("Passwd", credentials.password)]))
        guard response.statusCode != 401, response.statusCode != 403 else { throw SyncError.needsSignIn }
        try check(response)
        // A web page instead (the server's home, not its API): say where to look.
        guard let auth = try? GoogleReaderAnswers.auth(response.body) else {
            throw SyncError.refused(reason: tr("{address} does not answer as the Google Reader API does: give its API's address (FreshRSS: …/api/greader.php)", ["address": base.absoluteString]))
        }
        self.auth = auth
        writeToken = nil
        credentials.sessionChanged(auth)
    }

    /// A request with the account's `Auth`; logged in (again) first when
    /// there is none or the server refused it, once.
    private func authorized(_ make: () -> HTTPRequest) throws -> HTTPResponse {
        if auth == nil { try logIn() }
        let response = try SignedIn.retrying(logIn: logIn) { try refusingStaleAuth(http.send(signed(make()))) }
        try check(response)
        return response
    }

    /// A POST that changes something: it carries `T`, asked for when there
    /// is none and again when the server says it is stale.
    @discardableResult
    private func changing(_ path: String, _ fields: [(name: String, value: String)]) throws -> HTTPResponse {
        if writeToken == nil { try fetchWriteToken() }
        let request = { [self] in HTTPRequest.form(url(path), fields: fields + [("T", writeToken ?? "")]) }
        // A stale T (`Google-Bad-Token`) or a stale Auth: both asked again.
        let response = try SignedIn.retrying(logIn: { try logIn(); try fetchWriteToken() }) { try refusingStaleAuth(http.send(signed(request()))) }
        try check(response)
        return response
    }

    /// `nil` for the server's 401: the session (or its token) is gone.
    private func refusingStaleAuth(_ response: HTTPResponse) -> HTTPResponse? {
        response.statusCode == 401 ? nil : response
    }

    private func fetchWriteToken() throws {
        writeToken = try GoogleReaderAnswers.token(authorized { HTTPRequest(url: url("reader/api/0/token")) }.body)
    }

    private func signed(_ request: HTTPRequest) -> HTTPRequest {
        var request = request
        request.headers["Authorization"] = "GoogleLogin auth=\(auth ?? "")"
        return request
    }

    private func check(_ response: HTTPResponse) throws {
        guard (200..<300).contains(response.statusCode) else {
            throw SyncError.unreachable(reason: "HTTP \(response.statusCode)")
        }
    }

    // MARK: Reading

    public func subscriptions() throws -> RemoteSubscriptions {
        try GoogleReaderAnswers.subscriptions(authorized { HTTPRequest(url: url("reader/api/0/subscription/list", ["output": "json"])) }.body)
    }

    public func unreadItemIDs() throws -> Set<String> {
        try ids(["s": Stream.readingList, "xt": Stream.read])
    }

    public func starredItemIDs() throws -> Set<String> {
        try ids(["s": Stream.starred])
    }

    public func itemIDs(since date: Date) throws -> Set<String> {
        try ids(["s": Stream.readingList, "ot": String(Int(date.timeIntervalSince1970))])
    }

    /// Every page of a stream's ids. A server gives a continuation on a
    /// full last page too (FreshRSS), so the end is an empty or short page,
    /// or a continuation seen before.
    private func ids(_ query: [String: String]) throws -> Set<String> {
        var ids: Set<String> = []
        var continuation: String?
        var seen: Set<String> = []
        for _ in 0..<Self.maxIDPages {
            var page = query
            page["output"] = "json"
            page["n"] = String(Self.idPageSize)
            page["c"] = continuation
            let answer = try GoogleReaderAnswers.itemIDs(authorized { HTTPRequest(url: url("reader/api/0/stream/items/ids", page)) }.body)
            ids.formUnion(answer.ids)
            guard !answer.ids.isEmpty, let next = answer.continuation, seen.insert(next).inserted else { break }
            continuation = next
        }
        return ids
    }

    public func items(withIDs ids: [String]) throws -> [RemoteItem] {
        let response = try authorized {
            .form(url("reader/api/0/stream/items/contents", ["output": "json"]), fields: ids.map { ("i", GoogleReaderItemID.long($0)) })
        }
        return try GoogleReaderAnswers.items(response.body, summarizer: summarizer)
    }

    // MARK: Changing

    public func mark(_ ids: [String], _ mark: RemoteMark) throws {
        let tag: (name: String, value: String) = switch mark {
        case .read: ("a", Stream.read)
        case .unread: ("r", Stream.read)
        case .starred: ("a", Stream.starred)
        case .unstarred: ("r", Stream.starred)
        }
        try changing("reader/api/0/edit-tag", ids.map { ("i", GoogleReaderItemID.long($0)) } + [tag])
    }

    public func subscribe(to address: URL, title: String?, folder: String?) throws -> RemoteFeed {
        let response = try changing("reader/api/0/subscription/quickadd", [("quickadd", address.absoluteString)])
        guard let answer = (try? JSONSerialization.jsonObject(with: response.body)) as? [String: Any] else {
            throw SyncError.malformed(reason: tr("the subscribe answer is not a JSON object"))
        }
        guard let streamID = answer["streamId"] as? String, (answer["numResults"] as? NSNumber)?.intValue ?? 1 > 0 else {
            throw SyncError.refused(reason: (answer["error"] as? String).flatMap { FeedText.clean($0, limit: 500) } ?? tr("The server could not subscribe to {address}", ["address": address.absoluteString]))
        }
        var fields: [(name: String, value: String)] = [("ac", "edit"), ("s", streamID)]
        if let title { fields.append(("t", title)) }
        if let folder { fields.append(("a", folder)) }
        if fields.count > 2 { try changing("reader/api/0/subscription/edit", fields) }
        let name = title ?? (answer["streamName"] as? String) ?? address.absoluteString
        return RemoteFeed(id: streamID, title: name, address: address, folderID: folder)
    }

    public func unsubscribe(_ feedID: String) throws {
        try changing("reader/api/0/subscription/edit", [("ac", "unsubscribe"), ("s", feedID)])
    }

    public func rename(_ feedID: String, to title: String) throws {
        try changing("reader/api/0/subscription/edit", [("ac", "edit"), ("s", feedID), ("t", title)])
    }

    public func move(_ feedID: String, from old: String?, to folder: String?) throws {
        var fields: [(name: String, value: String)] = [("ac", "edit"), ("s", feedID)]
        if let folder { fields.append(("a", folder)) }
        if let old { fields.append(("r", old)) }
        try changing("reader/api/0/subscription/edit", fields)
    }

    /// `ts` is in microseconds: servers compare it with their item ids.
    public func markAllRead(_ feedID: String, before date: Date) throws {
        try changing("reader/api/0/mark-all-as-read", [("s", feedID), ("ts", String(Int64(date.timeIntervalSince1970 * 1_000_000)))])
    }

    // MARK: Addresses

    enum Stream {
        static let readingList = "user/-/state/com.google/reading-list"
        static let read = "user/-/state/com.google/read"
        static let starred = "user/-/state/com.google/starred"
    }

    private func url(_ path: String, _ query: [String: String] = [:]) -> URL {
        var components = URLComponents(url: base.appendingPathComponent(path), resolvingAgainstBaseURL: false)!
        if !query.isEmpty {
            components.percentEncodedQueryItems = query.sorted { $0.key < $1.key }.map {
                URLQueryItem(name: $0.key, value: $0.value.addingPercentEncoding(withAllowedCharacters: Self.queryValue))
            }
        }
        return components.url!
    }

    /// A query value keeps `/` (stream ids are paths) and escapes the rest.
    private static let queryValue = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._~/"))
}

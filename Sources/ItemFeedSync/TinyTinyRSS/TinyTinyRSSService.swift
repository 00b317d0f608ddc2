import Foundation
import ItemFeed
import ItemFeedXML

/// Tiny Tiny RSS's JSON API (level 15 and later): one endpoint, `POST /api/`,
/// a session id in each body, logged in again when the server says
/// NOT_LOGGED_IN. Its core API lists no unread or starred ids: headlines
/// without content serve (unread ones of feed -4, all of feed -1), 200 a page
/// by `skip`. It cannot rename or move a feed.
public final class TinyTinyRSSService: ItemIDListing {
    private let endpoint: URL
    private let userName: String
    private let credentials: AccountCredentials
    private let http: SyncHTTP
    private let summarizer: HTMLSummarizer
    private var session: String?
    /// Whether headlines come with their contents: in a round that holds
    /// nothing yet, as tt-rss spends as much on a headline without its
    /// content as with it, and `getArticle` would cost as much again.
    private var listsContents = false
    /// Where the round keeps the contents the headlines bring; once it is
    /// full, headlines come without them and the rest by `getArticle` in
    /// batches, so an account of 100,000 unread items is not held at once.
    private var contents: ListedContents?
    /// The start of the library's retention, for this round's lists.
    private var readSince: Date?
    /// The ids listed since `readSince` by `unreadItemIDs()`, for `itemIDs(since:)`.
    private var recent: (since: Date, ids: Set<String>)?

    public let itemBatchSize = 200
    public let markBatchSize = 1_000
    /// The most headlines Tiny Tiny RSS gives a request.
    static let headlinesPageSize = 200
    /// A server that never stops giving pages (or ignores `skip`) is not
    /// followed for ever (25,000 pages: five million headlines).
    static let maxHeadlinePages = 25_000

    /// `address`: Tiny Tiny RSS's own address (its API is `api/` below it).
    public init(address: URL, userName: String, credentials: AccountCredentials, http: SyncHTTP) throws {
        let trimmed = address.absoluteString.hasSuffix("/") ? address : address.appendingPathComponent("")
        endpoint = trimmed.lastPathComponent == "api" ? trimmed : trimmed.appendingPathComponent("api/")
        self.userName = userName
        self.credentials = credentials
        session = credentials.session
        self.http = http
        summarizer = try HTMLSummarizer()
    }

    public func logIn() throws {
        switch try send(["op": "login", "user": userName, "password": credentials.password]) {
        case let .content(content):
            let session = try TinyTinyRSSAnswers.sessionID(content)
            self.session = session
            credentials.sessionChanged(session)
        case .error("LOGIN_ERROR"):
            throw SyncError.needsSignIn
        case .error("API_DISABLED"):
            throw SyncError.refused(reason: tr("Tiny Tiny RSS's API is off for this user: turn on “Enable API” in its preferences"))
        case let .error(error):
            throw SyncError.refused(reason: error)
        }
    }

    /// An operation in the session; logged in (again) first when there is
    /// none or the server forgot it, once.
    private func call(_ operation: String, _ parameters: [String: Any] = [:]) throws -> Any {
        try callTogether(operation, [parameters])[0]
    }

    /// The same operation with each of `parameters`, sent together.
    private func callTogether(_ operation: String, _ parameters: [[String: Any]]) throws -> [Any] {
        if session == nil { try logIn() }
        let envelopes = try SignedIn.retrying(logIn: logIn) {
            let bodies = try parameters.map { parameters in
                var body = parameters
                body["op"] = operation
                body["sid"] = session
                return try JSONSerialization.data(withJSONObject: body, options: [.sortedKeys])
            }
            let envelopes = try send(bodies)
            return envelopes.contains(where: \.isNotLoggedIn) ? nil : envelopes
        }
        return try envelopes.map { envelope in
            switch envelope {
            case let .content(content): return content
            case let .error(error): throw SyncError.refused(reason: tr("Tiny Tiny RSS answered {error}", ["error": error]))
            }
        }
    }

    private func send(_ body: [String: Any]) throws -> TinyTinyRSSAnswers.Envelope {
        try send([JSONSerialization.data(withJSONObject: body, options: [.sortedKeys])])[0]
    }

    private func send(_ bodies: [Data]) throws -> [TinyTinyRSSAnswers.Envelope] {
        try http.sendTogether(bodies.map { .json(endpoint, body: $0) }).map { response in
            guard (200..<300).contains(response.statusCode) else {
                if response.statusCode == 401 || response.statusCode == 403 { throw SyncError.needsSignIn }
                throw SyncError.unreachable(reason: "HTTP \(response.statusCode)")
            }
            return try TinyTinyRSSAnswers.envelope(response.body)
        }
    }

    // MARK: Reading

    public func subscriptions() throws -> RemoteSubscriptions {
        let folders = try TinyTinyRSSAnswers.folders(call("getCategories", ["include_empty": true]))
        let feeds = try TinyTinyRSSAnswers.feeds(call("getFeeds", ["cat_id": -3]))
        return RemoteSubscriptions(folders: folders, feeds: feeds)
    }

    public func willListItemIDs(holding count: Int, readSince: Date, contents: ListedContents) {
        listsContents = count == 0
        self.contents = contents
        self.readSince = readSince
        recent = nil
    }

    /// Every headline since the retention's start, newest first, with its
    /// unread flag (kept for `itemIDs(since:)`), then the unread ones before
    /// it, oldest first: each headline is listed once, where asking for
    /// unread and then for recent ones listed most of them twice.
    public func unreadItemIDs() throws -> Set<String> {
        guard let readSince else { return Set(try headlines(feed: -4, viewMode: "unread").map(\.id)) }
        let recent = try headlines(feed: -4, viewMode: "all_articles", order: "feed_dates") { ($0.date ?? .distantFuture) >= readSince }
        self.recent = (readSince, Set(recent.map(\.id)))
        let older = try headlines(feed: -4, viewMode: "unread", order: "date_reverse") { ($0.date ?? .distantPast) < readSince }
        return Set(recent.filter(\.isUnread).map(\.id)).union(older.map(\.id))
    }

    public func starredItemIDs() throws -> Set<String> {
        Set(try headlines(feed: -1, viewMode: "all_articles").map(\.id))
    }

    /// Headlines come newest by their date first: paging stops at the first older than `date`.
    public func itemIDs(since date: Date) throws -> Set<String> {
        if let recent, recent.since == date { return recent.ids }
        return Set(try headlines(feed: -4, viewMode: "all_articles", order: "feed_dates") { ($0.date ?? .distantFuture) >= date }.map(\.id))
    }

    /// Every page of a feed's headlines (no content), while `keep` holds.
    /// After a full first page they are asked two at a time: tt-rss takes
    /// as long to make a page as the network to bring it.
    /// `order`: tt-rss's `order_by` ("feed_dates" newest by the item's own
    /// date, "date_reverse" oldest), else its own (by when it got them).
    private func headlines(
        feed: Int, viewMode: String, order: String? = nil, while keep: (TinyTinyRSSAnswers.Headline) -> Bool = { _ in true }
    ) throws -> [TinyTinyRSSAnswers.Headline] {
        var all: [TinyTinyRSSAnswers.Headline] = []
        var skip = 0
        var previousFirst: String?
        var asked = 0
        while asked < Self.maxHeadlinePages {
            let together = asked == 0 ? 1 : min(2, Self.maxHeadlinePages - asked)
            let answers = try callTogether("getHeadlines", (0..<together).map { page in
                var parameters: [String: Any] = [
                    "feed_id": feed, "view_mode": viewMode, "limit": Self.headlinesPageSize,
                    "skip": skip + page * Self.headlinesPageSize,
                    "show_content": listsContents, "include_attachments": listsContents,
                ]
                parameters["order_by"] = order
                return parameters
            })
            asked += together
            for answer in answers {
                let page = try TinyTinyRSSAnswers.headlines(answer)
                if listsContents, let contents {
                    for item in try TinyTinyRSSAnswers.items(answer, summarizer: summarizer) { contents.keep(item) }
                    if !contents.hasRoom { listsContents = false }
                }
                // The same page again: the server ignores `skip`.
                guard page.first?.id != previousFirst else { return all }
                previousFirst = page.first?.id
                let kept = page.prefix(while: keep)
                all += kept
                guard page.count == Self.headlinesPageSize, kept.count == page.count else { return all }
                skip += page.count
            }
        }
        return all
    }

    public func items(withIDs ids: [String]) throws -> [RemoteItem] {
        try TinyTinyRSSAnswers.items(call("getArticle", ["article_id": ids.joined(separator: ",")]), summarizer: summarizer)
    }

    // MARK: Changing

    /// Field 2 is "unread", field 0 "starred"; mode 1 sets, 0 clears.
    public func mark(_ ids: [String], _ mark: RemoteMark) throws {
        let (field, mode): (Int, Int) = switch mark {
        case .read: (2, 0)
        case .unread: (2, 1)
        case .starred: (0, 1)
        case .unstarred: (0, 0)
        }
        _ = try call("updateArticle", ["article_ids": ids.joined(separator: ","), "field": field, "mode": mode])
    }

    public func subscribe(to address: URL, title: String?, folder: String?) throws -> RemoteFeed {
        var parameters: [String: Any] = ["feed_url": address.absoluteString]
        if let folder, let category = Int(folder) { parameters["category_id"] = category }
        let answer = try TinyTinyRSSAnswers.subscribed(call("subscribeToFeed", parameters))
        switch answer.code {
        case 0, 1:
            // Subscribing does not fetch: without this the feed stays empty
            // until the server's own updater comes round (30 minutes).
            if let feedID = answer.feedID { _ = try? call("updateFeed", ["feed_id": feedID]) }
            guard let feed = try subscriptions().feeds.first(where: { $0.id == answer.feedID.map(String.init) || $0.address == address }) else {
                throw SyncError.malformed(reason: tr("the new feed is not in the feed list"))
            }
            return feed
        case 2: throw SyncError.refused(reason: tr("Tiny Tiny RSS says {address} is not a valid address", ["address": address.absoluteString]))
        case 3: throw SyncError.refused(reason: tr("Tiny Tiny RSS found no feed at {address}", ["address": address.absoluteString]))
        case 4: throw SyncError.refused(reason: tr("{address} names several feeds: subscribe to one of them", ["address": address.absoluteString]))
        default:
            let message = answer.message.flatMap { FeedText.clean($0, limit: 500) } ?? "code \(answer.code)"
            throw SyncError.refused(reason: tr("Tiny Tiny RSS could not fetch {address}: {reason}", ["address": address.absoluteString, "reason": message]))
        }
    }

    public func unsubscribe(_ feedID: String) throws {
        _ = try call("unsubscribeFeed", ["feed_id": Int(feedID) ?? -999])
    }

    public func rename(_ feedID: String, to title: String) throws {
        throw SyncError.refused(reason: tr("Tiny Tiny RSS's API cannot rename a feed: rename it on the server"))
    }

    public func move(_ feedID: String, from old: String?, to folder: String?) throws {
        throw SyncError.refused(reason: tr("Tiny Tiny RSS's API cannot move a feed: move it on the server"))
    }

    /// Level 15 marks the whole feed read (no date to stop at).
    public func markAllRead(_ feedID: String, before date: Date) throws {
        _ = try call("catchupFeed", ["feed_id": Int(feedID) ?? -999, "is_cat": false])
    }
}

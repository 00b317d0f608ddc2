import Foundation

/// Qiita API v2 item lists. Recognised by the address (`…/api/v2/items`):
/// the body is a bare JSON array that says nothing about what it is.
///
/// Its status rules are the QiitaViewer article's client's — 1xx, 3xx and
/// 4xx a network error, 5xx a server error, 2xx decoded — plus one the
/// article lacks: 403 or 429 with `Rate-Remaining: 0` is the rate limit,
/// and says when it resets (`Rate-Reset`, seconds since 1970).
public struct QiitaFormat: FeedFormat {
    public let id = "qiita"
    public let name = "Qiita"

    /// Whether the mapping keeps each item's article (`rendered_body`, `Feed.articles`).
    private let keepsArticles: Bool

    public init(keepsArticles: Bool = false) {
        self.keepsArticles = keepsArticles
    }

    public func recognises(_ response: HTTPResponse, from url: URL) -> Bool {
        QiitaAPI.isItemsURL(url)
    }

    public func error(for response: HTTPResponse) -> RemoteLoadError? {
        if [403, 429].contains(response.statusCode), response.headers["rate-remaining"]?.trimmingCharacters(in: .whitespaces) == "0" {
            let reset = response.headers["rate-reset"].flatMap { Double($0.trimmingCharacters(in: .whitespaces)) }
            return .rateLimited(until: reset.map(Date.init(timeIntervalSince1970:)))
        }
        return RemoteLoadError.check(response)
    }

    public func map(_ response: HTTPResponse, from url: URL, batches: ItemBatches?) throws -> Feed {
        let entries = try JSONEntryList(response.body, listKey: nil)
        let resolver = FeedURLResolver(feedURL: url)
        var articles: [String: String] = [:]
        let collector = try FeedItemCollector(entries: entries, batches: batches) { entry in
            let item = item(from: entry, resolver: resolver)
            if keepsArticles, let item, articles[item.id] == nil, let html = entry.string("rendered_body") { articles[item.id] = FeedArticles.capped(html) }
            return item
        }
        var feed = Feed(
            items: collector.items,
            skippedItemCount: collector.skipped,
            nextPage: nextPage(after: url, entryCount: entries.count, headers: response.headers, resolver: resolver),
            totalItemCount: response.headers["total-count"].flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        )
        feed.articles = articles
        return feed
    }

    private func item(from entry: JSONFields, resolver: FeedURLResolver) -> Item? {
        guard let id = entry.identifier("id"),
              let title = entry.text("title", limit: FeedText.titleLimit)
        else { return nil }
        let user = entry.fields("user")
        let userName = user?.text("name", limit: FeedText.nameLimit)
        let likes = entry.int("likes_count")
        return Item(
            id: id,
            name: title,
            imageAddress: user?.string("profile_image_url").flatMap { resolver.imageAddress($0) },
            author: userName ?? user?.text("id", limit: FeedText.nameLimit),
            date: entry.string("created_at").flatMap(InternetDate.parse),
            linkAddress: entry.string("url").flatMap { resolver.linkAddress($0) },
            // The featured selection puts the lowest priority first; here
            // the most liked comes first.
            priority: likes.map { -$0 },
            likes: likes,
            tags: (entry.array("tags") ?? []).compactMap {
                JSONFields($0)?.text("name", limit: FeedText.nameLimit)
            }
        )
    }

    /// `Link: <…>; rel="next"` when the server sends it; otherwise the next
    /// page number while pages come back full.
    private func nextPage(after url: URL, entryCount: Int, headers: [String: String], resolver: FeedURLResolver) -> URL? {
        if let link = headers["link"] {
            return LinkHeader.target(ofRelation: "next", in: link).flatMap { resolver.nextPageURL($0) }
        }
        let paging = QiitaAPI.paging(of: url)
        guard entryCount > 0, entryCount >= paging.perPage else { return nil }
        return QiitaAPI.url(url, atPage: paging.page + 1)
    }
}

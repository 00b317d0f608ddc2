import Foundation
import ItemFeed
import ItemFeedXML

/// Nextcloud News's answers (API v1-3) read into the sync's values: JSON
/// objects holding `folders`, `feeds` or `items`; ids are numbers, a
/// folder id of 0 or null is the top level, `lastModified` a number in
/// microseconds (a string in recent versions, seconds in old ones).
enum NextcloudNewsAnswers {
    static func object(_ body: Data) throws -> [String: Any] {
        guard let object = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] else {
            throw SyncError.malformed(reason: tr("the answer is not Nextcloud News's"))
        }
        return object
    }

    static func folders(_ object: [String: Any]) throws -> [RemoteFolder] {
        try list(object, "folders").compactMap { folder in
            guard let id = identifier(folder["id"]) else { return nil }
            return RemoteFolder(id: id, name: AnswerValue.text(folder["name"], limit: FeedText.nameLimit) ?? id)
        }
    }

    static func feeds(_ object: [String: Any]) throws -> [RemoteFeed] {
        try list(object, "feeds").compactMap { feed in
            guard let id = identifier(feed["id"]), let address = WebAddress.from(feed["url"]) else { return nil }
            return RemoteFeed(
                id: id, title: AnswerValue.text(feed["title"], limit: FeedText.titleLimit) ?? address.absoluteString, address: address,
                siteLink: WebAddress.from(feed["link"]), folderID: identifier(feed["folderId"]), icon: WebAddress.from(feed["faviconLink"])
            )
        }
    }

    /// A page of items, with their marks and the newest `lastModified` among them.
    struct Page {
        var listed: ListedItems
        var lastModified: Int64?
        /// The lowest id: where the next page starts.
        var lowestID: Int64?
    }

    static func items(_ object: [String: Any], summarizer: HTMLSummarizer) throws -> Page {
        var page = Page(listed: ListedItems(items: [], unread: [], starred: []))
        for entry in try list(object, "items") {
            guard let number = int64(entry["id"]), number > 0, let feed = identifier(entry["feedId"]) else { continue }
            let id = String(number)
            let text = RemoteItemText(title: AnswerValue.text(entry["title"], limit: FeedText.titleLimit), html: entry["body"] as? String, summarizer: summarizer)
            let enclosure = WebAddress.from(entry["enclosureLink"]).map { address in
                Enclosure(url: address, type: AnswerValue.text(entry["enclosureMime"], limit: 100))
            }
            page.listed.items.append(RemoteItem(
                id: id, feedID: feed, title: text.title,
                author: AnswerValue.text(entry["author"], limit: FeedText.nameLimit),
                published: AnswerValue.date(entry["pubDate"]),
                link: WebAddress.from(entry["url"]), content: text.html, summary: text.summary,
                enclosure: enclosure.flatMap { $0.isImage ? nil : $0 },
                image: WebAddress.from(entry["mediaThumbnail"]) ?? enclosure.flatMap { $0.isImage ? $0.url : nil }
            ))
            if (entry["unread"] as? Bool) == true { page.listed.unread.insert(id) }
            if (entry["starred"] as? Bool) == true { page.listed.starred.insert(id) }
            if let modified = int64(entry["lastModified"]) { page.lastModified = max(page.lastModified ?? modified, modified) }
            page.lowestID = min(page.lowestID ?? number, number)
        }
        return page
    }

    /// The new feed in `POST /feeds`'s answer.
    static func createdFeed(_ object: [String: Any]) throws -> RemoteFeed {
        guard let feed = try feeds(object).first else { throw SyncError.malformed(reason: tr("the subscribe answer has no feed")) }
        return feed
    }

    /// An id the server gave; 0 is none (a feed at the top level).
    private static func identifier(_ value: Any?) -> String? {
        int64(value).flatMap { $0 > 0 ? String($0) : nil }
    }

    private static func int64(_ value: Any?) -> Int64? {
        if let number = value as? NSNumber { return number.int64Value }
        return (value as? String).flatMap { Int64($0) }
    }

    /// The objects of the list; anything else in it is left out.
    private static func list(_ object: [String: Any], _ key: String) throws -> [[String: Any]] {
        guard let list = object[key] as? [Any] else { throw SyncError.malformed(reason: tr("the answer has no {list}", ["list": key])) }
        return list.compactMap { $0 as? [String: Any] }
    }
}

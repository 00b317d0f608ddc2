import Foundation
import ItemFeed
import ItemFeedXML

/// Fever's answers read into the sync's values. Every answer is a JSON
/// object with `api_version` and `auth` (0: the key was refused); ids come
/// as numbers (coldsweat) or strings (FreshRSS), id lists as one
/// comma-separated string.
enum FeverAnswers {
    /// The answer's object, once the server took the key.
    static func object(_ body: Data) throws -> [String: Any] {
        guard let object = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any], object["api_version"] != nil else {
            throw SyncError.malformed(reason: tr("the answer is not Fever's"))
        }
        guard AnswerValue.integer(object["auth"]) == 1 else { throw SyncError.needsSignIn }
        return object
    }

    /// Groups with at least one feed are the folders; each feed in the first
    /// group that lists it (Fever lets a feed be in several).
    static func subscriptions(groups: [String: Any], feeds: [String: Any]) throws -> RemoteSubscriptions {
        guard let groupList = groups["groups"] as? [[String: Any]], let feedList = feeds["feeds"] as? [[String: Any]] else {
            throw SyncError.malformed(reason: tr("the answer has no groups or feeds"))
        }
        var folderOfFeed: [String: String] = [:]
        let memberships = (groups["feeds_groups"] as? [[String: Any]]) ?? (feeds["feeds_groups"] as? [[String: Any]]) ?? []
        for membership in memberships {
            guard let group = identifier(membership["group_id"]) else { continue }
            for feed in ids(membership["feed_ids"]) where folderOfFeed[feed] == nil { folderOfFeed[feed] = group }
        }
        let used = Set(folderOfFeed.values)
        let folders = groupList.compactMap { group -> RemoteFolder? in
            guard let id = identifier(group["id"]), used.contains(id) else { return nil }
            return RemoteFolder(id: id, name: AnswerValue.text(group["title"], limit: FeedText.nameLimit) ?? id)
        }
        let remoteFeeds = feedList.compactMap { feed -> RemoteFeed? in
            guard let id = identifier(feed["id"]), let address = WebAddress.from(feed["url"]) else { return nil }
            return RemoteFeed(
                id: id, title: AnswerValue.text(feed["title"], limit: FeedText.titleLimit) ?? address.absoluteString, address: address,
                siteLink: WebAddress.from(feed["site_url"]), folderID: folderOfFeed[id]
            )
        }
        return RemoteSubscriptions(folders: folders, feeds: remoteFeeds)
    }

    /// `unread_item_ids` or `saved_item_ids`.
    static func idList(_ object: [String: Any], _ key: String) throws -> Set<String> {
        guard object[key] != nil else { throw SyncError.malformed(reason: tr("the answer has no {list}", ["list": key])) }
        return Set(ids(object[key]))
    }

    /// `items`: each with its feed, title, author, date, link and HTML.
    static func items(_ object: [String: Any], summarizer: HTMLSummarizer) throws -> [RemoteItem] {
        guard let list = object["items"] as? [[String: Any]] else { throw SyncError.malformed(reason: tr("the answer has no items")) }
        return list.compactMap { entry in
            guard let id = identifier(entry["id"]), let feed = identifier(entry["feed_id"]) else { return nil }
            let text = RemoteItemText(title: AnswerValue.text(entry["title"], limit: FeedText.titleLimit), html: entry["html"] as? String, summarizer: summarizer)
            return RemoteItem(
                id: id, feedID: feed, title: text.title,
                author: AnswerValue.text(entry["author"], limit: FeedText.nameLimit),
                published: AnswerValue.date(entry["created_on_time"]),
                link: WebAddress.from(entry["url"]), content: text.html, summary: text.summary
            )
        }
    }

    /// Decimal ids, of any length (FreshRSS's are microseconds).
    static func identifier(_ value: Any?) -> String? {
        if let number = value as? NSNumber { return number.stringValue }
        guard let text = value as? String, !text.isEmpty, text.utf8.count <= 40, text.allSatisfy(\.isASCII), text.allSatisfy(\.isNumber) else { return nil }
        return text
    }

    private static func ids(_ value: Any?) -> [String] {
        if let number = value as? NSNumber { return [number.stringValue] }
        return ((value as? String) ?? "").split(separator: ",").compactMap { identifier(String($0).trimmingCharacters(in: .whitespaces)) }
    }
}

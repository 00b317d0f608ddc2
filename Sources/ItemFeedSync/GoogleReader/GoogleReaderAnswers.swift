import Foundation
import ItemFeed
import ItemFeedXML

/// The Google Reader API's answers read into the sync's values. An answer
/// whose shape is not the API's throws `SyncError.malformed` (nothing is
/// changed then); an entry missing what the library needs is left out.
enum GoogleReaderAnswers {
    /// `Auth=` of ClientLogin's `key=value` lines.
    static func auth(_ body: Data) throws -> String {
        let lines = String(decoding: body, as: UTF8.self).split(whereSeparator: \.isNewline)
        guard let line = lines.first(where: { $0.hasPrefix("Auth=") }), line.count > 5 else {
            throw SyncError.malformed(reason: tr("the log-in answer has no Auth"))
        }
        return String(line.dropFirst(5))
    }

    /// The write token: one line of text.
    static func token(_ body: Data) throws -> String {
        let token = String(decoding: body, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !token.isEmpty, !token.contains(where: \.isNewline), token.count < 1_024 else {
            throw SyncError.malformed(reason: tr("the token answer is not a token"))
        }
        return token
    }

    /// `subscription/list`: the feeds, and the folders their labels name.
    static func subscriptions(_ body: Data) throws -> RemoteSubscriptions {
        guard let list = try object(body)["subscriptions"] as? [[String: Any]] else {
            throw SyncError.malformed(reason: tr("the subscription list has no subscriptions"))
        }
        var folders: [RemoteFolder] = []
        var feeds: [RemoteFeed] = []
        for entry in list {
            guard let id = entry["id"] as? String, let address = WebAddress.from(entry["url"]) else { continue }
            let label = (entry["categories"] as? [[String: Any]])?.first { ($0["id"] as? String)?.contains("/label/") == true }
            let folderID = label?["id"] as? String
            if let folderID, !folders.contains(where: { $0.id == folderID }) {
                let name = (label?["label"] as? String) ?? String(folderID.split(separator: "/").last ?? "")
                folders.append(RemoteFolder(id: folderID, name: FeedText.clean(name, limit: FeedText.nameLimit) ?? folderID))
            }
            feeds.append(RemoteFeed(
                id: id, title: (entry["title"] as? String).flatMap { FeedText.clean($0, limit: FeedText.titleLimit) } ?? address.absoluteString,
                address: address, siteLink: WebAddress.from(entry["htmlUrl"]), folderID: folderID, icon: WebAddress.from(entry["iconUrl"])
            ))
        }
        return RemoteSubscriptions(folders: folders, feeds: feeds)
    }

    /// `stream/items/ids`: one page of ids (decimal) and where the next
    /// starts, `nil` at the end.
    static func itemIDs(_ body: Data) throws -> (ids: [String], continuation: String?) {
        let answer = try object(body)
        guard let references = answer["itemRefs"] as? [[String: Any]] ?? (answer["itemRefs"] == nil ? [] : nil) else {
            throw SyncError.malformed(reason: tr("the id list has no itemRefs"))
        }
        let ids = references.compactMap { reference -> String? in
            (reference["id"] as? String).flatMap(GoogleReaderItemID.decimal) ?? (reference["id"] as? NSNumber).map { $0.stringValue }
        }
        let continuation = (answer["continuation"] as? String) ?? (answer["continuation"] as? NSNumber)?.stringValue
        return (ids, continuation.flatMap { $0.isEmpty ? nil : $0 })
    }

    /// `stream/items/contents`: the items, their bodies as HTML and as the
    /// text a row shows.
    static func items(_ body: Data, summarizer: HTMLSummarizer) throws -> [RemoteItem] {
        guard let entries = try object(body)["items"] as? [[String: Any]] else {
            throw SyncError.malformed(reason: tr("the contents have no items"))
        }
        return entries.compactMap { entry in
            guard let id = (entry["id"] as? String).flatMap(GoogleReaderItemID.decimal),
                  let feedID = (entry["origin"] as? [String: Any])?["streamId"] as? String
            else { return nil }
            let html = ((entry["content"] as? [String: Any])?["content"] as? String) ?? ((entry["summary"] as? [String: Any])?["content"] as? String)
            let link = ((entry["canonical"] as? [[String: Any]])?.first?["href"]).flatMap(WebAddress.from)
                ?? ((entry["alternate"] as? [[String: Any]])?.first?["href"]).flatMap(WebAddress.from)
            let published = (entry["published"] as? NSNumber)?.doubleValue ?? (entry["published"] as? String).flatMap(Double.init)
            let enclosures = ((entry["enclosure"] as? [[String: Any]]) ?? []).compactMap { enclosure -> Enclosure? in
                guard let address = WebAddress.from(enclosure["href"]) else { return nil }
                let length = (enclosure["length"] as? NSNumber)?.intValue ?? (enclosure["length"] as? String).flatMap { Int($0) }
                return Enclosure(url: address, type: enclosure["type"] as? String, length: length)
            }
            // A picture among them (FreshRSS passes a feed's media thumbnails
            // on so) is the row's; the first other one is the item's file.
            let title = (entry["title"] as? String).flatMap { FeedText.clean($0, limit: FeedText.titleLimit) }
            let text = RemoteItemText(title: title, html: html, summarizer: summarizer)
            return RemoteItem(
                id: id, feedID: feedID, title: text.title,
                author: (entry["author"] as? String).flatMap { FeedText.clean($0, limit: FeedText.nameLimit) },
                published: published.flatMap { $0 > 0 ? Date(timeIntervalSince1970: $0) : nil },
                link: link, content: text.html, summary: text.summary, enclosure: enclosures.first { !$0.isImage }, image: enclosures.first(where: \.isImage)?.url
            )
        }
    }

    private static func object(_ body: Data) throws -> [String: Any] {
        guard let object = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] else {
            throw SyncError.malformed(reason: tr("the answer is not a JSON object"))
        }
        return object
    }
}

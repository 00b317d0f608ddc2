import Foundation
import ItemFeed
import ItemFeedXML

/// Tiny Tiny RSS's answers read into the sync's values. Every answer is
/// HTTP 200 with `{"seq", "status", "content"}`; `status` 1 carries
/// `content.error`.
enum TinyTinyRSSAnswers {
    enum Envelope {
        case content(Any)
        case error(String)

        /// The server forgot the session (or never had it).
        var isNotLoggedIn: Bool {
            if case .error("NOT_LOGGED_IN") = self { true } else { false }
        }
    }

    static func envelope(_ body: Data) throws -> Envelope {
        guard let object = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any], let status = object["status"] as? NSNumber else {
            throw SyncError.malformed(reason: tr("the answer is not Tiny Tiny RSS's"))
        }
        if status.intValue != 0 {
            return .error(((object["content"] as? [String: Any])?["error"] as? String) ?? "status \(status)")
        }
        return .content(object["content"] ?? NSNull())
    }

    static func sessionID(_ content: Any) throws -> String {
        guard let id = (content as? [String: Any])?["session_id"] as? String, !id.isEmpty else {
            throw SyncError.malformed(reason: tr("the log-in answer has no session"))
        }
        return id
    }

    /// Real categories only: -1 is "Special", 0 "Uncategorized".
    static func folders(_ content: Any) throws -> [RemoteFolder] {
        try list(content).compactMap { category in
            guard let id = AnswerValue.integer(category["id"]), id > 0 else { return nil }
            return RemoteFolder(id: String(id), name: AnswerValue.text(category["title"], limit: FeedText.nameLimit) ?? String(id))
        }
    }

    static func feeds(_ content: Any) throws -> [RemoteFeed] {
        try list(content).compactMap { feed in
            guard let id = AnswerValue.integer(feed["id"]), id > 0, let address = WebAddress.from(feed["feed_url"]) else { return nil }
            let category = AnswerValue.integer(feed["cat_id"]) ?? 0
            return RemoteFeed(
                id: String(id), title: AnswerValue.text(feed["title"], limit: FeedText.titleLimit) ?? address.absoluteString, address: address,
                siteLink: WebAddress.from(feed["site_url"]), folderID: category > 0 ? String(category) : nil
            )
        }
    }

    /// A headline's id, date and whether it is unread.
    struct Headline {
        let id: String
        let date: Date?
        let isUnread: Bool
    }

    /// Headlines, in the order asked.
    static func headlines(_ content: Any) throws -> [Headline] {
        try list(content).compactMap { headline in
            guard let id = AnswerValue.integer(headline["id"]) else { return nil }
            return Headline(
                id: String(id), date: AnswerValue.integer(headline["updated"]).map { Date(timeIntervalSince1970: TimeInterval($0)) },
                isUnread: (headline["unread"] as? Bool) ?? false
            )
        }
    }

    /// `getArticle`: the items, with their bodies and attachments.
    static func items(_ content: Any, summarizer: HTMLSummarizer) throws -> [RemoteItem] {
        try list(content).compactMap { article in
            guard let id = AnswerValue.integer(article["id"]), let feed = AnswerValue.integer(article["feed_id"]) else { return nil }
            let text = RemoteItemText(title: AnswerValue.text(article["title"], limit: FeedText.titleLimit), html: article["content"] as? String, summarizer: summarizer)
            let attachments = ((article["attachments"] as? [[String: Any]]) ?? []).compactMap { attachment -> Enclosure? in
                guard let address = WebAddress.from(attachment["content_url"]) else { return nil }
                // Tiny Tiny RSS keeps an enclosure's length as its "duration".
                let length = AnswerValue.integer(attachment["duration"])
                return Enclosure(url: address, type: (attachment["content_type"] as? String).flatMap { $0.isEmpty ? nil : $0 }, length: length)
            }
            return RemoteItem(
                id: String(id), feedID: String(feed), title: text.title,
                author: AnswerValue.text(article["author"], limit: FeedText.nameLimit),
                published: AnswerValue.date(article["updated"]),
                link: WebAddress.from(article["link"]), content: text.html, summary: text.summary, enclosure: attachments.first { !$0.isImage },
                // Its "flavor image": the first picture it found in the article.
                image: WebAddress.from(article["flavor_image"]) ?? attachments.first(where: \.isImage)?.url
            )
        }
    }

    /// `subscribeToFeed`'s code, in `content.status.code`.
    static func subscribed(_ content: Any) throws -> (code: Int, feedID: Int?, message: String?) {
        guard let status = (content as? [String: Any])?["status"] as? [String: Any], let code = AnswerValue.integer(status["code"]) else {
            throw SyncError.malformed(reason: tr("the subscribe answer has no code"))
        }
        return (code, AnswerValue.integer(status["feed_id"]), status["message"] as? String)
    }

    private static func list(_ content: Any) throws -> [[String: Any]] {
        guard let list = content as? [[String: Any]] else { throw SyncError.malformed(reason: tr("the answer's content is not a list")) }
        return list
    }
}

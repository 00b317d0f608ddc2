import Foundation
import ItemFeed

/// Nextcloud News's answers as its API's documentation shows them
/// (`docs/development/api/api-v1-3.md` in nextcloud/news), feeds' and
/// items' addresses moved to `feeds.test`.
enum NextcloudNewsExamples {
    static let folders = """
    {"folders": [{"id": 4, "name": "Media"}]}
    """

    static let feeds = """
    {"feeds": [
      {"id": 39, "url": "http://feeds.test/oatmealfeed", "title": "The Oatmeal - Comics, Quizzes, & Stories",
       "faviconLink": "http://feeds.test/favicon.ico", "added": 1367063790, "nextUpdateTime": 2071387335, "folderId": 4,
       "unreadCount": 9, "ordering": 0, "link": "http://feeds.test/", "pinned": true, "updateErrorCount": 0, "lastUpdateError": null},
      {"id": 67, "url": "http://feeds.test/grulja", "title": "Grulja", "faviconLink": null, "added": 1367063790,
       "nextUpdateTime": null, "folderId": 0, "unreadCount": 1, "ordering": 0, "link": "http://feeds.test/grulja/", "pinned": false}
    ], "starredCount": 2, "newestItemId": 3443}
    """

    /// The documentation's item, with `lastModified` as recent versions write it (microseconds, a string).
    static func item(id: Int, feed: Int = 67, unread: Bool = true, starred: Bool = false, pubDate: Int = 1367270544, lastModified: String = "1367273003000000") -> String {
        """
        {"id": \(id), "guid": "http://grulja.wordpress.com/?p=\(id)", "guidHash": "3059047a572cd9cd5d0bf645faffd077",
         "url": "http://feeds.test/2013/04/29/plasma-nm-after-the-solid-sprint/", "title": "Plasma-nm after the solid sprint",
         "author": "Jan Grulich (grulja)", "pubDate": \(pubDate), "body": "<p>At first I have to say...</p>",
         "enclosureMime": null, "enclosureLink": null, "mediaThumbnail": null, "mediaDescription": null, "feedId": \(feed),
         "unread": \(unread), "starred": \(starred), "filtered": false, "rtl": false, "lastModified": "\(lastModified)", "fingerprint": "aeaae2123"}
        """
    }

    static func items(_ items: [String]) -> String {
        "{\"items\": [\(items.joined(separator: ","))]}"
    }

    static func answer(_ body: String, status: Int = 200) -> HTTPResponse {
        HTTPResponse(statusCode: status, headers: ["content-type": "application/json; charset=utf-8"], body: Data(body.utf8))
    }

    static let empty = answer("")
}

import Foundation
import ItemFeed

/// Reads a feed address the way people type it: a web address, a `file://`
/// URL, a path to a local file, or `qiita:QUERY` for Qiita's articles
/// matching QUERY. A Qiita item-list address is requested as the app pages
/// it (page 1, 20 per page), whatever paging it was typed with.
enum FeedAddress {
    static func url(from argument: String) -> URL? {
        if argument.lowercased().hasPrefix("qiita:") {
            return QiitaAPI.itemsURL(query: String(argument.dropFirst("qiita:".count)))
        }
        if let url = URL(string: argument), let scheme = url.scheme?.lowercased() {
            guard ["http", "https", "file"].contains(scheme) else { return nil }
            if scheme != "file" && url.host?.isEmpty != false { return nil }
            return QiitaAPI.normalised(url) ?? url
        }
        return URL(fileURLWithPath: argument).standardizedFileURL
    }
}

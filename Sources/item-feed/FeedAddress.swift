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

    /// What a window calls a feed before it has loaded: "qiita: swift", the
    /// file's name, or the web address's host.
    static func displayName(of url: URL) -> String {
        if QiitaAPI.isItemsURL(url) {
            let query = URLComponents(url: url, resolvingAgainstBaseURL: true)?.queryItems?.first { $0.name == "query" }?.value
            return query.map { "Qiita: \($0)" } ?? "Qiita"
        }
        if url.isFileURL { return url.lastPathComponent }
        return url.host ?? url.absoluteString
    }
}

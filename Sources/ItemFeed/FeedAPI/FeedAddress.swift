import Foundation

/// A feed address the way people type it — a web address, a `file://` URL,
/// a path to a local file, `qiita:QUERY` for Qiita's articles matching
/// QUERY, or a browser's feed link (`feed:https://…`, `feed://…`,
/// `feeds://…`), which may carry only a web address — checked once, with a reason a user can act on when it cannot be
/// used. The command line and the Open Feed dialog both read addresses here.
public enum FeedAddress {
    public enum Problem: Error, Equatable, LocalizedError {
        case empty
        case unsupportedScheme(String)
        case noHost(String)
        case noSuchFile(String)
        /// A `feed:` or `feeds:` link to a script, a file, a path or nothing.
        case notAWebFeedLink(String)

        public var errorDescription: String? {
            switch self {
            case .empty:
                return tr("Type the address of a feed.")
            case let .unsupportedScheme(scheme):
                return tr("ItemFeed opens web addresses (http, https), local files and qiita:QUERY, not “{scheme}:” addresses.", ["scheme": scheme])
            case let .noHost(address):
                return tr("“{address}” names no server.", ["address": address])
            case let .noSuchFile(path):
                return tr("There is no file at {path}.", ["path": path])
            case let .notAWebFeedLink(link):
                return tr("A feed link opens a web address (http, https), not “{link}”.", ["link": link])
            }
        }
    }

    /// A Qiita item-list address is requested as the app pages it (page 1,
    /// 20 per page), whatever paging it was typed with.
    public static func url(from typed: String) -> Result<URL, Problem> {
        let argument = typed.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !argument.isEmpty else { return .failure(.empty) }
        if let web = webAddress(inFeedLink: argument) { return web }
        if argument.lowercased().hasPrefix("qiita:") {
            let query = String(argument.dropFirst("qiita:".count)).trimmingCharacters(in: .whitespaces)
            return QiitaAPI.itemsURL(query: query).map { .success($0) } ?? .failure(.unsupportedScheme("qiita"))
        }
        if let url = URL(string: argument), let scheme = url.scheme?.lowercased() {
            switch scheme {
            case "http", "https":
                guard url.host?.isEmpty == false else { return .failure(.noHost(argument)) }
                return .success(QiitaAPI.normalised(url) ?? url)
            case "file":
                return existingFile(url)
            default:
                return .failure(.unsupportedScheme(scheme))
            }
        }
        let path = (argument as NSString).expandingTildeInPath
        return existingFile(URL(fileURLWithPath: path).standardizedFileURL)
    }

    /// What a window calls a feed before it has loaded: "Qiita: swift", the
    /// file's name, or the web address's host.
    public static func displayName(of url: URL) -> String {
        if QiitaAPI.isItemsURL(url) {
            let query = URLComponents(url: url, resolvingAgainstBaseURL: true)?.queryItems?.first { $0.name == "query" }?.value
            return query.flatMap { $0.isEmpty ? nil : "Qiita: \($0)" } ?? "Qiita"
        }
        if url.isFileURL { return url.lastPathComponent }
        return url.host ?? url.absoluteString
    }

    /// `feed:ADDRESS` carries the address whole; `feed://HOST/…` and
    /// `feeds://HOST/…` stand for http and https. `nil`: not a feed link.
    private static func webAddress(inFeedLink link: String) -> Result<URL, Problem>? {
        let lowered = link.lowercased()
        guard let scheme = ["feeds:", "feed:"].first(where: lowered.hasPrefix) else { return nil }
        let rest = String(link.dropFirst(scheme.count))
        let carried = rest.hasPrefix("//") ? (scheme == "feeds:" ? "https:" : "http:") + rest : rest
        guard let url = URL(string: carried), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host?.isEmpty == false else {
            return .failure(.notAWebFeedLink(link))
        }
        return .success(QiitaAPI.normalised(url) ?? url)
    }

    private static func existingFile(_ url: URL) -> Result<URL, Problem> {
        FileManager.default.fileExists(atPath: url.path) ? .success(url) : .failure(.noSuchFile(url.path))
    }
}

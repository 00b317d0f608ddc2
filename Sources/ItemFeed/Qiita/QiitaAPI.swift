import Foundation

/// The Qiita API v2 item list, the service of the QiitaViewer article:
/// requests built from components, never by concatenation, so a query such
/// as `tag:swift&c++` is data, not syntax.
public enum QiitaAPI {
    public static let defaultBaseURL = URL(string: "https://qiita.com")!
    public static let itemsPath = "/api/v2/items"
    public static let perPage = 20

    /// `BASE/api/v2/items?page=P&per_page=20&query=Q`.
    public static func itemsURL(base: URL = defaultBaseURL, page: Int = 1, query: String?) -> URL? {
        var base = URLComponents(url: base, resolvingAgainstBaseURL: true)
        base?.query = nil
        base?.path = ""
        guard let root = base?.url else { return nil }
        let query = query.flatMap { $0.isEmpty ? nil : $0 }
        return ItemFeedEndpoint(path: itemsPath, page: page, perPage: perPage, query: query).url(relativeTo: root)
    }

    /// Whether an address is the item list of a Qiita-shaped server (the
    /// real one, or a local one in tests).
    public static func isItemsURL(_ url: URL) -> Bool {
        ["http", "https"].contains(url.scheme?.lowercased()) && url.path.hasSuffix(itemsPath)
    }

    /// Any address of the item list, written by hand, as the app requests it:
    /// page 1, 20 per page, the same query.
    public static func normalised(_ url: URL) -> URL? {
        guard isItemsURL(url), let components = URLComponents(url: url, resolvingAgainstBaseURL: true) else { return nil }
        let query = components.queryItems?.first { $0.name == "query" }?.value
        var base = components
        base.path = String(components.path.dropLast(itemsPath.count))
        return itemsURL(base: base.url ?? url, page: 1, query: query)
    }

    /// The page number and page size an item-list address asks for.
    static func paging(of url: URL) -> (page: Int, perPage: Int) {
        let items = URLComponents(url: url, resolvingAgainstBaseURL: true)?.queryItems ?? []
        func value(_ name: String) -> Int? { items.first { $0.name == name }?.value.flatMap { Int($0) } }
        return (max(value("page") ?? 1, 1), value("per_page") ?? perPage)
    }

    /// The same address at another page.
    static func url(_ url: URL, atPage page: Int) -> URL? {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: true) else { return nil }
        var items = components.percentEncodedQueryItems ?? []
        items.removeAll { $0.name == "page" }
        items.insert(URLQueryItem(name: "page", value: String(page)), at: 0)
        components.percentEncodedQueryItems = items
        return components.url
    }
}

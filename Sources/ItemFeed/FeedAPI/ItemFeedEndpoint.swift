import Foundation

/// Builds feed request URLs from components, so paging and search never
/// depend on string concatenation getting the escaping right.
public struct ItemFeedEndpoint: Equatable, Sendable {
    public var path: String
    public var page: Int?
    public var perPage: Int?
    public var query: String?

    public init(path: String = "", page: Int? = nil, perPage: Int? = nil, query: String? = nil) {
        self.path = path
        self.page = page
        self.perPage = perPage
        self.query = query
    }

    /// Appends `path` to the base URL's path and adds the non-nil query
    /// items, each percent-encoded so that only RFC 3986 unreserved
    /// characters stay literal (a `+` or `&` in a search is data, not syntax).
    public func url(relativeTo baseURL: URL) -> URL? {
        guard var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: true) else { return nil }
        let segments = [components.path, path]
            .flatMap { $0.split(separator: "/") }
            .map { String($0).addingPercentEncoding(withAllowedCharacters: Self.unreserved) ?? "" }
        components.percentEncodedPath = "/" + segments.joined(separator: "/")
        let items: [(String, String?)] = [
            ("page", page.map(String.init)),
            ("per_page", perPage.map(String.init)),
            ("query", query),
        ]
        let encoded = items.compactMap { name, value in
            value.flatMap { $0.addingPercentEncoding(withAllowedCharacters: Self.unreserved) }
                .map { URLQueryItem(name: name, value: $0) }
        }
        components.percentEncodedQueryItems = encoded.isEmpty ? nil : encoded
        return components.url
    }

    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"
    )
}

import Foundation

/// What a server said identifies the version of a feed it sent (`ETag`,
/// `Last-Modified`), kept to ask it next time whether it changed at all.
public struct HTTPValidators: Equatable, Sendable, Codable {
    public var entityTag: String?
    public var lastModified: String?

    public init(entityTag: String? = nil, lastModified: String? = nil) {
        self.entityTag = entityTag
        self.lastModified = lastModified
    }

    /// The headers of a conditional GET.
    public var requestHeaders: [String: String] {
        var headers: [String: String] = [:]
        headers["If-None-Match"] = entityTag
        headers["If-Modified-Since"] = lastModified
        return headers
    }
}

import Foundation

/// One entry of the feed: what a row shows, plus the optional fields richer
/// feeds carry (used by the featured selection and by opening an item).
public struct Item: Equatable, Hashable, Sendable {
    /// A stable string id: feeds use UUIDs or their own keys, and both must
    /// survive a round trip unchanged.
    public let id: String
    public let name: String
    public let imageURL: URL
    public let priority: Int?
    public let date: Date?
    public let link: URL?
    public let summary: String?

    public init(
        id: String,
        name: String,
        imageURL: URL,
        priority: Int? = nil,
        date: Date? = nil,
        link: URL? = nil,
        summary: String? = nil
    ) {
        self.id = id
        self.name = name
        self.imageURL = imageURL
        self.priority = priority
        self.date = date
        self.link = link
        self.summary = summary
    }
}

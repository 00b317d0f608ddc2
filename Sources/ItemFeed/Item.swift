import Foundation

/// One entry of a feed: what a row shows, plus what later features read
/// (the featured selection, opening an item, search).
///
/// Every text field has been cleaned by the format that mapped it
/// (`FeedText`), so nothing that reads an item has to defend against
/// control characters, markup or unbounded lengths again.
public struct Item: Equatable, Hashable, Sendable {
    /// A stable string id: feeds use UUIDs, URLs or their own keys, and all
    /// must survive a round trip unchanged.
    public let id: String
    /// The title, as plain text.
    public let name: String
    /// `nil` for entries without a picture: they still show, with a
    /// placeholder thumbnail.
    public let imageURL: URL?
    public let author: String?
    public let date: Date?
    public let link: URL?
    /// Plain text, at most `FeedText.summaryLimit` characters.
    public let summary: String?
    /// Lower comes first in the featured selection.
    public let priority: Int?
    /// Where the service counts them (Qiita's `likes_count`).
    public let likes: Int?
    public let tags: [String]

    public init(
        id: String,
        name: String,
        imageURL: URL?,
        author: String? = nil,
        date: Date? = nil,
        link: URL? = nil,
        summary: String? = nil,
        priority: Int? = nil,
        likes: Int? = nil,
        tags: [String] = []
    ) {
        self.id = id
        self.name = name
        self.imageURL = imageURL
        self.author = author
        self.date = date
        self.link = link
        self.summary = summary
        self.priority = priority
        self.likes = likes
        self.tags = tags
    }
}

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
    public var imageURL: URL? { imageAddress.flatMap(URL.init(string:)) }
    public let author: String?
    public let date: Date?
    public var link: URL? { linkAddress.flatMap(URL.init(string:)) }
    /// Plain text, at most `FeedText.summaryLimit` characters.
    public let summary: String?
    /// Lower comes first in the featured selection.
    public let priority: Int?
    /// Where the service counts them (Qiita's `likes_count`).
    public let likes: Int?
    public let tags: [String]

    /// The addresses are kept as text and made URLs when read: a Foundation
    /// `URL` held 384–400 B of heap on Linux, its string 80, and a big feed
    /// keeps two per item (measured on 100,000 items: 1,160 B per item with
    /// URLs). Whether there is one, or its text, costs no parse.
    public let imageAddress: String?
    public let linkAddress: String?

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
        self.imageAddress = imageURL?.absoluteString
        self.author = author
        self.date = date
        // Feeds often use an item's address as its id too (JSON Feed's `id`,
        // RSS's permalink `guid`): one copy of the text, not two (64 B an
        // item on a 100,000-item JSON Feed).
        let linkAddress = link?.absoluteString
        self.linkAddress = linkAddress == id ? id : linkAddress
        self.summary = summary
        self.priority = priority
        self.likes = likes
        self.tags = tags
    }
}

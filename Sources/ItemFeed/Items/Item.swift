import Foundation

/// One entry of a feed: what a row shows, plus what later features read
/// (the featured selection, opening an item, search).
///
/// Every text field has been cleaned by the format that mapped it
/// (`FeedText`), so nothing that reads an item has to defend against
/// control characters, markup or unbounded lengths again.
public struct Item: Hashable, Sendable {
    /// A stable string id: feeds use UUIDs, URLs or their own keys, and all
    /// must survive a round trip unchanged.
    public var id: String { text.string(.id)! }
    /// The title, as plain text.
    public var name: String { text.string(.name)! }
    /// `nil` for entries without a picture: they still show, with a
    /// placeholder thumbnail.
    public var imageURL: URL? { imageAddress.flatMap(URL.init(string:)) }
    public var author: String? { text.string(.author) }
    public var date: Date? { seconds.isNaN ? nil : Date(timeIntervalSince1970: seconds) }
    public var link: URL? { linkAddress.flatMap(URL.init(string:)) }
    /// Plain text, at most `FeedText.summaryLimit` characters.
    public var summary: String? { text.string(.summary) }
    /// Lower comes first in the featured selection.
    public var priority: Int? { storedPriority == Self.none ? nil : Int(storedPriority) }
    /// Where the service counts them (Qiita's `likes_count`).
    public var likes: Int? { storedLikes == Self.none ? nil : Int(storedLikes) }
    /// Joins tags where they are kept as one text (a control character no
    /// cleaned tag contains).
    public static let tagSeparator = ItemText.tagSeparator

    public var tags: [String] {
        guard let joined = text.string(.tags) else { return [] }
        return joined.components(separatedBy: ItemText.tagSeparator)
    }

    /// The addresses are kept as text and made URLs when read: a Foundation
    /// `URL` holds several times its string's heap on Linux, and a big feed
    /// keeps two per item. Whether there is one, or its text, costs no parse.
    public var imageAddress: String? { text.string(.imageAddress) }
    public var linkAddress: String? { text.string(.linkAddress) }
    public var hasImage: Bool { text.has(.imageAddress) }
    public var hasLink: Bool { text.has(.linkAddress) }

    /// Every text field in one buffer, and the rest in 16 bytes: a
    /// million-item feed is held in memory whole (`ItemText`).
    private let shared: SharedItemText
    private var text: ItemText { shared.text }
    /// Seconds since 1970; NaN for no date.
    private let seconds: Double
    private let storedPriority: Int32
    private let storedLikes: Int32
    private static let none = Int32.min

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
        self.init(
            id: id, name: name, imageAddress: imageURL?.absoluteString, author: author, date: date,
            linkAddress: link?.absoluteString, summary: summary, priority: priority, likes: likes, tags: tags
        )
    }

    /// For formats, which resolve addresses to text
    /// (`FeedURLResolver.imageAddress`, `linkAddress`): each must be an
    /// absolute address that `URL(string:)` reads.
    public init(
        id: String,
        name: String,
        imageAddress: String?,
        author: String? = nil,
        date: Date? = nil,
        linkAddress: String? = nil,
        summary: String? = nil,
        priority: Int? = nil,
        likes: Int? = nil,
        tags: [String] = []
    ) {
        shared = SharedItemText(text: ItemText.make(
            id: id, name: name, author: author, summary: summary,
            imageAddress: imageAddress, linkAddress: linkAddress,
            tags: tags.isEmpty ? nil : tags.joined(separator: ItemText.tagSeparator)
        ))
        seconds = date?.timeIntervalSince1970 ?? .nan
        storedPriority = Self.stored(priority)
        storedLikes = Self.stored(likes)
    }

    /// Counts and priorities beyond ±2^31 are clamped: no feed's order or
    /// likes reach them.
    private static func stored(_ value: Int?) -> Int32 {
        guard let value else { return none }
        return Int32(clamping: value) == none ? none + 1 : Int32(clamping: value)
    }

    public static func == (lhs: Item, rhs: Item) -> Bool {
        lhs.seconds.bitPattern == rhs.seconds.bitPattern && lhs.storedPriority == rhs.storedPriority
            && lhs.storedLikes == rhs.storedLikes && lhs.text.isEqual(to: rhs.text)
    }

    public func hash(into hasher: inout Hasher) {
        text.hash(into: &hasher)
        hasher.combine(seconds.bitPattern)
        hasher.combine(storedPriority)
        hasher.combine(storedLikes)
    }
}

/// What a failing test or a debugger shows: the fields, not the buffer.
extension Item: CustomDebugStringConvertible {
    public var debugDescription: String {
        var fields = ["id: \(id.debugDescription)", "name: \(name.debugDescription)"]
        if let imageAddress { fields.append("image: \(imageAddress)") }
        if let author { fields.append("author: \(author.debugDescription)") }
        if let date { fields.append("date: \(date)") }
        if let linkAddress { fields.append("link: \(linkAddress)") }
        if let summary { fields.append("summary: \(summary.prefix(40).debugDescription)") }
        if let priority { fields.append("priority: \(priority)") }
        if let likes { fields.append("likes: \(likes)") }
        if !tags.isEmpty { fields.append("tags: \(tags)") }
        return "Item(\(fields.joined(separator: ", ")))"
    }
}

extension Item {
    /// The same item under another id (a library row's own).
    public func identified(as id: String) -> Item {
        Item(
            id: id, name: name, imageAddress: imageAddress, author: author, date: date, linkAddress: linkAddress,
            summary: summary, priority: priority, likes: likes, tags: tags
        )
    }
}

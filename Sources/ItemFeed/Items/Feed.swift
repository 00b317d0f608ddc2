import Foundation

/// What one load produced: the items and everything the screen needs to
/// say about them. One value, so a notice such as "showing a saved copy"
/// cannot outlive the load it belongs to.
public struct Feed: Equatable, Sendable {
    /// Where the items came from.
    public enum Origin: Equatable, Sendable {
        /// The server's answer now (a 304 counts: the server said the saved
        /// copy is current).
        case fresh
        /// The saved copy, because the fresh load failed with this error.
        case saved(because: any Error)

        public static func == (lhs: Origin, rhs: Origin) -> Bool {
            switch (lhs, rhs) {
            case (.fresh, .fresh): return true
            case let (.saved(left), .saved(right)): return String(reflecting: left) == String(reflecting: right)
            default: return false
            }
        }
    }

    public var items: [Item]
    /// Entries left out because a required field was missing or invalid, an
    /// address had a scheme we do not load, or the id was a duplicate.
    public var skippedItemCount: Int
    /// The feed's own name, when it gives one.
    public var title: String?
    /// The address of the next page, when the source has one.
    public var nextPage: URL?
    /// The feed's own icon or logo (RSS `<image>`, Atom `<icon>` else
    /// `<logo>`, JSON Feed's `icon` else `favicon`), for the sidebar.
    public var iconAddress: String?
    /// How many items the source says it has in all (Qiita's `Total-Count`).
    public var totalItemCount: Int?
    /// How often the feed says it changes (RSS `ttl`, `sy:updatePeriod`): a
    /// library asks it no sooner.
    public var refreshInterval: TimeInterval?
    /// Each item's article as HTML, by the item's id, when the mapping was
    /// asked to keep them (a library's refresh): kept beside the items, not
    /// in them, as a feed opened in the window holds its items in memory.
    public var articles: [String: String] = [:]
    /// Each item's enclosure (a podcast's file), by item id, kept with the
    /// articles.
    public var enclosures: [String: Enclosure] = [:]
    public var origin: Origin
    /// Why part of the feed could not be read, when it was read only as far
    /// as a parser's recovery went ("line 8: Opening and ending tag
    /// mismatch…"): the items are those found.
    public var problem: String?

    public init(
        items: [Item],
        skippedItemCount: Int = 0,
        title: String? = nil,
        nextPage: URL? = nil,
        totalItemCount: Int? = nil,
        refreshInterval: TimeInterval? = nil,
        origin: Origin = .fresh,
        problem: String? = nil
    ) {
        self.items = items
        self.skippedItemCount = skippedItemCount
        self.title = title
        self.nextPage = nextPage
        self.totalItemCount = totalItemCount
        self.refreshInterval = refreshInterval
        self.origin = origin
        self.problem = problem
    }
}

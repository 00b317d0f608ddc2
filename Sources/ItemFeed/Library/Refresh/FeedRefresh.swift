import Foundation

/// What one refresh learnt about one feed, for the store to keep: items to
/// insert or update (marks kept), or why there were none.
public struct FeedRefresh: Sendable {
    public enum Outcome: Sendable {
        /// The feed's title and link as it gives them now, its items, and
        /// their articles' HTML and enclosures by item id (`Feed.articles`).
        case loaded(title: String?, siteLink: URL?, items: [Item], articles: [String: String] = [:], enclosures: [String: Enclosure] = [:])
        /// Nothing changed since the last refresh (a 304).
        case unchanged
        case failed(reason: String)
        case gone
        case deferred(until: Date)
    }

    public var address: URL
    public var outcome: Outcome
    /// When it was learnt: a new item's first-seen time.
    public var date: Date
    /// What the server said identifies this copy, to send next time; `nil`
    /// keeps those the library has (a 304 need not repeat them).
    public var validators: HTTPValidators?
    /// Not to be asked before then (what the server or the feed said, a
    /// backoff after a failure); `deferred` carries its own.
    public var nextDue: Date?
    /// The feed moved for good (301, 308): the library keeps the new address,
    /// unless it already follows a feed there.
    public var movedTo: URL?
    /// The feed's own icon, when it names one; `nil` keeps the one known.
    public var icon: URL?

    public init(address: URL, outcome: Outcome, date: Date, validators: HTTPValidators? = nil, nextDue: Date? = nil, movedTo: URL? = nil, icon: URL? = nil) {
        self.icon = icon
        self.address = address
        self.outcome = outcome
        self.date = date
        self.validators = validators
        self.nextDue = nextDue
        self.movedTo = movedTo
    }
}

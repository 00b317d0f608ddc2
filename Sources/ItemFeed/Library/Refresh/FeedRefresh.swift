import Foundation

/// What one refresh learnt about one feed, for the store to keep: items to
/// insert or update (marks kept), or why there were none.
public struct FeedRefresh: Sendable {
    public enum Outcome: Sendable {
        /// The feed's title and link as it gives them now, and its items.
        case loaded(title: String?, siteLink: URL?, items: [Item])
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

    public init(address: URL, outcome: Outcome, date: Date) {
        self.address = address
        self.outcome = outcome
        self.date = date
    }
}

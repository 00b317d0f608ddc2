import Foundation

/// A feed the user follows: what the sidebar shows of it and what the next
/// refresh needs to ask its server politely.
public struct Subscription: Equatable, Sendable {
    /// The feed's address: the subscription's identity in the library.
    public var address: URL
    /// The user's name for it when renamed, else the feed's own title.
    public var title: String
    public var siteLink: URL?
    /// `nil`: at the top level of the sidebar.
    public var folder: String?
    public var state: SubscriptionState
    /// Unread and total items the library holds for it.
    public var counts: ItemCounts
    /// What its server said identifies the copy the library has.
    public var validators: HTTPValidators
    /// Not asked before then (`RefreshPoliteness`); `nil`: at the next refresh.
    public var nextDue: Date?
    /// Refreshes that failed in a row.
    public var failures: Int
    /// The icon the feed names (`FeedRefresh.icon`), for the sidebar.
    public var icon: URL?
    /// "Always Fetch Full Articles": its new items' pages are read after each refresh.
    public var fetchesFullArticles: Bool

    public init(
        address: URL, title: String, siteLink: URL? = nil, folder: String? = nil,
        state: SubscriptionState = .new, counts: ItemCounts = ItemCounts(),
        validators: HTTPValidators = HTTPValidators(), nextDue: Date? = nil, failures: Int = 0, icon: URL? = nil,
        fetchesFullArticles: Bool = false
    ) {
        self.icon = icon
        self.fetchesFullArticles = fetchesFullArticles
        self.address = address
        self.title = title
        self.siteLink = siteLink
        self.folder = folder
        self.state = state
        self.counts = counts
        self.validators = validators
        self.nextDue = nextDue
        self.failures = failures
    }
}

/// How the last refresh of a feed went, as `--subscriptions` and the
/// sidebar say it.
public enum SubscriptionState: Equatable, Sendable {
    /// Never refreshed.
    case new
    case ok
    /// The last refresh failed; the reason is kept to be shown.
    case failed(reason: String)
    /// The server said 410: not asked again until the user asks.
    case gone
    /// Not asked before this time (the server's `Retry-After`, a backoff).
    case deferred(until: Date)
}

public struct ItemCounts: Equatable, Sendable {
    public var unread: Int
    public var total: Int

    public init(unread: Int = 0, total: Int = 0) {
        self.unread = unread
        self.total = total
    }
}

import Foundation

/// The library: subscriptions, their items and the user's marks, the one
/// source of truth the window's lists and the command line read. Callers
/// ask for the role they need (`SubscriptionStore`, `LibraryViewStore`,
/// `MarkStore`, `SettingStore`, `SavedViewStore`, `RuleStore`, `AccountStore`,
/// `FullArticleStore`); the SQLite store (`ItemFeedStore`) and the tests'
/// in-memory fake are each all of them, and both pass the same behaviour
/// suites (`LibraryStoreSpecs`, `FullArticleStoreSpecs`), so a test on the
/// fake proves what the app does. Calls are synchronous and made from one
/// thread per store.
public protocol LibraryStore: SubscriptionStore, LibraryViewStore, MarkStore, SettingStore, SavedViewStore, RuleStore, AccountStore, FullArticleStore {
    /// `body`'s changes all made, or none (a subscription and its first
    /// items, an unsubscribe undone with its marks); may be nested.
    func changing<Result>(_ body: () throws -> Result) throws -> Result
    /// What was written since last asked (a transaction rolled back wrote
    /// nothing), then forgotten: the writer tells it after each write.
    func takeChanges() -> LibraryChange
}

extension LibraryStore {
    /// Adds a feed with everything its first load brought (items, articles,
    /// enclosures, validators, when to ask next), all at once; `nil` when
    /// the address was subscribed already, which is left as it was.
    public func subscribe(_ subscription: Subscription, loaded refresh: FeedRefresh) throws -> Int? {
        try changing {
            guard try subscribe(subscription) else { return nil }
            return try apply([refresh])[subscription.address] ?? 0
        }
    }
}

/// Why the library refused a change.
public enum LibraryError: Error, Equatable, LocalizedError {
    case notSubscribed(URL)

    public var errorDescription: String? {
        switch self {
        case let .notSubscribed(address):
            return tr("{address} is not in the library", ["address": address.absoluteString])
        }
    }
}

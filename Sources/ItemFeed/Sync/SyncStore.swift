import Foundation

/// What the sidebar reads of the accounts: each with its feeds and counts.
public protocol AccountStore: AnyObject {
    func accounts() throws -> [SyncAccount]
    /// The account's feeds, by title.
    func feeds(of account: SyncAccount.ID) throws -> [AccountFeed]
}

/// One of an account's feeds as the sidebar shows it.
public struct AccountFeed: Equatable, Sendable {
    /// The server's id for it.
    public var id: String
    public var title: String
    public var address: URL
    public var siteLink: URL?
    public var icon: URL?
    /// The server's folder it is in; `nil`: at the account's top level.
    public var folder: RemoteFolder?
    public var counts: ItemCounts
    /// "Always Fetch Full Articles", kept here (the server knows nothing of it).
    public var fetchesFullArticles: Bool

    public init(
        id: String, title: String, address: URL, siteLink: URL? = nil, icon: URL? = nil, folder: RemoteFolder? = nil, counts: ItemCounts = ItemCounts(),
        fetchesFullArticles: Bool = false
    ) {
        (self.id, self.title, self.address, self.siteLink, self.icon, self.folder, self.counts) = (id, title, address, siteLink, icon, folder, counts)
        self.fetchesFullArticles = fetchesFullArticles
    }
}

/// What a sync round reads and writes in the library: its accounts, the
/// changes waiting to be sent, the server's feeds and items kept beside
/// the local ones (All, Unread, Starred and search span both).
public protocol SyncStore: AccountStore {
    /// Keeps a new account (its secret goes elsewhere); answers its id.
    func addAccount(service: SyncServiceKind, address: URL, userName: String) throws -> SyncAccount.ID
    /// Removes the account with its feeds, items and pending changes;
    /// `false` when there was none.
    @discardableResult func removeAccount(_ id: SyncAccount.ID) throws -> Bool
    func setState(_ state: SyncAccountState, lastSync: Date?, of account: SyncAccount.ID) throws

    /// The oldest changes not yet sent, at most `limit`.
    func pendingChanges(of account: SyncAccount.ID, limit: Int) throws -> [PendingChange]
    /// Sent: forgotten.
    func removePendingChanges(_ ids: [PendingChange.ID]) throws
    /// Done here at once (the feed gone with its items, or its new name),
    /// and kept to be sent, in one transaction.
    func change(_ feedID: String, of account: SyncAccount.ID, _ change: FeedChange) throws

    /// The server's folders and feeds become the account's: new ones added,
    /// renamed and moved ones changed, those gone removed with their items.
    func keep(_ subscriptions: RemoteSubscriptions, of account: SyncAccount.ID) throws
    /// The server's ids of every item the account holds.
    func remoteItemIDs(of account: SyncAccount.ID) throws -> Set<String>
    /// Stores items of the account's feeds (one transaction), read unless
    /// in `unread`, starred when in `starred`; an item of a feed the account
    /// does not have is skipped. Answers how many were new.
    @discardableResult
    func add(_ items: [RemoteItem], of account: SyncAccount.ID, unread: Set<String>, starred: Set<String>, seen: Date) throws -> Int
    /// Held items' marks become the server's, except items with a change
    /// still pending here (the user's mark wins). Answers how many changed.
    @discardableResult
    func reconcileMarks(of account: SyncAccount.ID, unread: Set<String>, starred: Set<String>) throws -> Int
    /// The same for the held items among `ids` only: the others' marks are
    /// not known (a listing of changes).
    @discardableResult
    func reconcileMarks(of account: SyncAccount.ID, unread: Set<String>, starred: Set<String>, among ids: Set<String>) throws -> Int

    /// Where the account's next listing of changes starts (`ItemChangeListing`);
    /// `nil` until a first listing finished.
    func listingCursor(of account: SyncAccount.ID) throws -> String?
    func setListingCursor(_ cursor: String?, of account: SyncAccount.ID) throws
}

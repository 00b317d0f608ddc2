import Foundation

/// One feed server's API, as a sync round needs it: the service's folders
/// and feeds, and the changes made here sent back. Each service (Google
/// Reader API, Tiny Tiny RSS…) is a folder of its own behind this protocol
/// and one of the two ways of listing items below; the round is written
/// once, over them.
///
/// Calls block until answered: a round runs on a worker queue of its own,
/// never on the UI thread. They throw `SyncError`.
public protocol SyncService: AnyObject {
    /// Logs in (again) with the account's secret.
    func logIn() throws
    /// The account's folders and feeds; the server's list is the truth.
    func subscriptions() throws -> RemoteSubscriptions
    /// The most ids one mark request takes.
    var markBatchSize: Int { get }
    /// Marks items read or unread, starred or not, on the server.
    func mark(_ ids: [String], _ mark: RemoteMark) throws
    /// Subscribes on the server; answers the new feed.
    func subscribe(to address: URL, title: String?, folder: String?) throws -> RemoteFeed
    func unsubscribe(_ feedID: String) throws
    func rename(_ feedID: String, to title: String) throws
    /// `nil`: out of any folder.
    func move(_ feedID: String, from old: String?, to folder: String?) throws
    /// Marks the feed's items up to `date` read on the server.
    func markAllRead(_ feedID: String, before date: Date) throws
}

/// A server that lists item ids (the Google Reader API, Tiny Tiny RSS,
/// Fever): the round compares them with the ids held and asks the missing
/// items' contents by id, save those that came with the lists.
public protocol ItemIDListing: SyncService {
    /// Told, before the id lists, how many of the account's items the
    /// library holds (a service whose id lists can carry the contents at no
    /// extra cost to its server asks for them while none are held), the
    /// date `itemIDs(since:)` will be asked from (a service may list
    /// unread and recent items in one pass), and where the round keeps the
    /// contents that come with the lists, so they are not asked again.
    func willListItemIDs(holding count: Int, readSince: Date, contents: ListedContents)
    /// Ids of every unread item.
    func unreadItemIDs() throws -> Set<String>
    /// Ids of every starred item.
    func starredItemIDs() throws -> Set<String>
    /// Ids of items published since `date`, read or not: what the library's
    /// retention keeps. A round never asks further back.
    func itemIDs(since date: Date) throws -> Set<String>
    /// The most ids `items(withIDs:)` takes at once.
    var itemBatchSize: Int { get }
    /// Those items' contents, asked of the server; ids it no longer has
    /// are left out.
    func items(withIDs ids: [String]) throws -> [RemoteItem]
}

extension ItemIDListing {
    public func willListItemIDs(holding count: Int, readSince: Date, contents: ListedContents) {}
}

/// A server that says what changed since a point it names (Nextcloud
/// News's `lastModified`): a round after the first asks only that, its
/// items coming whole, with their contents and marks.
public protocol ItemChangeListing: SyncService {
    /// `cursor`: what the last listing answered. `nil` the first time: then
    /// every unread and starred item and every item published since
    /// `readSince` is listed. Later, every item added or changed since, read
    /// or not. Pages go to `page` as they come (newest first), so a large
    /// account is never held whole. Answers where the next listing starts;
    /// `nil`: where it started.
    func listChanges(since cursor: String?, readSince: Date, page: (ListedItems) throws -> Void) throws -> String?
}

/// Items as a change listing gives them, with the server's marks.
public struct ListedItems: Equatable, Sendable {
    public var items: [RemoteItem]
    public var unread: Set<String>
    public var starred: Set<String>

    public init(items: [RemoteItem], unread: Set<String>, starred: Set<String>) {
        (self.items, self.unread, self.starred) = (items, unread, starred)
    }
}

/// A change of one item's mark, as the server keeps it.
public enum RemoteMark: String, Sendable, CaseIterable {
    case read, unread, starred, unstarred
}

public struct RemoteSubscriptions: Equatable, Sendable {
    public var folders: [RemoteFolder]
    public var feeds: [RemoteFeed]

    public init(folders: [RemoteFolder], feeds: [RemoteFeed]) {
        (self.folders, self.feeds) = (folders, feeds)
    }
}

/// A folder (a category, label or tag) as the server names it.
public struct RemoteFolder: Hashable, Sendable {
    public var id: String
    public var name: String

    public init(id: String, name: String) {
        (self.id, self.name) = (id, name)
    }
}

public struct RemoteFeed: Equatable, Sendable {
    public var id: String
    public var title: String
    public var address: URL
    public var siteLink: URL?
    /// The folder's id; `nil`: at the account's top level.
    public var folderID: String?
    public var icon: URL?

    public init(id: String, title: String, address: URL, siteLink: URL? = nil, folderID: String? = nil, icon: URL? = nil) {
        (self.id, self.title, self.address, self.siteLink, self.folderID, self.icon) = (id, title, address, siteLink, folderID, icon)
    }
}

/// An item as the server gives it: already cleaned by the server, cleaned
/// again here like any feed's (`RemoteItem.item`).
public struct RemoteItem: Equatable, Sendable {
    public var id: String
    public var feedID: String
    public var title: String
    public var author: String?
    public var published: Date?
    public var link: URL?
    /// The body, HTML, for the reading pane.
    public var content: String?
    /// The body as plain text, for the row and search.
    public var summary: String?
    public var enclosure: Enclosure?
    /// The picture its row shows, as the server names it (an image
    /// enclosure, Tiny Tiny RSS's "flavor image").
    public var image: URL?

    public init(
        id: String, feedID: String, title: String, author: String? = nil, published: Date? = nil,
        link: URL? = nil, content: String? = nil, summary: String? = nil, enclosure: Enclosure? = nil, image: URL? = nil
    ) {
        (self.id, self.feedID, self.title, self.author, self.published) = (id, feedID, title, author, published)
        (self.link, self.content, self.summary, self.enclosure, self.image) = (link, content, summary, enclosure, image)
    }
}

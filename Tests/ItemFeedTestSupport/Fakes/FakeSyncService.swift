import Foundation
import ItemFeed

/// A feed server in memory behind `SyncService`: its feeds, items and
/// marks, every call recorded in order, and a fault to throw on a chosen
/// call, for the sync round's tests.
public class FakeSyncService: ItemIDListing {
    public var subscriptionList: RemoteSubscriptions
    /// Every item the server has, by id.
    public var items: [String: RemoteItem] = [:]
    public var unread: Set<String> = []
    public var starred: Set<String> = []
    public var itemBatchSize = 50
    public var markBatchSize = 1_000
    /// What each call was, in order ("items 50", "mark read 3"…).
    public private(set) var calls: [String] = []
    /// Thrown by the first call whose record starts with the key, once.
    public var faults: [String: SyncError] = [:]
    /// Run when a call starts (after it is recorded): a mark made here
    /// while the round is under way.
    public var during: [String: () -> Void] = [:]

    public init(subscriptions: RemoteSubscriptions = RemoteSubscriptions(folders: [], feeds: [])) {
        subscriptionList = subscriptions
    }

    /// When each item was last added or marked, by a clock that counts changes.
    public private(set) var modified: [String: Int] = [:]
    public private(set) var clock = 0

    public func add(_ item: RemoteItem, unread isUnread: Bool = true, starred isStarred: Bool = false) {
        items[item.id] = item
        if isUnread { unread.insert(item.id) }
        if isStarred { starred.insert(item.id) }
        touch([item.id])
    }

    /// Another reader's mark on the server.
    public func markOnServer(_ ids: [String], _ mark: RemoteMark) {
        apply(ids, mark)
    }

    private func touch(_ ids: [String]) {
        clock += 1
        for id in ids { modified[id] = clock }
    }

    func call(_ record: String) throws {
        calls.append(record)
        during.first { record.hasPrefix($0.key) }?.value()
        if let key = faults.keys.first(where: { record.hasPrefix($0) }), let fault = faults.removeValue(forKey: key) { throw fault }
    }

    public func logIn() throws { try call("logIn") }

    public func subscriptions() throws -> RemoteSubscriptions {
        try call("subscriptions")
        return subscriptionList
    }

    /// What each round said the library held before listing ids.
    public private(set) var toldHolding: [Int] = []
    /// Whether the recent ids bring their items' contents while the
    /// library holds none (as Fever's pages and tt-rss's headlines do).
    public var listsContents = false
    private var contents: ListedContents?

    public func willListItemIDs(holding count: Int, readSince: Date, contents: ListedContents) {
        toldHolding.append(count)
        self.contents = listsContents && count == 0 ? contents : nil
    }

    public func unreadItemIDs() throws -> Set<String> {
        try call("unread")
        return unread
    }

    public func starredItemIDs() throws -> Set<String> {
        try call("starred")
        return starred
    }

    public func itemIDs(since date: Date) throws -> Set<String> {
        try call("recent")
        let recent = items.values.filter { ($0.published ?? .distantFuture) >= date }
        if let contents { recent.forEach(contents.keep) }
        return Set(recent.map(\.id))
    }

    public func items(withIDs ids: [String]) throws -> [RemoteItem] {
        try call("items \(ids.count)")
        return ids.compactMap { items[$0] }
    }

    public func mark(_ ids: [String], _ mark: RemoteMark) throws {
        try call("mark \(mark.rawValue) \(ids.count)")
        apply(ids, mark)
    }

    private func apply(_ ids: [String], _ mark: RemoteMark) {
        touch(ids)
        switch mark {
        case .read: unread.subtract(ids)
        case .unread: unread.formUnion(ids)
        case .starred: starred.formUnion(ids)
        case .unstarred: starred.subtract(ids)
        }
    }

    public func subscribe(to address: URL, title: String?, folder: String?) throws -> RemoteFeed {
        try call("subscribe \(address.absoluteString)")
        let feed = RemoteFeed(id: "feed/\(subscriptionList.feeds.count + 1)", title: title ?? address.absoluteString, address: address, folderID: folder)
        subscriptionList.feeds.append(feed)
        return feed
    }

    public func unsubscribe(_ feedID: String) throws {
        try call("unsubscribe \(feedID)")
        subscriptionList.feeds.removeAll { $0.id == feedID }
    }

    public func rename(_ feedID: String, to title: String) throws {
        try call("rename \(feedID)")
        if let index = subscriptionList.feeds.firstIndex(where: { $0.id == feedID }) { subscriptionList.feeds[index].title = title }
    }

    public func move(_ feedID: String, from old: String?, to folder: String?) throws {
        try call("move \(feedID)")
        if let index = subscriptionList.feeds.firstIndex(where: { $0.id == feedID }) { subscriptionList.feeds[index].folderID = folder }
    }

    public func markAllRead(_ feedID: String, before date: Date) throws {
        try call("markAllRead \(feedID)")
        apply(items.values.filter { $0.feedID == feedID }.map(\.id), .read)
    }
}

/// The same server listing its changes by a cursor, as Nextcloud News does:
/// the first listing gives every unread, starred and recent item, later ones
/// what was added or marked since, `pageSize` items a page.
public final class FakeChangeListingService: FakeSyncService, ItemChangeListing {
    public var pageSize = 50

    public func listChanges(since cursor: String?, readSince: Date, page: (ListedItems) throws -> Void) throws -> String? {
        try call("changes \(cursor ?? "none")")
        let since = cursor.flatMap { Int($0) }
        let chosen = items.values.filter { item in
            if let since { return (modified[item.id] ?? 0) >= since }
            return unread.contains(item.id) || starred.contains(item.id) || (item.published ?? .distantFuture) >= readSince
        }.sorted { $0.id > $1.id }
        let next = String(clock)
        for slice in chosen.chunked(pageSize) {
            try call("page \(slice.count)")
            let ids = Set(slice.map(\.id))
            try page(ListedItems(items: slice, unread: unread.intersection(ids), starred: starred.intersection(ids)))
        }
        return next
    }
}

import Foundation
import ItemFeed

/// The library in memory: the fake that controller tests use where a
/// database file would only slow them, held to the SQLite store's
/// behaviour by `LibraryStoreSpecs`.
open class InMemoryLibraryStore: LibraryStore {
    struct Feed {
        var subscription: Subscription
        var renamed: Bool
    }

    struct Stored {
        var item: LibraryItem
        var firstSeen: Date
        var article: String?
        var enclosure: Enclosure?
        /// The page's article, once asked (`nil` inside: it gave none).
        var fullArticle: (html: String?, fetched: Date)?
        var sortDate: Double { item.item.date?.timeIntervalSince1970 ?? firstSeen.timeIntervalSince1970 }
    }

    // Each part of the library says what changing it means, as the SQLite
    // store's update hook does (a count, not `oldValue`, so no copy is made).
    var feeds: [URL: Feed] = [:] {
        didSet { noteChange(feeds.count == feedCount ? .feeds : [.subscriptions, .feeds]); feedCount = feeds.count }
    }
    private var folderNames: Set<String> = [] { didSet { noteChange(.subscriptions) } }
    var stored: [LibraryItem.Key: Stored] = [:] {
        didSet { noteChange(stored.count > itemCount ? [.newItems, .feeds] : [.items, .feeds]); itemCount = stored.count }
    }
    var nextKey: LibraryItem.Key = 1
    private var settings: [String: String] = [:] { didSet { noteChange(.settings) } }
    var saved: [SavedView] = [] { didSet { noteChange(.views) } }
    var keptRules: [Rule] = [] { didSet { noteChange(.views) } }
    var hidden: Set<LibraryItem.Key> = [] { didSet { noteChange(.items) } }
    private var (feedCount, itemCount) = (0, 0)
    private var changes: LibraryChange = []
    var notices: [(key: LibraryItem.Key, rule: Rule.ID)] = []

    /// What a query's relative dates (`after:7d`) count from.
    public var now = Date()
    public var calendar = Calendar.current

    public init() {}

    /// Refuses a view whose search cannot be read, as the SQLite store does.
    private func checked(_ view: LibraryView) throws -> InMemoryLibraryStore {
        _ = try view.search.flatMap(LibraryQuery.parse)
        if case let .query(text) = view.scope { _ = try LibraryQuery.parse(text) }
        return self
    }

    public func takeChanges() -> LibraryChange {
        defer { changes = [] }
        return changes
    }

    private func noteChange(_ change: LibraryChange) {
        changes.formUnion(change)
    }

    public func changing<Result>(_ body: () throws -> Result) throws -> Result {
        let before = (feeds, folderNames, stored, nextKey, settings, saved, keptRules, hidden, notices, changes)
        do {
            return try body()
        } catch {
            (feeds, folderNames, stored, nextKey, settings, saved, keptRules, hidden, notices, changes) = before
            throw error
        }
    }

    public func subscriptions() throws -> [Subscription] {
        LibraryOrder.sorted(feeds.values.map { feed in
            var subscription = feed.subscription
            subscription.counts = counts(of: subscription.address)
            return subscription
        })
    }

    public func folders() throws -> [String] {
        LibraryOrder.sorted(Array(folderNames))
    }

    @discardableResult public func add(_ subscriptions: [Subscription], folders: [String]) throws -> [URL] {
        folderNames.formUnion(folders)
        var added: [URL] = []
        for var subscription in subscriptions where feeds[subscription.address] == nil {
            subscription.counts = ItemCounts()
            feeds[subscription.address] = Feed(subscription: subscription, renamed: false)
            if let folder = subscription.folder { folderNames.insert(folder) }
            added.append(subscription.address)
        }
        return added
    }

    @discardableResult public func unsubscribe(_ address: URL) throws -> Bool {
        guard feeds.removeValue(forKey: address) != nil else { return false }
        stored = stored.filter { $0.value.item.feedAddress != address }
        return true
    }

    public func rename(_ address: URL, to title: String) throws {
        guard feeds[address] != nil else { throw LibraryError.notSubscribed(address) }
        feeds[address]?.subscription.title = title
        feeds[address]?.renamed = true
    }

    public func move(_ address: URL, toFolder folder: String?) throws {
        guard feeds[address] != nil else { throw LibraryError.notSubscribed(address) }
        feeds[address]?.subscription.folder = folder
        if let folder { folderNames.insert(folder) }
    }

    @discardableResult open func apply(_ refreshes: [FeedRefresh]) throws -> [URL: Int] {
        var added: [URL: Int] = [:]
        let firstNew = nextKey
        defer { applyRules(toItemsFrom: firstNew) }
        for refresh in refreshes where feeds[refresh.address] != nil {
            let address = refresh.address
            var subscription = feeds[address]!.subscription
            switch refresh.outcome {
            case let .loaded(title, siteLink, items, articles, enclosures):
                if let title, !title.isEmpty, feeds[address]?.renamed == false { subscription.title = title }
                if let siteLink { subscription.siteLink = siteLink }
                (subscription.state, subscription.failures, subscription.nextDue) = (.ok, 0, refresh.nextDue)
                subscription.validators = refresh.validators ?? HTTPValidators()
                added[address] = insertOrUpdate(items, of: address, seen: refresh.date, articles: articles, enclosures: enclosures)
            case .unchanged:
                (subscription.state, subscription.failures, subscription.nextDue) = (.ok, 0, refresh.nextDue)
                subscription.validators = refresh.validators ?? subscription.validators
                added[address] = 0
            case let .failed(reason):
                (subscription.state, subscription.nextDue) = (.failed(reason: reason), refresh.nextDue)
                subscription.failures += 1
            case .gone:
                (subscription.state, subscription.nextDue) = (.gone, nil)
            case let .deferred(until):
                (subscription.state, subscription.nextDue) = (.deferred(until: until), until)
            }
            if let icon = refresh.icon { subscription.icon = icon }
            feeds[address]?.subscription = subscription
            if let movedTo = refresh.movedTo, feeds[movedTo] == nil { move(address, to: movedTo) }
        }
        return added
    }

    private func move(_ address: URL, to newAddress: URL) {
        guard var feed = feeds.removeValue(forKey: address) else { return }
        feed.subscription.address = newAddress
        feeds[newAddress] = feed
        for (key, value) in stored where value.item.feedAddress == address {
            stored[key]?.item = LibraryItem(key: key, feedAddress: newAddress, item: value.item.item, isRead: value.item.isRead, isStarred: value.item.isStarred)
        }
    }

    /// Items come newest first in a feed; inserted last to first, so
    /// undated ones keep the feed's order.
    private func insertOrUpdate(_ items: [Item], of address: URL, seen: Date, articles: [String: String], enclosures: [String: Enclosure]) -> Int {
        var existing: [String: LibraryItem.Key] = [:]
        for (key, value) in stored where value.item.feedAddress == address { existing[value.item.item.id] = key }
        var added = 0
        for item in items.reversed() {
            if let key = existing[item.id] {
                stored[key]?.item.item = item
                if let article = articles[item.id] { stored[key]?.article = article }
                if let enclosure = enclosures[item.id] { stored[key]?.enclosure = enclosure }
            } else {
                stored[nextKey] = Stored(
                    item: LibraryItem(key: nextKey, feedAddress: address, item: item), firstSeen: seen, article: articles[item.id], enclosure: enclosures[item.id]
                )
                existing[item.id] = nextKey
                nextKey += 1
                added += 1
            }
        }
        return added
    }

    public func count(_ view: LibraryView) throws -> Int {
        try checked(view).stored.values.lazy.filter { self.shows($0, in: view) }.count
    }

    open func items(_ view: LibraryView, in range: Range<Int>) throws -> [LibraryItem] {
        let sorted = try sortedItems(of: view)
        return sorted[range.clamped(to: 0..<sorted.count)].map(\.item)
    }

    open func items(_ view: LibraryView, fromEnd range: Range<Int>) throws -> [LibraryItem] {
        let sorted = try sortedItems(of: view)
        let positions = (sorted.count - range.upperBound)..<(sorted.count - range.lowerBound)
        return sorted[positions.clamped(to: 0..<sorted.count)].map(\.item)
    }

    private func sortedItems(of view: LibraryView) throws -> [Stored] {
        let indexed = try view.search.flatMap(LibraryQuery.parse)?.isIndexed ?? false
        return stored.values.filter { shows($0, in: view) }.sorted {
            indexed ? $0.item.key > $1.item.key
                : $0.sortDate != $1.sortDate ? $0.sortDate > $1.sortDate : $0.item.key > $1.item.key
        }
    }

    public func position(of key: LibraryItem.Key, in view: LibraryView) throws -> Int? {
        try sortedItems(of: view).firstIndex { $0.item.key == key }
    }

    public func lastStored(_ count: Int, of feed: URL) throws -> [LibraryItem] {
        Array(stored.values.filter { $0.item.feedAddress == feed }.map(\.item).sorted { $0.key > $1.key }.prefix(max(count, 0)))
    }

    public func unreadKeys(among keys: [LibraryItem.Key]) throws -> Set<LibraryItem.Key> {
        Set(keys.filter { key in stored[key].map { !$0.item.isRead } ?? false })
    }

    public func contains(_ key: LibraryItem.Key) throws -> Bool {
        stored[key] != nil
    }

    public func articleHTML(_ key: LibraryItem.Key) throws -> String? { stored[key]?.article }
    public func enclosure(_ key: LibraryItem.Key) throws -> Enclosure? { stored[key]?.enclosure }

    public func setRead(_ isRead: Bool, _ keys: [LibraryItem.Key]) throws {
        for key in keys { stored[key]?.item.isRead = isRead }
    }

    public func setStarred(_ isStarred: Bool, _ keys: [LibraryItem.Key]) throws {
        for key in keys { stored[key]?.item.isStarred = isStarred }
    }

    public func markAllRead(_ view: LibraryView) throws -> [LibraryItem.Key] {
        let keys = try checked(view).stored.values.filter { !$0.item.isRead && shows($0, in: view) }.map(\.item.key).sorted()
        try setRead(true, keys)
        return keys
    }

    @discardableResult public func pruneRead(before date: Date) throws -> Int {
        let doomed = stored.filter { $0.value.item.isRead && !$0.value.item.isStarred && $0.value.firstSeen < date }
        for key in doomed.keys { stored[key] = nil }
        return doomed.count
    }

    public func setting(_ name: String) throws -> String? { settings[name] }
    public func setSetting(_ name: String, to value: String?) throws { settings[name] = value }

    private func counts(of address: URL) -> ItemCounts {
        var counts = ItemCounts()
        for value in stored.values where value.item.feedAddress == address {
            counts.total += 1
            if !value.item.isRead { counts.unread += 1 }
        }
        return counts
    }

    private func shows(_ stored: Stored, in view: LibraryView) -> Bool {
        guard (view.scope == .hiddenByRules) == hidden.contains(stored.item.key) else { return false }
        return matches(stored, scope: view.scope, search: view.search)
    }

    /// In the scope and matching the search, hidden or not.
    func matches(_ stored: Stored, scope: LibraryView.Scope, search: String?) -> Bool {
        let item = stored.item
        switch scope {
        case .all, .hiddenByRules: break
        case .unread: guard !item.isRead else { return false }
        case .starred: guard item.isStarred else { return false }
        case let .folder(name): guard feeds[item.feedAddress]?.subscription.folder == name else { return false }
        // It keeps the local library only: no account's item is in it.
        case let .feed(feed): guard item.feedAddress == feed.localAddress else { return false }
        case .account, .accountFolder: return false
        case let .query(text): guard matches(text, stored) else { return false }
        }
        return search.map { matches($0, stored) } ?? true
    }

    private func matches(_ text: String, _ stored: Stored) -> Bool {
        let item = stored.item
        guard let query = (try? LibraryQuery.parse(text)) ?? nil else { return true }
        let feed = feeds[item.feedAddress]?.subscription
        let candidate = LibraryQuery.Candidate(
            item: item, feedTitle: feed?.title ?? item.feedAddress.absoluteString, folder: feed?.folder, sortDate: Date(timeIntervalSince1970: stored.sortDate)
        )
        return query.matches(candidate, now: now, calendar: calendar)
    }
}

import Foundation
import ItemFeed

/// The window's own store, wrapped: every read goes through, every write
/// made on the main thread is recorded (and still made, so the window goes
/// on), to prove the window writes only through its writer's queue.
final class ReadOnlyOnMainThreadStore: LibraryStore {
    private let store: LibraryStore
    private(set) var writesOnMainThread: [String] = []

    init(_ store: LibraryStore) {
        self.store = store
    }

    private func writing<Result>(_ name: String, _ write: () throws -> Result) rethrows -> Result {
        if Thread.isMainThread { writesOnMainThread.append(name) }
        return try write()
    }

    func changing<Result>(_ body: () throws -> Result) throws -> Result { try writing("changing") { try store.changing(body) } }
    func takeChanges() -> LibraryChange { store.takeChanges() }

    func accounts() throws -> [SyncAccount] { try store.accounts() }
    func feeds(of account: SyncAccount.ID) throws -> [AccountFeed] { try store.feeds(of: account) }

    func fullArticleHTML(_ key: LibraryItem.Key) throws -> String? { try store.fullArticleHTML(key) }
    func fetchesFullArticles(of key: LibraryItem.Key) throws -> Bool { try store.fetchesFullArticles(of: key) }
    func pagesWantingFullArticles(limit: Int) throws -> [FullArticlePage] { try store.pagesWantingFullArticles(limit: limit) }
    func setFullArticle(_ html: String?, fetched: Date, of key: LibraryItem.Key) throws {
        try writing("setFullArticle") { try store.setFullArticle(html, fetched: fetched, of: key) }
    }
    func setFetchesFullArticles(_ fetches: Bool, for feed: LibraryView.Scope) throws {
        try writing("setFetchesFullArticles") { try store.setFetchesFullArticles(fetches, for: feed) }
    }

    func subscriptions() throws -> [Subscription] { try store.subscriptions() }
    func folders() throws -> [String] { try store.folders() }
    func add(_ subscriptions: [Subscription], folders: [String]) throws -> [URL] { try writing("add") { try store.add(subscriptions, folders: folders) } }
    func unsubscribe(_ address: URL) throws -> Bool { try writing("unsubscribe") { try store.unsubscribe(address) } }
    func rename(_ address: URL, to title: String) throws { try writing("rename") { try store.rename(address, to: title) } }
    func move(_ address: URL, toFolder folder: String?) throws { try writing("move") { try store.move(address, toFolder: folder) } }
    func apply(_ refreshes: [FeedRefresh]) throws -> [URL: Int] { try writing("apply") { try store.apply(refreshes) } }
    func pruneRead(before date: Date) throws -> Int { try writing("pruneRead") { try store.pruneRead(before: date) } }

    func count(_ view: LibraryView) throws -> Int { try store.count(view) }
    func items(_ view: LibraryView, in range: Range<Int>) throws -> [LibraryItem] { try store.items(view, in: range) }
    func items(_ view: LibraryView, fromEnd range: Range<Int>) throws -> [LibraryItem] { try store.items(view, fromEnd: range) }
    func contains(_ key: LibraryItem.Key) throws -> Bool { try store.contains(key) }
    func lastStored(_ count: Int, of feed: URL) throws -> [LibraryItem] { try store.lastStored(count, of: feed) }
    func unreadKeys(among keys: [LibraryItem.Key]) throws -> Set<LibraryItem.Key> { try store.unreadKeys(among: keys) }
    func position(of key: LibraryItem.Key, in view: LibraryView) throws -> Int? { try store.position(of: key, in: view) }
    func articleHTML(_ key: LibraryItem.Key) throws -> String? { try store.articleHTML(key) }
    func enclosure(_ key: LibraryItem.Key) throws -> Enclosure? { try store.enclosure(key) }

    func setRead(_ isRead: Bool, _ keys: [LibraryItem.Key]) throws { try writing("setRead") { try store.setRead(isRead, keys) } }
    func setStarred(_ isStarred: Bool, _ keys: [LibraryItem.Key]) throws { try writing("setStarred") { try store.setStarred(isStarred, keys) } }
    func markAllRead(_ view: LibraryView) throws -> [LibraryItem.Key] { try writing("markAllRead") { try store.markAllRead(view) } }

    func setting(_ name: String) throws -> String? { try store.setting(name) }
    func setSetting(_ name: String, to value: String?) throws { try writing("setSetting") { try store.setSetting(name, to: value) } }

    func savedViews(counted: Bool) throws -> [SavedView] { try store.savedViews(counted: counted) }
    func addSavedView(name: String, query: String) throws -> SavedView.ID { try writing("addSavedView") { try store.addSavedView(name: name, query: query) } }
    func updateSavedView(_ id: SavedView.ID, name: String, query: String) throws {
        try writing("updateSavedView") { try store.updateSavedView(id, name: name, query: query) }
    }
    func removeSavedView(_ id: SavedView.ID) throws -> Bool { try writing("removeSavedView") { try store.removeSavedView(id) } }

    func rules() throws -> [Rule] { try store.rules() }
    @discardableResult func addRule(query: String, action: Rule.Action, scope: LibraryView.Scope) throws -> Rule.ID {
        try writing("addRule") { try store.addRule(query: query, action: action, scope: scope) }
    }
    func updateRule(_ rule: Rule) throws { try writing("updateRule") { try store.updateRule(rule) } }
    func removeRule(_ id: Rule.ID) throws -> Bool { try writing("removeRule") { try store.removeRule(id) } }
    func countMatching(_ rule: Rule) throws -> Int { try store.countMatching(rule) }
    func apply(_ rule: Rule) throws -> RuleApplication { try writing("applyRule") { try store.apply(rule) } }
    func revert(_ application: RuleApplication, of action: Rule.Action) throws { try writing("revertRule") { try store.revert(application, of: action) } }
    func takeRuleNotices() throws -> [RuleMatch] { try writing("takeRuleNotices") { try store.takeRuleNotices() } }
}

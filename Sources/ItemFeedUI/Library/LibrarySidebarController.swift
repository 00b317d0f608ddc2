import Foundation
import ItemFeed

/// The sidebar's rows from the library, and which view is open: All,
/// Unread, Starred, then each folder followed by its feeds, then the feeds
/// outside folders. Counts come from the store's per-feed counts (kept by
/// the store as items arrive or are read), so a reload reads one row per feed.
@MainActor
public final class LibrarySidebarController {
    public private(set) var rows: [LibrarySidebarRow] = []
    public private(set) var selectedIndex = 0
    /// The view to show, with its title: a row was chosen.
    public var opened: (LibrarySidebarRow) -> Void = { _ in }
    /// The row whose view is open was chosen again (GTK selects it anew
    /// when the list takes the focus; on a narrow window, a click means
    /// "back to its list"): the view stays as it is, scrolled where it was.
    public var reselected: () -> Void = {}
    /// The row whose view is shown now.
    private var openedIndex: Int?
    /// Whether the list shows a row's view (it went with a removed feed or account when not).
    public var showsARowsView: Bool { openedIndex != nil }
    /// The rows changed: the widget draws them again.
    public var changed: () -> Void = {}
    public var failed: (Error) -> Void = { _ in }
    /// A row's menu was used: on a feed of the library's own, an
    /// account's feed or a saved view (`RowCommands` does the rest).
    public var commanded: (RowCommand, RowSubject) -> Void = { _, _ in }

    /// What a row's menu offers: a feed's commands, and a saved view's.
    public enum RowCommand: String, CaseIterable, Sendable {
        case refresh, markAllRead = "mark-all-read", rename, move, copyAddress = "copy-address", unsubscribe
        /// "Always Fetch Full Articles", turned on or off.
        case fullArticles = "full-articles"
        /// A saved view's search, changed.
        case editView = "edit-view"
        case removeView = "remove-view"

        static let feedCommands: [RowCommand] = [.refresh, .markAllRead, .rename, .move, .copyAddress, .unsubscribe, .fullArticles]
        static let viewCommands: [RowCommand] = [.markAllRead, .rename, .editView, .removeView]
    }

    private let store: LibraryStore
    /// Accounts on feed servers, each a section after the local feeds: the
    /// library's own, unless a test gives others.
    private let accounts: AccountStore
    /// What each service's API can do, as the services declare it.
    private let services: [SyncServiceDescription]
    /// What each account's API can do to its feeds: what their menus offer.
    private var feedChanges: [SyncAccount.ID: SyncServiceDescription.FeedChanges] = [:]

    /// `services`: the services accounts may speak; an account of one
    /// missing here offers no command its API might not have.
    public init(store: LibraryStore, accounts: AccountStore? = nil, services: [SyncServiceDescription] = []) {
        self.store = store
        self.accounts = accounts ?? store
        self.services = services
    }

    public var selectedRow: LibrarySidebarRow? { rows.indices.contains(selectedIndex) ? rows[selectedIndex] : nil }

    /// Reads the subscriptions and counts again, keeping the selection on
    /// the same view (All when that view is gone).
    public func reload() {
        let selected = selectedRow
        let oldRows = rows
        do {
            let sections = try accounts.accounts().map { account in (account, try accounts.feeds(of: account.id)) }
            feedChanges = Dictionary(sections.map { ($0.0.id, services.first($0.0.service)?.feedChanges ?? []) }, uniquingKeysWith: { first, _ in first })
            rows = try Self.rows(
                subscriptions: store.subscriptions(), folders: store.folders(), starred: store.count(.starred), savedViews: savedViews(),
                hidden: store.count(.hiddenByRules), accounts: sections
            )
        } catch {
            failed(error)
            return
        }
        let opened = openedIndex.flatMap { $0 < oldRows.count ? oldRows[$0] : nil }
        selectedIndex = selected.flatMap(index(of:)) ?? 0
        openedIndex = opened.flatMap(index(of:))
        changed()
    }

    public func select(at index: Int) {
        guard rows.indices.contains(index) else { return }
        selectedIndex = index
        guard index != openedIndex else { return reselected() }
        openedIndex = index
        opened(rows[index])
    }

    /// Something other than a view took the list's place (a feed opened by
    /// address): choosing any row opens its view again.
    public func viewReplaced() {
        openedIndex = nil
    }

    /// A row's menu, used on the row at `index` (a feed's or a saved view's).
    public func command(_ command: RowCommand, onRowAt index: Int) {
        guard commands(forRowAt: index).contains(command), let subject = subject(ofRowAt: index) else { return }
        commanded(command, subject)
    }

    /// What the row at `index` stands for, as the library holds it now.
    private func subject(ofRowAt index: Int) -> RowSubject? {
        if let saved = rows[index].savedView { return .savedView(saved) }
        if let address = rows[index].feedAddress {
            return ((try? store.subscriptions()) ?? []).first { $0.address == address }.map(RowSubject.feed)
        }
        guard case let .feed(feedID) = rows[index].view.scope, !feedID.isLocal,
              let account = ((try? accounts.accounts()) ?? []).first(where: { $0.id == feedID.account }),
              let feed = ((try? accounts.feeds(of: feedID.account)) ?? []).first(where: { $0.id == feedID.id })
        else { return nil }
        return .accountFeed(account, feed)
    }

    /// What a row's menu offers: a saved view's commands; every feed command
    /// for a local feed; for an account's feed, what its server's API can
    /// do; nothing for the rest.
    public func commands(forRowAt index: Int) -> [RowCommand] {
        guard rows.indices.contains(index) else { return [] }
        if rows[index].savedView != nil { return RowCommand.viewCommands }
        if rows[index].feedAddress != nil { return RowCommand.feedCommands }
        guard case let .feed(feedID) = rows[index].view.scope, let changes = feedChanges[feedID.account] else { return [] }
        return RowCommand.feedCommands.filter { command in
            switch command {
            case .refresh, .markAllRead, .copyAddress, .fullArticles: return true
            case .rename: return changes.contains(.rename)
            case .unsubscribe: return changes.contains(.subscribe)
            case .move, .editView, .removeView: return false
            }
        }
    }

    /// Counts each saved view's unread items elsewhere (each count is a
    /// query over the whole library) and answers on the UI thread; `nil`:
    /// counted here, as the rest of the sidebar.
    public var countSavedViews: ((@escaping ([SavedView.ID: Int]) -> Void) -> Void)?
    /// The last counts `countSavedViews` answered, shown until the next.
    private var savedViewCounts: [SavedView.ID: Int] = [:]
    private var isCountingViews = false
    private var countViewsAgain = false

    /// The saved views with the counts known now; counted again off the UI thread when it can.
    private func savedViews() throws -> [SavedView] {
        guard countSavedViews != nil else { return try store.savedViews() }
        let views = try store.savedViews(counted: false).map { view in
            var counted = view
            counted.unread = savedViewCounts[view.id] ?? 0
            return counted
        }
        if !views.isEmpty { countViews() }
        return views
    }

    /// One count at a time; asked again meanwhile, once more after it.
    private func countViews() {
        guard let countSavedViews else { return }
        guard !isCountingViews else { return countViewsAgain = true }
        isCountingViews = true
        countSavedViews { [weak self] counts in
            guard let self else { return }
            isCountingViews = false
            let changedCounts = counts != savedViewCounts
            savedViewCounts = counts
            if countViewsAgain {
                countViewsAgain = false
                countViews()
            }
            guard changedCounts else { return }
            rows = rows.map { row in
                guard let saved = row.savedView, let unread = counts[saved.id], unread != row.unread else { return row }
                var view = saved
                view.unread = unread
                return LibrarySidebarRow(kind: .savedView, title: row.title, view: row.view, unread: unread, savedView: view)
            }
            changed()
        }
    }

    /// The same row after a reload: its view, or the same saved view renamed or edited.
    private func index(of row: LibrarySidebarRow) -> Int? {
        rows.firstIndex { $0.view == row.view } ?? row.savedView.flatMap { saved in rows.firstIndex { $0.savedView?.id == saved.id } }
    }

    static func rows(
        subscriptions: [Subscription], folders: [String], starred: Int, savedViews: [SavedView] = [], hidden: Int = 0,
        accounts: [(SyncAccount, [AccountFeed])] = []
    ) -> [LibrarySidebarRow] {
        let unread = subscriptions.reduce(0) { $0 + $1.counts.unread } + accounts.reduce(0) { $0 + $1.0.counts.unread }
        var rows = [
            LibrarySidebarRow(kind: .all, title: tr("All Items"), view: .all, unread: unread),
            LibrarySidebarRow(kind: .unread, title: tr("Unread"), view: .unread, unread: unread),
            LibrarySidebarRow(kind: .starred, title: tr("Starred"), view: .starred, unread: starred),
        ]
        rows += savedViews.map { LibrarySidebarRow(kind: .savedView, title: $0.name, view: $0.view, unread: $0.unread, savedView: $0) }
        if hidden > 0 { rows.append(LibrarySidebarRow(kind: .hiddenByRules, title: tr("Hidden by Rules"), view: .hiddenByRules, unread: hidden)) }
        let byFolder = Dictionary(grouping: subscriptions.filter { $0.folder != nil }, by: { $0.folder! })
        for folder in folders {
            let feeds = byFolder[folder] ?? []
            rows.append(LibrarySidebarRow(kind: .folder, title: folder, view: LibraryView(.folder(folder)), unread: feeds.reduce(0) { $0 + $1.counts.unread }))
            rows += feeds.map { feedRow($0, inFolder: true) }
        }
        rows += subscriptions.filter { $0.folder == nil }.map { feedRow($0, inFolder: false) }
        for (account, feeds) in accounts {
            rows.append(LibrarySidebarRow(
                kind: .account, title: account.title, view: LibraryView(.account(account.id)), unread: account.counts.unread, problem: account.state.problem
            ))
            // Its folders with their feeds, then the feeds in none, as the local library's.
            let byFolder = Dictionary(grouping: feeds.filter { $0.folder != nil }, by: { $0.folder! })
            for folder in byFolder.keys.sorted(by: { $0.name.localizedStandardCompare($1.name) == .orderedAscending }) {
                let inside = byFolder[folder] ?? []
                rows.append(LibrarySidebarRow(
                    kind: .folder, title: folder.name, view: LibraryView(.accountFolder(account.id, folder.id)), unread: inside.reduce(0) { $0 + $1.counts.unread }
                ))
                rows += inside.map { accountFeedRow($0, of: account, inFolder: true) }
            }
            rows += feeds.filter { $0.folder == nil }.map { accountFeedRow($0, of: account, inFolder: false) }
        }
        return rows
    }

    private static func accountFeedRow(_ feed: AccountFeed, of account: SyncAccount, inFolder: Bool) -> LibrarySidebarRow {
        LibrarySidebarRow(
            kind: .feed(inFolder: inFolder), title: feed.title, view: LibraryView(.feed(FeedID(account: account.id, id: feed.id))),
            unread: feed.counts.unread, icon: feed.icon, site: feed.siteLink ?? feed.address, fetchesFullArticles: feed.fetchesFullArticles
        )
    }

    private static func feedRow(_ subscription: Subscription, inFolder: Bool) -> LibrarySidebarRow {
        var problem: String?
        if case let .failed(reason) = subscription.state { problem = reason }
        if subscription.state == .gone { problem = tr("The feed is gone (HTTP 410)") }
        return LibrarySidebarRow(
            kind: .feed(inFolder: inFolder), title: subscription.title, view: LibraryView(.feed(subscription.address)),
            unread: subscription.counts.unread, problem: problem,
            icon: subscription.icon, site: subscription.siteLink ?? subscription.address, fetchesFullArticles: subscription.fetchesFullArticles
        )
    }
}

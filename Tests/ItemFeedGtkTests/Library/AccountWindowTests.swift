import CGtk
import Foundation
import ItemFeed
@testable import ItemFeedApp
import ItemFeedGLib
@testable import ItemFeedGtk
import ItemFeedStore
import ItemFeedSync
import ItemFeedTestSupport
import ItemFeedUI
import XCTest

/// An account in the library's window as the app builds it: its sidebar
/// section and state, a mark on its item shown at once and sent to its
/// server by the next refresh's sync.
final class AccountWindowTests: AdwTestCase {
    private let server = InMemoryFeedServer()

    @MainActor func test_anAccountsSection_showsItsFeedsAndState_andItsFeedsViewItsItems() async throws {
        let (library, store, window) = try makeLibraryWindow(server: server)
        defer { gtk_window_destroy(itemfeed_window(window)) }
        let sync = try XCTUnwrap(store as? SQLiteLibraryStore)
        let account = try addAccount(to: sync)
        try sync.setState(.needsSignIn, lastSync: nil, of: account)

        library.sidebar.reload()

        let titles = library.sidebar.rows.map(\.title)
        XCTAssertEqual(Array(titles.suffix(2)), ["ann@rss.example", "Server Feed"])
        let heading = try XCTUnwrap(library.sidebar.rows.first { $0.kind == .account })
        XCTAssertEqual(heading.accessibleLabel, "ann@rss.example, account, 2 unread, failing: Needs sign-in: the server refused the password")
        XCTAssertEqual(library.sidebar.rows.first?.unread, 5, "All counts the account's items too")
        library.sidebar.select(at: titles.count - 1)
        XCTAssertTrue(MainContext.iterate(until: { library.controller?.heldItems.count == 2 }, timeoutSeconds: 5))
    }

    /// The pane names an account's item's feed, as it does a local one's.
    @MainActor func test_anAccountsItem_isReadUnderItsFeedsName() async throws {
        let (library, store, window) = try makeLibraryWindow(server: server)
        defer { gtk_window_destroy(itemfeed_window(window)) }
        _ = try addAccount(to: try XCTUnwrap(store as? SQLiteLibraryStore))
        library.sidebar.reload()
        library.sidebar.select(at: try XCTUnwrap(library.sidebar.rows.lastIndex { $0.title == "Server Feed" }))
        XCTAssertTrue(MainContext.iterate(until: { library.controller?.heldItems.count == 2 }, timeoutSeconds: 5))

        library.controller?.rowActivated(at: 0)

        XCTAssertTrue(MainContext.iterate(until: { library.reader?.page != nil }, timeoutSeconds: 5))
        XCTAssertEqual(library.reader?.page?.feed, "Server Feed")
    }

    @MainActor func test_aMarkOnAnAccountsItem_isShownAtOnce_andSentByTheNextRefreshsSync() async throws {
        let (library, store, window) = try makeLibraryWindow(server: server)
        defer { gtk_window_destroy(itemfeed_window(window)) }
        let sync = try XCTUnwrap(store as? SQLiteLibraryStore)
        let account = try addAccount(to: sync)
        let fake = FakeSyncService(subscriptions: RemoteSubscriptions(folders: [], feeds: [Self.feed]))
        fake.add(Self.item("s1"))
        fake.add(Self.item("s2"))
        let syncing = RoundOnTheUIThread(account: account, service: fake, store: sync)
        library.refresher.accounts = syncing
        library.sidebar.reload()
        let feedRow = try XCTUnwrap(library.sidebar.rows.lastIndex { $0.title == "Server Feed" })
        library.sidebar.select(at: feedRow)
        XCTAssertTrue(MainContext.iterate(until: { library.controller?.heldItems.count == 2 }, timeoutSeconds: 5))
        let key = try XCTUnwrap(sync.items(LibraryView(.feed(FeedID(account: account, id: Self.feed.id))), in: 0..<10).first { $0.item.id == "s1" }?.key)

        library.commands.mark(.read(true, [key])) { _ in }

        XCTAssertTrue(MainContext.iterate(until: { library.sidebar.rows[feedRow].unread == 1 }, timeoutSeconds: 5), "shown at once")
        XCTAssertEqual(fake.unread, ["s1", "s2"], "nothing sent yet")
        XCTAssertEqual(try sync.pendingChanges(of: account, limit: 10).map(\.change), [.mark(.read, itemID: "s1")])

        var done = false
        _ = library.refresher.refresh(.all) { done = true }
        XCTAssertTrue(MainContext.iterate(until: { done }, timeoutSeconds: 5))

        XCTAssertEqual(fake.unread, ["s2"], "sent by F5's sync")
        XCTAssertEqual(try sync.pendingChanges(of: account, limit: 10), [])
        XCTAssertEqual(library.sidebar.rows[feedRow].unread, 1)
    }

    /// The accounts' work writes on connections of its own; the sidebar
    /// follows what it says it changed, not another process's half-second
    /// watch (stopped here) and not a reload by hand.
    @MainActor func test_removingAnAccount_takesItsSectionOutOfTheSidebar_asItsWorkSaysItChanged() async throws {
        let (library, store, window) = try makeLibraryWindow(server: server)
        defer { gtk_window_destroy(itemfeed_window(window)) }
        library.otherWrites.stop()
        let sync = try XCTUnwrap(store as? SQLiteLibraryStore)
        let id = try addAccount(to: sync)
        let account = try XCTUnwrap(sync.accounts().first { $0.id == id })
        library.sidebar.reload()
        XCTAssertTrue(library.sidebar.rows.contains { $0.title == "Server Feed" })

        library.commands.accountChoices().remove(account)

        XCTAssertTrue(MainContext.iterate(until: { !library.sidebar.rows.contains { $0.title == "Server Feed" } }, timeoutSeconds: 5))
        XCTAssertFalse(library.sidebar.rows.contains { $0.kind == .account })
    }

    // MARK: Helpers

    private static let feed = RemoteFeed(id: "feed/9", title: "Server Feed", address: URL(string: "https://site.example/feed")!)

    private static func item(_ id: String) -> RemoteItem {
        RemoteItem(id: id, feedID: feed.id, title: "Server item \(id)", published: Date(), content: "<p>\(id)</p>", summary: id)
    }

    /// An account with one feed of two unread items.
    @MainActor private func addAccount(to store: SQLiteLibraryStore) throws -> SyncAccount.ID {
        let account = try store.addAccount(service: .googleReader, address: URL(string: "https://rss.example/")!, userName: "ann")
        try store.keep(RemoteSubscriptions(folders: [], feeds: [Self.feed]), of: account)
        try store.add([Self.item("s1"), Self.item("s2")], of: account, unread: ["s1", "s2"], starred: [], seen: Date())
        return account
    }
}

/// The accounts' sync, its round run at once on the test's thread (the app
/// runs it on a queue of its own).
@MainActor
private final class RoundOnTheUIThread: AccountSyncing {
    let account: SyncAccount.ID
    let service: SyncService
    let store: SyncStore

    init(account: SyncAccount.ID, service: SyncService, store: SyncStore) {
        (self.account, self.service, self.store) = (account, service, store)
    }

    func sync(only: SyncAccount.ID?, askedBy asker: RefreshPoliteness.Asker, completion: @escaping ([String]) -> Void) -> SyncStop {
        do {
            _ = try SyncRound(account: account, service: service, store: store, readSince: .distantPast).run()
            completion([])
        } catch {
            completion(["\(error)"])
        }
        return SyncStop()
    }
}

import ItemFeed
import ItemFeedTestSupport
import ItemFeedUI
import XCTest

@MainActor
final class LibrarySidebarTests: XCTestCase {
    func test_rows_areTheViewsThenFoldersWithTheirFeedsThenTheRest_withUnreadCounts() async throws {
        let (sidebar, _) = try makeSUT()

        XCTAssertEqual(sidebar.rows.map(\.title), ["All Items", "Unread", "Starred", "Empty", "Work", "Tech", "News"])
        XCTAssertEqual(sidebar.rows.map(\.unread), [3, 3, 0, 0, 2, 2, 1])
        XCTAssertEqual(sidebar.rows.map(\.kind), [.all, .unread, .starred, .folder, .folder, .feed(inFolder: true), .feed(inFolder: false)])
        XCTAssertEqual(sidebar.rows[4].accessibleLabel, "Work, folder, 2 unread")
        XCTAssertEqual(sidebar.rows[6].accessibleLabel, "News, 1 unread")
    }

    /// SPEC 11: each feed its own picture, the icon it names, else its
    /// site's favicon; views and folders keep their symbols.
    func test_eachFeedsIcon_isTheOneItNames_elseItsSitesFavicon() async throws {
        let (sidebar, store) = try makeSUT()
        try store.apply([FeedRefresh(
            address: LibrarySpecData.tech, outcome: .loaded(title: nil, siteLink: URL(string: "https://www.tech.example:8443/blog/"), items: []),
            date: LibrarySpecData.date(2), icon: URL(string: "https://cdn.example/tech.png")
        )])
        try store.apply([FeedRefresh(address: LibrarySpecData.news, outcome: .loaded(title: nil, siteLink: URL(string: "https://www.news.example:8443/blog/"), items: []), date: LibrarySpecData.date(2))])

        sidebar.reload()

        XCTAssertEqual(sidebar.rows.map(\.icon), [
            nil, nil, nil, nil, nil, URL(string: "https://cdn.example/tech.png"), URL(string: "https://www.news.example:8443/favicon.ico"),
        ])
    }

    /// SPEC 15: each account a section after the local feeds, with its
    /// feeds and state; All and Unread count its items too.
    func test_eachAccountIsASection_withItsFeedsAndState_andCountsInAll() async throws {
        let store = InMemoryLibraryStore()
        try LibrarySpecData.subscribeTechAndNews(store)
        let accounts = ListedAccounts()
        let server = URL(string: "https://rss.example/api/greader.php")!
        accounts.listed = [
            (SyncAccount(id: 2, service: .example, address: server, userName: "ann", state: .ok, counts: ItemCounts(unread: 5, total: 9)), [
                AccountFeed(id: "feed/1", title: "Server Feed", address: URL(string: "https://site.example/feed")!, counts: ItemCounts(unread: 5, total: 9)),
                AccountFeed(
                    id: "feed/2", title: "Filed", address: URL(string: "https://filed.example/feed")!,
                    folder: RemoteFolder(id: "user/-/label/Tech", name: "Tech"), counts: ItemCounts(unread: 2, total: 2)
                ),
            ]),
            (SyncAccount(id: 3, service: .example, address: server, userName: "bob", state: .needsSignIn), []),
        ]
        let sidebar = LibrarySidebarController(store: store, accounts: accounts)

        sidebar.reload()

        XCTAssertEqual(sidebar.rows.map(\.title).suffix(5), ["ann@rss.example", "Tech", "Filed", "Server Feed", "bob@rss.example"])
        XCTAssertEqual(sidebar.rows.map(\.unread).prefix(2), [8, 8])
        XCTAssertEqual(sidebar.rows.suffix(5).map(\.kind), [.account, .folder, .feed(inFolder: true), .feed(inFolder: false), .account])
        XCTAssertEqual(sidebar.rows.suffix(5).map(\.view), [
            LibraryView(.account(2)), LibraryView(.accountFolder(2, "user/-/label/Tech")), LibraryView(.feed(FeedID(account: 2, id: "feed/2"))),
            LibraryView(.feed(FeedID(account: 2, id: "feed/1"))), LibraryView(.account(3)),
        ])
        XCTAssertEqual(sidebar.rows.suffix(5).map(\.unread), [5, 2, 2, 5, 0])
        XCTAssertEqual(sidebar.rows.last?.accessibleLabel, "bob@rss.example, account, 0 unread, failing: Needs sign-in: the server refused the password")
        XCTAssertEqual(sidebar.rows[sidebar.rows.count - 2].icon, URL(string: "https://site.example/favicon.ico"))
        XCTAssertNil(sidebar.rows[sidebar.rows.count - 2].feedAddress, "no local feed's menu for it")
        XCTAssertNil(sidebar.rows[sidebar.rows.count - 4].feedAddress)
    }

    /// An account's feed's menu offers what its server's API can do, as
    /// the service declares it, and says which feed of which account it
    /// was used on.
    func test_anAccountsFeedsMenu_offersWhatItsServerDeclares_andNamesTheFeed() async throws {
        let accounts = ListedAccounts()
        let server = URL(string: "https://rss.example/")!
        let feed = AccountFeed(id: "7", title: "Server Feed", address: URL(string: "https://site.example/feed")!)
        let (everything, subscribes, nothing, unknown) = (SyncServiceKind(rawValue: "all"), SyncServiceKind(rawValue: "sub"), SyncServiceKind(rawValue: "none"), SyncServiceKind(rawValue: "newer"))
        accounts.listed = [
            (SyncAccount(id: 2, service: everything, address: server, userName: "ann"), [feed]),
            (SyncAccount(id: 3, service: subscribes, address: server, userName: "bob"), [feed]),
            (SyncAccount(id: 4, service: nothing, address: server, userName: "cy"), [feed]),
            (SyncAccount(id: 5, service: unknown, address: server, userName: "dee"), [feed]),
        ]
        let declared: [(SyncServiceKind, SyncServiceDescription.FeedChanges)] = [(everything, [.rename, .subscribe]), (subscribes, [.subscribe]), (nothing, [])]
        let services = declared.map { kind, changes in SyncServiceDescription(kind: kind, title: kind.rawValue, signInHint: "", feedChanges: changes) }
        let sidebar = LibrarySidebarController(store: InMemoryLibraryStore(), accounts: accounts, services: services)
        var used: [String] = []
        sidebar.commanded = { command, subject in
            guard case let .accountFeed(account, feed) = subject else { return used.append("not an account's feed") }
            used.append("\(command.rawValue) \(account.id) \(feed.id)")
        }
        sidebar.reload()
        let rows = sidebar.rows.map(\.title)
        let greader = try XCTUnwrap(rows.indices.first { rows[$0] == "Server Feed" })
        let serverFeeds = rows.indices.filter { rows[$0] == "Server Feed" }
        let ttrss = serverFeeds[1], fever = serverFeeds[2], newer = serverFeeds[3]

        XCTAssertEqual(sidebar.commands(forRowAt: greader), [.refresh, .markAllRead, .rename, .copyAddress, .unsubscribe, .fullArticles])
        XCTAssertEqual(sidebar.commands(forRowAt: ttrss), [.refresh, .markAllRead, .copyAddress, .unsubscribe, .fullArticles])
        XCTAssertEqual(sidebar.commands(forRowAt: fever), [.refresh, .markAllRead, .copyAddress, .fullArticles], "an API that changes no subscription; full articles are kept here")
        XCTAssertEqual(sidebar.commands(forRowAt: newer), sidebar.commands(forRowAt: fever), "a service this build lacks: nothing its API might not do")
        XCTAssertEqual(sidebar.commands(forRowAt: greader - 1), [], "the account's own row has no feed menu")
        sidebar.command(.rename, onRowAt: greader)
        sidebar.command(.rename, onRowAt: ttrss)
        sidebar.command(.unsubscribe, onRowAt: ttrss)

        XCTAssertEqual(used, ["rename 2 7", "unsubscribe 3 7"])
    }

    func test_savedViews_comeAfterStarred_countedAndSelectedThroughAnEdit_withTheirOwnMenu() async throws {
        let store = InMemoryLibraryStore()
        try LibrarySpecData.subscribeTechAndNews(store)
        let id = try store.addSavedView(name: "Tech", query: "feed:tech")
        let sidebar = LibrarySidebarController(store: store)
        var used: [String] = []
        sidebar.commanded = { command, subject in used.append("\(command.rawValue) \(subject.title)") }
        sidebar.reload()

        XCTAssertEqual(sidebar.rows.prefix(5).map(\.title), ["All Items", "Unread", "Starred", "Tech", "Work"])
        XCTAssertEqual(sidebar.rows[3].view, LibraryView(.query("feed:tech")))
        XCTAssertEqual(sidebar.rows[3].unread, 2)
        XCTAssertEqual(sidebar.commands(forRowAt: 3), [.markAllRead, .rename, .editView, .removeView])
        XCTAssertFalse(sidebar.commands(forRowAt: 5).contains(.editView), "a feed's menu is not a view's")
        sidebar.command(.editView, onRowAt: 3)
        sidebar.command(.unsubscribe, onRowAt: 3)
        XCTAssertEqual(used, ["edit-view Tech"], "only what the view's menu offers")

        sidebar.select(at: 3)
        try store.updateSavedView(id, name: "Tech, renamed", query: "feed:tech is:unread")
        sidebar.reload()
        XCTAssertEqual(sidebar.selectedRow?.title, "Tech, renamed", "the selection stays on the view it was")
    }

    /// Each saved view's count is a query over the whole library: counted
    /// elsewhere, the rows show the last counts until the new ones come.
    func test_savedViewsCountedElsewhere_showTheLastCountsUntilTheNewOnesCome() async throws {
        let store = InMemoryLibraryStore()
        try LibrarySpecData.subscribeTechAndNews(store)
        let id = try store.addSavedView(name: "Tech", query: "feed:tech")
        let sidebar = LibrarySidebarController(store: store)
        var asked: [([SavedView.ID: Int]) -> Void] = []
        sidebar.countSavedViews = { asked.append($0) }
        var redrawn = 0
        sidebar.changed = { redrawn += 1 }

        sidebar.reload()
        XCTAssertEqual(sidebar.rows[3].unread, 0, "not counted yet")
        sidebar.reload()
        XCTAssertEqual(asked.count, 1, "one count at a time")
        asked[0]([id: 2])
        XCTAssertEqual(sidebar.rows[3].unread, 2)
        XCTAssertEqual(sidebar.rows[3].savedView?.unread, 2)
        XCTAssertEqual(asked.count, 2, "asked again once, for the reload made meanwhile")
        asked[1]([id: 2])
        XCTAssertEqual(redrawn, 3, "two reloads and one new count; the same count again redraws nothing")
        sidebar.reload()
        XCTAssertEqual(sidebar.rows[3].unread, 2, "the last count shown meanwhile")
    }

    func test_aFailingFeed_saysWhy() async throws {
        let (sidebar, store) = try makeSUT()
        try store.apply([FeedRefresh(address: LibrarySpecData.news, outcome: .failed(reason: "The server answered 500"), date: LibrarySpecData.date(2))])

        sidebar.reload()

        XCTAssertEqual(sidebar.rows.last?.problem, "The server answered 500")
        XCTAssertEqual(sidebar.rows.last?.accessibleLabel, "News, 1 unread, failing: The server answered 500")
    }

    func test_countsMove_asItemsAreRead_andTheSelectionStaysOnItsView() async throws {
        let (sidebar, store) = try makeSUT()
        var opened: [LibraryView] = []
        sidebar.opened = { opened.append($0.view) }
        sidebar.select(at: 6)
        XCTAssertEqual(opened, [LibraryView(.feed(LibrarySpecData.news))])

        _ = try store.markAllRead(LibraryView(.folder("Work")))
        try store.subscribe(Subscription(address: LibrarySpecData.address("aaa"), title: "Aardvark"))
        sidebar.reload()

        XCTAssertEqual(sidebar.rows.map(\.unread).prefix(2), [1, 1])
        XCTAssertEqual(sidebar.selectedRow?.title, "News", "a new feed above it moves the row, not the selection")
    }

    func test_aSelectedFeedThatWentAway_selectsAll() async throws {
        let (sidebar, store) = try makeSUT()
        sidebar.select(at: 6)
        try store.unsubscribe(LibrarySpecData.news)
        sidebar.reload()
        XCTAssertEqual(sidebar.selectedRow?.kind, .all)
    }

    /// GTK selects the selected row anew when the list takes the focus:
    /// the open view stays (and its list where it was scrolled).
    func test_choosingTheOpenRowAgain_doesNotOpenItAgain_untilAnotherListReplacedIt() async throws {
        let (sidebar, _) = try makeSUT()
        var opened: [String] = []
        var reselected = 0
        sidebar.opened = { opened.append($0.title) }
        sidebar.reselected = { reselected += 1 }

        sidebar.select(at: 0)
        sidebar.select(at: 0)
        sidebar.reload()
        sidebar.select(at: 0)
        XCTAssertEqual(opened, ["All Items"])
        XCTAssertEqual(reselected, 2)

        sidebar.viewReplaced()
        sidebar.select(at: 0)
        XCTAssertEqual(opened, ["All Items", "All Items"])
    }

    private func makeSUT() throws -> (LibrarySidebarController, InMemoryLibraryStore) {
        let store = InMemoryLibraryStore()
        try LibrarySpecData.subscribeTechAndNews(store)
        try store.add([], folders: ["Empty"])
        let sidebar = LibrarySidebarController(store: store)
        sidebar.reload()
        return (sidebar, store)
    }
}

/// Accounts as the store would list them.
private final class ListedAccounts: AccountStore {
    var listed: [(SyncAccount, [AccountFeed])] = []

    func accounts() throws -> [SyncAccount] { listed.map(\.0) }

    func feeds(of account: SyncAccount.ID) throws -> [AccountFeed] {
        listed.first { $0.0.id == account }?.1 ?? []
    }
}

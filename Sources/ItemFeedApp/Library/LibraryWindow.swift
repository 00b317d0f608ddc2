import CGtk
import Foundation
import ItemFeed
import ItemFeedCommandLine
import ItemFeedGLib
import ItemFeedGtk
import ItemFeedSync
import ItemFeedUI

/// The window's content when the library is open: the sidebar and, beside
/// it, the list of the chosen view (or of a feed opened by address, with
/// Subscribe). Views are queries over the store; marks and refreshes go
/// to the store, then the list and the sidebar's counts follow.
@MainActor
final class LibraryWindow {
    let store: LibraryStore
    let leaflet: LibraryLeaflet
    let sidebar: LibrarySidebarController
    private(set) var screen: ItemFeedScreen?
    private(set) var controller: ItemListController<Thumbnail>?
    /// The open view's list, held whole (its coordinator is held weakly);
    /// `nil` while a feed opened by address is shown.
    private var list: LibraryList?
    var loader: LibraryViewLoader? { list?.loader }
    /// The library kept up to date: its writer, accounts, refreshes and
    /// syncs, whether or not this window shows it.
    let session: LibrarySession
    /// Every change is written on the writer's queue: the store's own
    /// connection only reads (a library whose writer cannot open is not opened).
    var writer: LibraryWriter { session.writer }
    /// Every change the window makes goes through the account, which
    /// writes through `writer`: the window's own connection only reads.
    var account: Account { session.account }
    var accountWork: AccountWork { session.accountWork }
    var refresher: LibraryRefreshController { session.refresher }
    /// Pictures kept for reading offline: those of full articles fetched
    /// unread, and of an article read `picturesKeptAfter` seconds.
    let picturePrefetch: ArticlePicturePrefetch
    var picturesKeptAfter = 3.0
    /// A row's Rename, Copy Address, Mark All as Read and Remove, one for every kind of row.
    private(set) lazy var rowCommands = RowCommands(screen: LibraryCommandScreen(self), acts: self)
    let composition: ItemFeedComposition
    let links: DesktopItemLinks
    private let primaryMenu: () -> OpaquePointer
    /// The window's title follows the view or feed shown.
    var titleChanged: (String) -> Void = { _ in }
    /// A new list screen is shown: the window attaches it (its reload
    /// action, key capture, focus).
    var screenShown: (ItemFeedScreen, ItemListController<Thumbnail>) -> Void = { _, _ in }
    /// The sidebar's counts following refreshes, syncs and marks.
    private var counts: LibrarySidebarComposer!
    /// The window its dialogs belong to.
    var window: UnsafeMutablePointer<GtkWidget>?
    /// The refresh's progress on the screen in front.
    private var progress: RefreshProgress?
    /// "3 New Items" on the screen in front, once a refresh wrote some.
    private var newItems: NewItemsButton?
    private var shownProgress: LibraryRefreshController.Progress?
    /// The reading pane of the list shown.
    private(set) var reader: ReadingController<Thumbnail>?
    private(set) var articleView: ArticleView?
    /// The article's text size, kept with the library: one for the window,
    /// whichever pane reads.
    lazy var textSize = ArticleTextSizeController(size: (try? store.preference(ArticleTextSize.self)) ?? .standard) { [writer] chosen in
        writer.write({ try $0.setPreference(chosen) }) { _ in }
    }
    /// A subscribe under way (its feed loading).
    private var subscribing: FeedLoadTask?
    /// The library changed (this window's writes, the accounts'): the
    /// sidebar follows, then whoever else listens (a notification of an
    /// item withdrawn once it is read).
    var changedLibrary: (LibraryChange) -> Void = { _ in }

    init(store: LibraryStore, writer: LibraryWriter, composition: ItemFeedComposition, links: DesktopItemLinks, primaryMenu: @escaping () -> OpaquePointer) {
        self.store = store
        let load = composition.articlePictures()
        let pictures = ArticlePicturePrefetch { url, done in load(url) { _ in done() } }
        picturePrefetch = pictures
        session = LibrarySession(
            store: store, writer: writer, composition: composition, fullArticles: Self.fullArticlesKeepingPictures(composition, pictures: pictures)
        )
        self.composition = composition
        self.links = links
        self.primaryMenu = primaryMenu
        sidebar = LibrarySidebarController(store: store, services: SyncServices.descriptions)
        composition.keepArticlePictures(within: (try? store.preference(ArticlePictureStorage.self)) ?? .standard)
        let add = gtk_button_new_from_icon_name("list-add-symbolic")!
        gtk_actionable_set_action_name(itemfeed_actionable(add), "app.open-feed")
        gtk_widget_set_tooltip_text(add, tr("Add Feed (Ctrl+L)"))
        itemfeed_accessible_set_label(itemfeed_accessible(add), tr("Add Feed"))
        let sidebarWidget = LibrarySidebar(controller: sidebar, startButtons: [add])
        sidebarWidget.loadIcon = composition.feedIcons()
        leaflet = LibraryLeaflet(sidebar: sidebarWidget)
        sidebar.opened = { [unowned self] row in
            open(row)
            leaflet.showContent()
        }
        sidebar.reselected = { [unowned self] in leaflet.showContent() }
        sidebar.failed = { [unowned self] error in screen?.showPassingNotice(Self.reason(error)) }
        // A row's menu: the command layer asks, acts through this window (`RowActs`) and says what it did.
        sidebar.commanded = { [unowned self] command, subject in rowCommands.run(command, on: subject) }
        sidebar.countSavedViews = { [writer] done in
            writer.write({ store in Dictionary(try store.savedViews().map { ($0.id, $0.unread) }, uniquingKeysWith: { first, _ in first }) }) { done((try? $0.get()) ?? [:]) }
        }
        sidebar.reload()
        refresher.progressChanged = { [weak self] progress in
            self?.shownProgress = progress
            self?.progress?.show(progress?.text)
        }
        counts = LibrarySidebarComposer.compose(
            sidebar, following: refresher, schedule: MainContextTimer.schedule,
            written: { [weak self] in self?.offerNewItems() },
            finished: { [weak self] outcome, _ in self?.refreshed(outcome) }
        )
        // The sidebar follows what each write changed, the writer's and the
        // accounts' own connections': no command reloads it.
        session.changed = { [weak self] change in self?.libraryChanged(change) }
        refresher.accountsFailed = { [weak self] problems in
            self?.screen?.showPassingNotice(problems.joined(separator: "\n"))
        }
        refresher.offline = { [weak self] in
            self?.screen?.showPassingNotice(tr("You are offline: feeds will be refreshed when the network is back."))
        }
        otherWrites.start()
    }

    /// Another process wrote (`item-feed --subscribe`, a second window):
    /// the sidebar reads its feeds and counts again, and new items wait
    /// behind the button, as a refresh's do.
    private(set) lazy var otherWrites = OtherWritesWatcher(
        schedule: MainContextTimer.schedule, version: { [weak writer] answer in writer?.versionOfOtherWrites(completion: answer) }
    ) { [weak self] in
        self?.libraryChanged(.all)
        self?.offerNewItems()
    }

    private func libraryChanged(_ change: LibraryChange) {
        counts.follow(change)
        changedLibrary(change)
    }

    /// The list stays where the reader is while a refresh writes: the new
    /// items wait behind a button.
    private func offerNewItems() {
        newItems?.show(count: loader?.newItemCount() ?? 0)
    }

    /// The button: the view read again from the store, at its top.
    func goToNewItems() {
        guard let loader, let controller, let screen else { return }
        newItems?.show(count: 0)
        // To the top first, while the list's layout is still its rows':
        // scrolled after the reload, GTK 4.8 asked for rows it had not laid
        // out yet ("GtkListView failed to scroll to given position").
        screen.list.scrollToTop()
        loader.readStoreOnNextLoad()
        controller.refresh()
    }

    /// Refreshing on its own begins once the window shows the library.
    func startRefreshing() {
        session.start()
    }

    private func refreshed(_ outcome: Result<LibraryRefresh.Summary, Error>) {
        if case let .failure(error) = outcome { screen?.showPassingNotice(Self.reason(error)) }
    }

    /// From the sidebar's rows, read when it last reloaded.
    var hasSubscriptions: Bool { sidebar.rows.contains { $0.feedAddress != nil || $0.kind == .account } }

    /// Shows a view of the library: its rows at once from the store.
    func open(_ row: LibrarySidebarRow) {
        let list = composition.makeLibraryList(of: row.view, titled: row.title, in: store, writer: writer, links: links)
        let (controller, loader) = (list.controller, list.loader)
        counts.follow(loader)
        loader.failed = { [weak self] error in self?.screen?.showPassingNotice(Self.reason(error)) }
        // Counted again: every item the view has is in its rows (no second count).
        loader.counted = { [weak self] in self?.newItems?.show(count: 0) }
        LibraryViewComposer.refreshes(loader, with: refresher)
        self.list = list
        let (reader, articleView) = makeReader(for: list)
        (self.reader, self.articleView) = (reader, articleView)
        show(controller, title: row.title, article: articleView)
        screen?.addSearchButton(tr("Save as _View"), tooltip: tr("Keep this search in the sidebar")) { [weak self] typed in
            self?.saveSearch(typed, in: row.view, titled: row.title)
        }
    }

    /// A feed opened by address that is not in the library: its own list,
    /// with Subscribe, which adds it and its items and opens it as a view;
    /// its items read in the pane from the articles its pages brought.
    func showUnsubscribed(_ controller: ItemListController<Thumbnail>, feedURL: URL, title: String, articles: HeldArticles) {
        list = nil
        (reader, articleView) = makeReader(forFeedShownBy: controller, feedURL: feedURL, articles: articles)
        sidebar.viewReplaced()
        show(controller, title: title, article: articleView)
        guard let screen, !sidebar.rows.contains(where: { $0.feedAddress == feedURL }) else { return }
        screen.addStartButton(subscribeButton(for: feedURL, shownBy: controller, articles: articles))
    }

    /// Opens the feed's view when it is in the library; `false` otherwise.
    func openSubscribed(_ feedURL: URL) -> Bool {
        guard let index = sidebar.rows.firstIndex(where: { $0.feedAddress == feedURL }) else { return false }
        sidebar.select(at: index)
        return true
    }

    /// Adds the feed with what its first load brings, and the items,
    /// articles and enclosures the window showed; then opens its view.
    func subscribe(_ feedURL: URL, shownBy controller: ItemListController<Thumbnail>, articles: HeldArticles, folder: String?) {
        let items = controller.heldItems
        let held = articles.held(for: items)
        let shown = ShownFeed(title: controller.renderer.title, items: items, articles: held.articles, enclosures: held.enclosures)
        subscribing?.cancel()
        // The feed is asked once more (its validators, when to ask next): say so meanwhile.
        screen?.showPassingNotice(tr("Subscribing to {title}…", ["title": controller.renderer.title ?? FeedAddress.displayName(of: feedURL)]))
        subscribing = account.subscribe(SubscribeRequest(address: feedURL, folder: folder, shown: shown)) { [weak self] result in
            guard let self else { return }
            subscribing = nil
            switch result {
            case let .success(subscribed):
                if let index = sidebar.rows.firstIndex(where: { $0.feedAddress == subscribed.address }) { sidebar.select(at: index) }
                screen?.showPassingNotice(subscribed.added == nil
                    ? tr("{title} is in the library already", ["title": subscribed.title])
                    : tr("Subscribed to {title}", ["title": subscribed.title]))
            case let .failure(error):
                screen?.showPassingNotice(Self.reason(error))
            }
        }
    }

    private func show(_ controller: ItemListController<Thumbnail>, title: String, article: ArticleView? = nil) {
        titleChanged(title)
        controller.renderer.titleChanged = { [weak self] title in self?.titleChanged(title) }
        let menu = primaryMenu()
        let screen = ItemFeedScreen(controller: controller, primaryMenu: menu)
        screen.list.opensOnSingleClick = article != nil
        g_object_unref(UnsafeMutableRawPointer(menu))
        let progress = RefreshProgress { [weak self] in self?.refresher.cancel() }
        screen.addStartButton(progress.widget)
        progress.show(shownProgress?.text)
        self.progress = progress
        let newItems = NewItemsButton { [weak self] in self?.goToNewItems() }
        screen.addStartButton(newItems.widget)
        self.newItems = newItems
        links.notify = { [weak screen] message in screen?.showPassingNotice(message) }
        leaflet.show(screen, article: article)
        article?.addKeys(to: screen.root) { [weak self] in self?.backToList() }
        self.controller = controller
        self.screen = screen
        screenShown(screen, controller)
        controller.screenShown()
    }

    /// The open library view read again (after its feeds changed); a feed
    /// opened by address stays as it is.
    func reopen() {
        guard loader != nil else { return }
        if let row = sidebar.selectedRow { open(row) }
    }

    static func reason(_ error: Error) -> String {
        (error as? LocalizedError)?.errorDescription ?? "\(error)"
    }
}

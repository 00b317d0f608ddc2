import CGtk
import Foundation
import ItemFeed
import ItemFeedCommandLine
import ItemFeedGLib
import ItemFeedGtk
import ItemFeedLibrary
import ItemFeedSync
import ItemFeedUI

/// The window's content when the library is open: the sidebar and, beside
/// it, the list of the chosen view (or of a feed opened by address, with
/// Subscribe) and its reading pane. It composes the parts — the library's
/// session, the sidebar and its counts, the commands, the reading pane, the
/// refresh's indicators and the notices — and shows one list at a time.
@MainActor
final class LibraryWindow: LibraryShown {
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
    var refresher: LibraryRefreshController { session.refresher }
    private(set) var commands: LibraryCommands!
    private(set) var reading: LibraryReading!
    var reader: ReadingController<Thumbnail>? { reading.reader }
    var articleView: ArticleView? { reading.articleView }
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
    private var indicators: RefreshIndicators!
    /// The window its dialogs belong to.
    var window: UnsafeMutablePointer<GtkWidget>?
    /// The library changed (this window's writes, the accounts'): the
    /// sidebar follows, then whoever else listens (a notification of an
    /// item withdrawn once it is read).
    var changedLibrary: (LibraryChange) -> Void = { _ in }

    init(store: LibraryStore, writer: LibraryWriter, composition: ItemFeedComposition, links: DesktopItemLinks, primaryMenu: @escaping () -> OpaquePointer) {
        self.store = store
        let load = composition.articlePictures()
        let pictures = ArticlePicturePrefetch { url, done in load(url) { _ in done() } }
        session = LibrarySession(
            store: store, writer: writer, composition: composition, fullArticles: LibraryReading.fullArticlesKeepingPictures(composition, pictures: pictures)
        )
        (self.composition, self.links, self.primaryMenu) = (composition, links, primaryMenu)
        sidebar = LibrarySidebarController(store: store, services: SyncServices.descriptions)
        composition.keepArticlePictures(within: (try? store.preference(ArticlePictureStorage.self)) ?? .standard)
        let sidebarWidget = LibrarySidebar(controller: sidebar, startButtons: [Self.addFeedButton()])
        sidebarWidget.loadIcon = composition.feedIcons()
        leaflet = LibraryLeaflet(sidebar: sidebarWidget)
        commands = LibraryCommands(session: session, sidebar: sidebar, shown: self)
        reading = LibraryReading(session: session, composition: composition, links: links, pictures: pictures, sidebar: sidebar, leaflet: leaflet, shown: self)
        indicators = RefreshIndicators(following: refresher)
        LibraryNotices.route(sidebar: sidebar, refresher: refresher, links: links, to: self)
        sidebar.opened = { [unowned self] row in
            open(row)
            leaflet.showContent()
        }
        sidebar.reselected = { [unowned self] in leaflet.showContent() }
        counts = LibrarySidebarComposer.compose(
            sidebar, following: refresher, countingViewsOn: writer, schedule: MainContextTimer.schedule,
            written: { [weak self] in self?.offerNewItems() },
            finished: { [weak self] outcome, _ in
                if case let .failure(error) = outcome { self?.notify(error) }
            }
        )
        sidebar.reload()
        // The sidebar follows what each write changed, the writer's and the
        // accounts' own connections': no command reloads it.
        session.changed = { [weak self] change in self?.libraryChanged(change) }
        otherWrites.start()
    }

    private static func addFeedButton() -> UnsafeMutablePointer<GtkWidget> {
        let add = gtk_button_new_from_icon_name("list-add-symbolic")!
        gtk_actionable_set_action_name(itemfeed_actionable(add), "app.open-feed")
        gtk_widget_set_tooltip_text(add, tr("Add Feed (Ctrl+L)"))
        itemfeed_accessible_set_label(itemfeed_accessible(add), tr("Add Feed"))
        return add
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

    private func offerNewItems() {
        indicators.offerNewItems(loader?.newItemCount() ?? 0)
    }

    /// The button: the view read again from the store, at its top.
    func goToNewItems() {
        guard let loader, let controller, let screen else { return }
        indicators.offerNewItems(0)
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

    /// From the sidebar's rows, read when it last reloaded.
    var hasSubscriptions: Bool { sidebar.rows.contains { $0.feedAddress != nil || $0.kind == .account } }

    /// Shows a view of the library: its rows at once from the store.
    func open(_ row: LibrarySidebarRow) {
        let list = composition.makeLibraryList(of: row.view, titled: row.title, in: store, writer: writer, links: links)
        let loader = list.loader
        LibraryNotices.route(loader, to: self)
        // Counted again: every item the view has is in its rows (no second count).
        loader.counted = { [weak indicators] in indicators?.offerNewItems(0) }
        LibraryViewComposer.refreshes(loader, with: refresher)
        self.list = list
        show(list.controller, title: row.title, article: reading.read(list))
        screen?.addSearchButton(tr("Save as _View"), tooltip: tr("Keep this search in the sidebar")) { [weak commands] typed in
            commands?.saveSearch(typed, in: row.view, titled: row.title)
        }
    }

    /// A feed opened by address that is not in the library: its own list,
    /// with Subscribe, which adds it and its items and opens it as a view;
    /// its items read in the pane from the articles its pages brought.
    func showUnsubscribed(_ controller: ItemListController<Thumbnail>, feedURL: URL, title: String, articles: HeldArticles) {
        list = nil
        let article = reading.read(feedShownBy: controller, feedURL: feedURL, articles: articles)
        sidebar.viewReplaced()
        show(controller, title: title, article: article)
        guard let screen, !sidebar.rows.contains(where: { $0.feedAddress == feedURL }) else { return }
        screen.addStartButton(commands.subscribeButton(for: feedURL, shownBy: controller, articles: articles))
    }

    /// Opens the feed's view when it is in the library; `false` otherwise.
    func openSubscribed(_ feedURL: URL) -> Bool {
        guard let index = sidebar.rows.firstIndex(where: { $0.feedAddress == feedURL }) else { return false }
        sidebar.select(at: index)
        return true
    }

    private func show(_ controller: ItemListController<Thumbnail>, title: String, article: ArticleView) {
        titleChanged(title)
        controller.renderer.titleChanged = { [weak self] title in self?.titleChanged(title) }
        let menu = primaryMenu()
        let screen = ItemFeedScreen(controller: controller, primaryMenu: menu)
        screen.list.opensOnSingleClick = true
        g_object_unref(UnsafeMutableRawPointer(menu))
        indicators.add(to: screen) { [weak self] in self?.goToNewItems() }
        leaflet.show(screen, article: article)
        article.addKeys(to: screen.root) { [weak reading] in reading?.backToList() }
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
}

import CGtk
import ItemFeed
import ItemFeedUI

/// Everything inside the window: the header bar (refresh, loading state,
/// search, primary menu), the search bar, the featured strip, and under a
/// toast overlay for notices the list (clamped to a readable width), or the
/// loading, empty, no-results or error page. Kept apart from the window so
/// tests can host it in a plain AdwWindow.
@MainActor
public final class ItemFeedScreen: ItemListStatusView {
    let headerBar: UnsafeMutablePointer<GtkWidget>
    /// The header bar above the rest: the window's whole content.
    public let root: UnsafeMutablePointer<GtkWidget>
    public let list: ItemListWidget
    private let refreshButton: UnsafeMutablePointer<GtkWidget>
    private let refreshIcon: UnsafeMutablePointer<GtkWidget>
    private let refreshSpinner: UnsafeMutablePointer<GtkWidget>
    let notice: NoticeToast
    private let stack: UnsafeMutablePointer<GtkWidget>
    let loadingPage: StatusPage
    private let errorPage: StatusPage
    private let noResultsPage: StatusPage
    private let feedChoicePage: FeedChoicePage
    private let featuredStrip: FeaturedStrip
    let searchBar: UnsafeMutablePointer<GtkWidget>
    let searchEntry: UnsafeMutablePointer<GtkWidget>
    private let searchButton: UnsafeMutablePointer<GtkWidget>
    /// The entry and the buttons that take its query (`addSearchButton`).
    let searchRow: UnsafeMutablePointer<GtkWidget>
    /// Why the query typed cannot be read, under the entry.
    let searchProblemLabel: UnsafeMutablePointer<GtkWidget>
    private let searchField: SearchField
    private let refreshControl: RefreshControl
    /// The no-results page's button: closes the search.
    private let clearSearchButton = Button()

    public init(controller: ItemListController<Thumbnail>, primaryMenu: OpaquePointer?) {
        list = ItemListWidget(controller: controller)
        searchField = controller.searchField
        refreshControl = controller.refreshControl
        featuredStrip = FeaturedStrip { [weak controller] index in controller?.featuredItemActivated(at: index) }
        headerBar = adw_header_bar_new()
        refreshButton = gtk_button_new()
        refreshIcon = gtk_image_new_from_icon_name("view-refresh-symbolic")
        itemfeed_accessible_set_label(itemfeed_accessible(refreshIcon), tr("Reload"))
        refreshSpinner = gtk_spinner_new()
        let refreshContent = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
        gtk_box_append(itemfeed_box(refreshContent), refreshIcon)
        gtk_box_append(itemfeed_box(refreshContent), refreshSpinner)
        gtk_button_set_child(itemfeed_button(refreshButton), refreshContent)
        // An icon button, flat as libadwaita draws header-bar icon buttons
        // (a button with a child of its own is drawn raised otherwise).
        gtk_widget_add_css_class(refreshButton, "flat")
        gtk_widget_set_tooltip_text(refreshButton, tr("Reload (F5)"))
        itemfeed_accessible_set_label(itemfeed_accessible(refreshButton), tr("Reload the feed"))
        adw_header_bar_pack_start(itemfeed_adw_header_bar(headerBar), refreshButton)

        // The toggle and the bar share one state: each follows the other.
        searchButton = gtk_toggle_button_new()
        gtk_button_set_icon_name(itemfeed_button(searchButton), "system-search-symbolic")
        gtk_widget_set_tooltip_text(searchButton, tr("Search (Ctrl+F)"))
        itemfeed_accessible_set_label(itemfeed_accessible(searchButton), tr("Search the feed"))
        searchEntry = gtk_search_entry_new()
        gtk_widget_set_hexpand(searchEntry, 1)
        itemfeed_accessible_set_label(itemfeed_accessible(searchEntry), tr("Search the feed"))
        searchBar = gtk_search_bar_new()
        searchRow = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
        gtk_box_append(itemfeed_box(searchRow), searchEntry)
        searchProblemLabel = gtk_label_new(nil)!
        gtk_label_set_wrap(itemfeed_label(searchProblemLabel), 1)
        gtk_label_set_xalign(itemfeed_label(searchProblemLabel), 0)
        gtk_widget_add_css_class(searchProblemLabel, "error")
        gtk_widget_add_css_class(searchProblemLabel, "caption")
        gtk_widget_set_visible(searchProblemLabel, 0)
        let searchColumn = gtk_box_new(GTK_ORIENTATION_VERTICAL, 4)!
        gtk_box_append(itemfeed_box(searchColumn), searchRow)
        gtk_box_append(itemfeed_box(searchColumn), searchProblemLabel)
        gtk_search_bar_set_child(itemfeed_search_bar(searchBar), searchColumn)
        gtk_search_bar_connect_entry(itemfeed_search_bar(searchBar), itemfeed_editable(searchEntry))
        // No close button of its own: GTK 4.8 announces it as "GtkImage",
        // and the header toggle and Escape close the bar, as in GNOME apps.
        g_object_bind_property(
            UnsafeMutableRawPointer(searchButton), "active", UnsafeMutableRawPointer(searchBar), "search-mode-enabled",
            GBindingFlags(rawValue: G_BINDING_BIDIRECTIONAL.rawValue | G_BINDING_SYNC_CREATE.rawValue)
        )

        if let primaryMenu {
            adw_header_bar_pack_end(itemfeed_adw_header_bar(headerBar), MainMenuButton.make(primaryMenu))
        }
        adw_header_bar_pack_end(itemfeed_adw_header_bar(headerBar), searchButton)

        stack = gtk_stack_new()
        gtk_stack_set_transition_type(itemfeed_stack(stack), GTK_STACK_TRANSITION_TYPE_CROSSFADE)
        // Titled, because a screen reader names each page by its title
        // (untitled, GTK 4.8 says "GtkStackPage").
        gtk_stack_add_titled(itemfeed_stack(stack), list.widget, "list", tr("Items"))
        loadingPage = StatusPage(loadingTitle: tr("Loading the Feed…"))
        let emptyPage = StatusPage(
            iconName: "view-list-symbolic", title: tr("No Items"), description: tr("This feed has nothing to show right now."),
            buttonLabel: tr("_Reload"), button: controller.refreshControl, event: .valueChanged
        )
        errorPage = StatusPage(
            iconName: "network-error-symbolic", title: tr("Couldn't Load the Feed"), description: "",
            buttonLabel: tr("_Try Again"), button: controller.errorRetryButton, event: .primaryActionTriggered
        )
        noResultsPage = StatusPage(
            iconName: "edit-find-symbolic", title: tr("No Results"), description: "",
            buttonLabel: tr("_Clear Search"), button: clearSearchButton, event: .primaryActionTriggered
        )
        gtk_stack_add_titled(itemfeed_stack(stack), loadingPage.widget, "loading", tr("Loading"))
        gtk_stack_add_titled(itemfeed_stack(stack), emptyPage.widget, "empty", tr("No Items"))
        gtk_stack_add_titled(itemfeed_stack(stack), errorPage.widget, "error", tr("Error"))
        gtk_stack_add_titled(itemfeed_stack(stack), noResultsPage.widget, "no-results", tr("No Results"))
        feedChoicePage = FeedChoicePage { [weak controller] index in controller?.feedChosen(at: index) }
        gtk_stack_add_titled(itemfeed_stack(stack), feedChoicePage.widget, "feeds", tr("Choose a Feed"))
        gtk_widget_set_vexpand(stack, 1)

        // As few layers as possible between the window and the list: every
        // key press that moves the focus down the list makes GTK 4.8 unset
        // and set the focus state of each of them (and the hover state, with
        // the pointer over the list), and restyle them and what depends on
        // them. So the screen-reader announcer's overlay covers the header
        // bar, not the list, and the search bar, featured strip and toasts
        // share one box.
        let top = gtk_overlay_new()!
        gtk_overlay_set_child(itemfeed_overlay(top), headerBar)
        notice = NoticeToast(
            over: stack, announcer: ScreenReaderAnnouncer(in: top),
            retryButton: controller.errorRetryButton, dismissButton: controller.errorDismissButton
        )
        gtk_widget_set_vexpand(notice.overlay, 1)

        root = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
        // The screen owns its widgets as long as it lives: the controller
        // renders into them, and a window closed first had freed them under
        // it (GTK: "gtk_stack_set_visible_child_name: assertion 'GTK_IS_STACK
        // (stack)' failed", seen in the GTK tests' teardown).
        g_object_ref_sink(UnsafeMutableRawPointer(root))
        gtk_box_append(itemfeed_box(root), top)
        gtk_box_append(itemfeed_box(root), searchBar)
        gtk_box_append(itemfeed_box(root), featuredStrip.widget)
        gtk_box_append(itemfeed_box(root), notice.overlay)

        gtk_actionable_set_action_name(itemfeed_actionable(refreshButton), Self.reloadAction)
        controller.refreshControl.isRefreshingChanged = { [weak self] isRefreshing in
            self?.showRefreshing(isRefreshing)
        }
        showRefreshing(controller.refreshControl.isRefreshing)
        controller.renderer.listView = list
        controller.renderer.statusView = self

        // GTK's search entry already waits for a pause in typing before
        // `search-changed`; the controller adds its own delay only for a
        // server search.
        Signal.connect(searchEntry, "search-changed") { [weak self] in
            guard let self else { return }
            searchField.userChangedText(to: String(cString: gtk_editable_get_text(itemfeed_editable(searchEntry))))
        }
        // However the bar closes (Escape, its close button, the toggle), the
        // search ends and the list comes back.
        Signal.connect(searchBar, "notify::search-mode-enabled") { [weak self] (_: UnsafeMutableRawPointer) in
            guard let self, !isSearching else { return }
            searchField.userEndedSearch()
            gtk_editable_set_text(itemfeed_editable(searchEntry), "")
        }
        clearSearchButton.addTarget(self, action: "closeSearch", for: .primaryActionTriggered, ItemFeedScreen.closeSearch)
    }

    isolated deinit {
        g_object_unref(UnsafeMutableRawPointer(root))
    }

    /// The one reload command: the header-bar button is it, and the app
    /// binds F5 and Ctrl+R to it, so they cannot drift apart; it asks the
    /// refresh control, which a pull past the top also asks. It lives on the
    /// window: the app's accelerators activate actions the window sees, not
    /// those of the widgets inside it (F5 did nothing with it on the screen).
    public static let reloadAction = "list.reload"

    private func installReloadAction(on widget: UnsafeMutablePointer<GtkWidget>, for refreshControl: RefreshControl) {
        let group = g_simple_action_group_new()!
        let reload = g_simple_action_new("reload", nil)!
        Signal.connectActivate(UnsafeMutableRawPointer(reload)) { [weak refreshControl] in
            refreshControl?.sendActions(for: .valueChanged)
        }
        g_action_map_add_action(itemfeed_action_map(UnsafeMutableRawPointer(group)), itemfeed_action(UnsafeMutableRawPointer(reload)))
        g_object_unref(UnsafeMutableRawPointer(reload))
        gtk_widget_insert_action_group(widget, "list", itemfeed_action_group(UnsafeMutableRawPointer(group)))
        g_object_unref(UnsafeMutableRawPointer(group))
    }

    private var isSearching: Bool {
        gtk_search_bar_get_search_mode(itemfeed_search_bar(searchBar)) != 0
    }

    /// Ctrl+F: opens the search bar with the focus in its entry, or closes it.
    public func toggleSearch() {
        gtk_search_bar_set_search_mode(itemfeed_search_bar(searchBar), isSearching ? 0 : 1)
        if isSearching { gtk_widget_grab_focus(searchEntry) }
    }

    /// The search bar open with `text` typed, as if by the user.
    public func search(for text: String) {
        gtk_search_bar_set_search_mode(itemfeed_search_bar(searchBar), 1)
        gtk_editable_set_text(itemfeed_editable(searchEntry), text)
    }

    func closeSearch() {
        gtk_search_bar_set_search_mode(itemfeed_search_bar(searchBar), 0)
    }

    /// Connects the screen to the window that shows `root` as its content.
    public func attach(to window: UnsafeMutablePointer<GtkWidget>) {
        installReloadAction(on: window, for: refreshControl)
        // Typing anywhere in the window starts a search, as in GNOME apps.
        gtk_search_bar_set_key_capture_widget(itemfeed_search_bar(searchBar), window)
        // The list, not the header bar's first button, starts with the
        // focus, so the arrow keys and Enter work on the rows at once; a
        // list with no rows yet cannot hold it, so GTK gives it to another
        // widget when the window shows, and the first rows take it back
        // (unless the reader has started typing a search).
        gtk_window_set_focus(itemfeed_window(window), list.listView)
        list.firstRowsArrived = { [weak self] in
            guard let self, let root = gtk_widget_get_root(list.listView) else { return }
            if let focus = gtk_root_get_focus(root),
               focus == list.listView || gtk_widget_is_ancestor(focus, list.listView) != 0 || gtk_widget_is_ancestor(focus, searchBar) != 0 { return }
            gtk_widget_grab_focus(list.listView)
        }
    }

    /// A button at the start of the header bar, before Reload: the library's
    /// Back, an unsubscribed feed's Subscribe.
    public func addStartButton(_ button: UnsafeMutablePointer<GtkWidget>) {
        adw_header_bar_pack_start(itemfeed_adw_header_bar(headerBar), button)
        gtk_box_reorder_child_after(itemfeed_box(gtk_widget_get_parent(button)), button, nil)
    }

    // MARK: ItemListStatusView

    public func display(bannerMessage: String?) {
        notice.show(bannerMessage)
    }

    public func display(featured: [Item]) {
        featuredStrip.show(featured)
    }

    public func display(page: ItemListPage) {
        if case .loading = page { loadingPage.isSpinning = true } else { loadingPage.isSpinning = false }
        switch page {
        case .rows:
            gtk_stack_set_visible_child_name(itemfeed_stack(stack), "list")
        case .loading:
            gtk_stack_set_visible_child_name(itemfeed_stack(stack), "loading")
        case .empty:
            gtk_stack_set_visible_child_name(itemfeed_stack(stack), "empty")
        case let .error(message):
            errorPage.descriptionText = message
            let appears = visiblePageName != "error"
            gtk_stack_set_visible_child_name(itemfeed_stack(stack), "error")
            if appears { errorPage.focusButton() }
        case let .noResults(query):
            noResultsPage.descriptionText = tr("Nothing in this feed matches “{query}”.", ["query": query])
            gtk_stack_set_visible_child_name(itemfeed_stack(stack), "no-results")
        case let .feeds(links):
            feedChoicePage.show(links)
            let appears = visiblePageName != "feeds"
            gtk_stack_set_visible_child_name(itemfeed_stack(stack), "feeds")
            if appears { feedChoicePage.focusFirstFeed() }
        }
    }

    private func showRefreshing(_ isRefreshing: Bool) {
        gtk_widget_set_visible(refreshIcon, isRefreshing ? 0 : 1)
        gtk_widget_set_visible(refreshSpinner, isRefreshing ? 1 : 0)
        gtk_spinner_set_spinning(itemfeed_spinner(refreshSpinner), isRefreshing ? 1 : 0)
    }

    // MARK: What the tree does not show, for the GTK tests

    /// What screen readers were last told: an announcement leaves nothing
    /// in the widget tree.
    var lastAnnouncement: String? { notice.lastAnnouncement }
    /// "list", "loading", "empty", "error" or "no-results".
    var visiblePageName: String {
        String(cString: gtk_stack_get_visible_child_name(itemfeed_stack(stack)))
    }
}

import CGtk
import ItemFeed

/// The library's window content: the sidebar beside the list on a wide
/// window; one page at a time under 600 px (libadwaita 1.2's `AdwLeaflet`,
/// folding when both pages no longer fit), with a Back button on the
/// list's header bar to return to the sidebar.
@MainActor
public final class LibraryLeaflet {
    public let root: UnsafeMutablePointer<GtkWidget>
    public let sidebar: LibrarySidebar
    private var content: UnsafeMutablePointer<GtkWidget>?
    private var article: ArticleView?
    private let separator: UnsafeMutablePointer<GtkWidget>

    public init(sidebar: LibrarySidebar) {
        self.sidebar = sidebar
        root = adw_leaflet_new()
        adw_leaflet_set_can_navigate_back(itemfeed_adw_leaflet(root), 1)
        adw_leaflet_append(itemfeed_adw_leaflet(root), sidebar.root)
        separator = gtk_separator_new(GTK_ORIENTATION_VERTICAL)
        gtk_widget_add_css_class(separator, "sidebar-separator")
        let separatorPage = adw_leaflet_append(itemfeed_adw_leaflet(root), separator)
        adw_leaflet_page_set_navigatable(separatorPage, 0)
        // One set of window buttons: at the list's end when side by side,
        // on each page when they take turns.
        g_object_bind_property(UnsafeMutableRawPointer(root), "folded", UnsafeMutableRawPointer(sidebar.headerBar), "show-end-title-buttons", G_BINDING_SYNC_CREATE)
    }

    public var isFolded: Bool { adw_leaflet_get_folded(itemfeed_adw_leaflet(root)) != 0 }
    var isShowingSidebar: Bool { adw_leaflet_get_visible_child(itemfeed_adw_leaflet(root)) == sidebar.root }
    var isSidebarVisible: Bool { gtk_widget_get_visible(sidebar.root) != 0 }

    /// Puts `screen` beside the sidebar in place of the last one, with a
    /// Back button that shows while folded, and shows it; with `article`,
    /// the reading pane after it (sidebar | list | article on a wide
    /// window, one page at a time on a narrow one).
    public func show(_ screen: ItemFeedScreen, article: ArticleView? = nil) {
        if let content { adw_leaflet_remove(itemfeed_adw_leaflet(root), content) }
        if let old = self.article { adw_leaflet_remove(itemfeed_adw_leaflet(root), old.root) }
        content = screen.root
        self.article = article
        adw_leaflet_append(itemfeed_adw_leaflet(root), screen.root)
        // Beside an article the list keeps a column's width; alone, all of it.
        gtk_widget_set_hexpand(screen.root, article == nil ? 1 : 0)
        gtk_widget_set_size_request(screen.root, article == nil ? -1 : 340, -1)
        if let article {
            adw_leaflet_append(itemfeed_adw_leaflet(root), article.root)
            g_object_bind_property(UnsafeMutableRawPointer(root), "folded", UnsafeMutableRawPointer(article.backButton), "visible", G_BINDING_SYNC_CREATE)
            g_object_bind_property(UnsafeMutableRawPointer(root), "folded", UnsafeMutableRawPointer(screen.headerBar), "show-end-title-buttons", G_BINDING_SYNC_CREATE)
        }
        let back = gtk_button_new_from_icon_name("go-previous-symbolic")!
        gtk_widget_set_tooltip_text(back, tr("Feeds (F9)"))
        itemfeed_accessible_set_label(itemfeed_accessible(back), tr("Back to the feeds"))
        g_object_bind_property(UnsafeMutableRawPointer(root), "folded", UnsafeMutableRawPointer(back), "visible", G_BINDING_SYNC_CREATE)
        Signal.connect(UnsafeMutableRawPointer(back), "clicked") { [weak self] in self?.showSidebar() }
        screen.addStartButton(back)
        g_object_bind_property(UnsafeMutableRawPointer(root), "folded", UnsafeMutableRawPointer(screen.headerBar), "show-start-title-buttons", G_BINDING_SYNC_CREATE)
        adw_leaflet_set_visible_child(itemfeed_adw_leaflet(root), screen.root)
    }

    /// F9 / Ctrl+B: on a wide window the sidebar hides or comes back; on a
    /// narrow one, the sidebar's page and the list's take turns.
    public func toggleSidebar() {
        if isFolded {
            if isShowingSidebar, let content { adw_leaflet_set_visible_child(itemfeed_adw_leaflet(root), content) } else { showSidebar() }
        } else {
            let hidden = !isSidebarVisible
            gtk_widget_set_visible(sidebar.root, hidden ? 1 : 0)
            gtk_widget_set_visible(separator, hidden ? 1 : 0)
            if hidden { sidebar.focusSelection() }
        }
    }

    public func showSidebar() {
        gtk_widget_set_visible(sidebar.root, 1)
        gtk_widget_set_visible(separator, 1)
        adw_leaflet_set_visible_child(itemfeed_adw_leaflet(root), sidebar.root)
        sidebar.focusSelection()
    }

    /// After a row was chosen: on a narrow window, its list takes the page.
    public func showContent() {
        if let content { adw_leaflet_set_visible_child(itemfeed_adw_leaflet(root), content) }
    }

    /// An item opened: on a narrow window, its article takes the page (on
    /// a wide one it is beside the list already, and the focus stays in
    /// the list for j and k).
    public func showArticle() {
        if let article, isFolded { adw_leaflet_set_visible_child(itemfeed_adw_leaflet(root), article.root) }
    }
}

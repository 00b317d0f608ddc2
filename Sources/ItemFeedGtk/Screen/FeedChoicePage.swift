import CGtk
import ItemFeed

/// The page for an address that was a web page naming several feeds: each
/// feed a row (its title, its format and address) in a boxed list, and
/// activating one opens it.
@MainActor
final class FeedChoicePage {
    let widget: UnsafeMutablePointer<GtkWidget>
    private let list: UnsafeMutablePointer<GtkWidget>
    private let choose: (Int) -> Void
    private var shownLinks: [FeedLink] = []

    init(choose: @escaping (Int) -> Void) {
        self.choose = choose
        widget = adw_status_page_new()
        let page = itemfeed_adw_status_page(widget)
        adw_status_page_set_icon_name(page, "application-rss+xml-symbolic")
        adw_status_page_set_title(page, tr("Choose a Feed"))
        adw_status_page_set_description(page, Markup.escaped(tr("This page is not a feed, but names these feeds.")))
        list = gtk_list_box_new()
        gtk_list_box_set_selection_mode(itemfeed_list_box(list), GTK_SELECTION_NONE)
        gtk_widget_add_css_class(list, "boxed-list")
        itemfeed_accessible_set_label(itemfeed_accessible(list), tr("Feeds on this page"))
        let clamp = adw_clamp_new()!
        adw_clamp_set_maximum_size(itemfeed_adw_clamp(clamp), 480)
        adw_clamp_set_child(itemfeed_adw_clamp(clamp), list)
        adw_status_page_set_child(page, clamp)
    }

    /// Rows for `links`, made again only when they change.
    func show(_ links: [FeedLink]) {
        guard links != shownLinks else { return }
        shownLinks = links
        while let row = gtk_widget_get_first_child(list) {
            gtk_list_box_remove(itemfeed_list_box(list), row)
        }
        for (index, link) in links.enumerated() {
            let row = adw_action_row_new()!
            let title = link.title ?? link.url.host ?? link.url.absoluteString
            // Titles are Pango markup to libadwaita; a page's words are not.
            adw_preferences_row_set_title(itemfeed_adw_preferences_row(row), Markup.escaped(title))
            let subtitle = tr("{format} · {address}", ["format": link.format, "address": link.url.absoluteString])
            adw_action_row_set_subtitle(itemfeed_adw_action_row(row), Markup.escaped(subtitle))
            // libadwaita 1.2 gives a screen reader the title only (read
            // through AT-SPI): the format and address are said as well.
            itemfeed_accessible_set_description(itemfeed_accessible(row), subtitle)
            gtk_list_box_row_set_activatable(itemfeed_list_box_row(row), 1)
            adw_action_row_add_suffix(itemfeed_adw_action_row(row), gtk_image_new_from_icon_name("go-next-symbolic"))
            Signal.connect(UnsafeMutableRawPointer(row), "activated") { [weak self] in self?.choose(index) }
            gtk_list_box_append(itemfeed_list_box(list), row)
        }
    }

    /// The first feed's row takes the keyboard focus, so Enter opens it.
    func focusFirstFeed() {
        if let row = gtk_widget_get_first_child(list) { gtk_widget_grab_focus(row) }
    }
}

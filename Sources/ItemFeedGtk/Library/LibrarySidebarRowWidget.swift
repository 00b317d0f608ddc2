import CGtk
import ItemFeedUI

/// One row of the sidebar's list view: a view's, folder's or account's
/// symbol or a feed's avatar, its title, a warning that says why it fails,
/// its count. GTK keeps only the rows on screen and hands them from one
/// position to another, so a row draws whatever `LibrarySidebarRow` it is
/// given, changing only what differs from the one it drew before.
@MainActor
final class LibrarySidebarRowWidget {
    let widget: UnsafeMutablePointer<GtkWidget>
    private let symbol: UnsafeMutablePointer<GtkWidget>
    /// A feed's icon over its letter tile.
    private let avatar: UnsafeMutablePointer<GtkWidget>
    private let title: UnsafeMutablePointer<GtkWidget>
    private let warning: UnsafeMutablePointer<GtkWidget>
    private let count: UnsafeMutablePointer<GtkWidget>
    /// What the row draws now.
    private(set) var shown: LibrarySidebarRow?

    init() {
        widget = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8)
        symbol = gtk_image_new()
        avatar = adw_avatar_new(16, nil, 1)
        title = gtk_label_new(nil)
        gtk_label_set_xalign(itemfeed_label(title), 0)
        gtk_label_set_ellipsize(itemfeed_label(title), PANGO_ELLIPSIZE_END)
        gtk_widget_set_hexpand(title, 1)
        warning = gtk_image_new_from_icon_name("dialog-warning-symbolic")
        gtk_widget_add_css_class(warning, "warning")
        count = gtk_label_new(nil)
        gtk_widget_add_css_class(count, "dim-label")
        gtk_widget_add_css_class(count, "numeric")
        for part in [symbol, avatar, title, warning, count] {
            gtk_box_append(itemfeed_box(widget), part)
            // The row's label says it all: its parts are not read again.
            itemfeed_accessible_set_hidden(itemfeed_accessible(part), 1)
        }
    }

    /// Draws `row`, setting only what differs from the row drawn before: a
    /// refresh's counts move a few rows, and every property set is work for
    /// GTK's layout and its accessibility tree.
    func show(_ row: LibrarySidebarRow) {
        let old = shown
        shown = row
        if old?.kind != row.kind {
            let isFeed = if case .feed = row.kind { true } else { false }
            setVisible(avatar, isFeed)
            setVisible(symbol, !isFeed)
            gtk_widget_set_margin_start(widget, row.kind == .feed(inFolder: true) ? 18 : 0)
            if row.kind == .folder || row.kind == .account {
                gtk_widget_add_css_class(title, "heading")
            } else {
                gtk_widget_remove_css_class(title, "heading")
            }
        }
        if old?.iconName != row.iconName { gtk_image_set_from_icon_name(itemfeed_image(symbol), row.iconName) }
        if old?.title != row.title {
            gtk_label_set_text(itemfeed_label(title), row.title)
            adw_avatar_set_text(itemfeed_adw_avatar(avatar), row.title)
        }
        if old?.problem != row.problem || old == nil {
            setVisible(warning, row.problem != nil)
            gtk_widget_set_tooltip_text(warning, row.problem)
        }
        if old?.unread != row.unread || old == nil {
            setVisible(count, row.unread > 0)
            gtk_label_set_text(itemfeed_label(count), row.unread > 0 ? String(row.unread) : "")
        }
        // Read as one sentence, not as an icon, a label and a number.
        if old?.accessibleLabel != row.accessibleLabel { nameForScreenReaders(row.accessibleLabel) }
    }

    /// GTK 4.8 tells screen readers a widget made visible is no longer
    /// hidden from them: the part is hidden from them again.
    private func setVisible(_ part: UnsafeMutablePointer<GtkWidget>, _ isVisible: Bool) {
        guard (gtk_widget_get_visible(part) != 0) != isVisible else { return }
        gtk_widget_set_visible(part, isVisible ? 1 : 0)
        if isVisible { itemfeed_accessible_set_hidden(itemfeed_accessible(part), 1) }
    }

    /// The feed's icon over its letter tile; `nil`: the letter alone.
    func showIcon(_ texture: OpaquePointer?) {
        adw_avatar_set_custom_image(itemfeed_adw_avatar(avatar), texture)
    }

    /// The name on the row and on GTK's list row around it, which takes the
    /// focus (GTK 4.8 has no list-item label of its own).
    private func nameForScreenReaders(_ text: String) {
        itemfeed_accessible_set_label(itemfeed_accessible(widget), text)
        if let listRow = gtk_widget_get_parent(widget) {
            itemfeed_accessible_set_label(itemfeed_accessible(listRow), text)
        }
    }
}

import CGtk
import ItemFeed
import ItemFeedUI

/// The featured items above the list: a row of buttons, each opening its
/// item, scrolling sideways in a narrow window; hidden when there are none.
@MainActor
final class FeaturedStrip {
    let widget: UnsafeMutablePointer<GtkWidget>
    private let buttons: UnsafeMutablePointer<GtkWidget>
    private let activate: (Int) -> Void
    private var shown: [Item] = []

    init(activate: @escaping (Int) -> Void) {
        self.activate = activate
        buttons = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)
        for side in [gtk_widget_set_margin_start, gtk_widget_set_margin_end, gtk_widget_set_margin_top, gtk_widget_set_margin_bottom] {
            side(buttons, 6)
        }
        widget = gtk_scrolled_window_new()
        gtk_scrolled_window_set_policy(itemfeed_scrolled_window(widget), GTK_POLICY_AUTOMATIC, GTK_POLICY_NEVER)
        gtk_scrolled_window_set_child(itemfeed_scrolled_window(widget), buttons)
        gtk_widget_add_css_class(widget, "featured")
        itemfeed_accessible_set_label(itemfeed_accessible(widget), tr("Featured items"))
        gtk_widget_set_visible(widget, 0)
    }

    func show(_ items: [Item]) {
        guard items != shown else { return }
        shown = items
        while let child = gtk_widget_get_first_child(buttons) {
            gtk_box_remove(itemfeed_box(buttons), child)
        }
        for (index, item) in items.enumerated() {
            let label = gtk_label_new(item.name)!
            // Names up to 24 characters show whole (sized by their own bold
            // glyphs; a width in average characters cut "Amber Dunes" on
            // libadwaita's pills). Longer ones are cut, but never below 14
            // characters: a narrow window scrolls the strip instead.
            if item.name.count > 24 {
                gtk_label_set_ellipsize(itemfeed_label(label), PANGO_ELLIPSIZE_END)
                gtk_label_set_max_width_chars(itemfeed_label(label), 24)
                gtk_label_set_width_chars(itemfeed_label(label), 14)
            }
            let button = gtk_button_new()!
            gtk_button_set_child(itemfeed_button(button), label)
            gtk_widget_add_css_class(button, "pill")
            gtk_widget_set_tooltip_text(button, item.name)
            itemfeed_accessible_set_label(itemfeed_accessible(button), item.name)
            Signal.connect(button, "clicked") { [weak self] in self?.activate(index) }
            gtk_box_append(itemfeed_box(buttons), button)
        }
        gtk_widget_set_visible(widget, items.isEmpty ? 0 : 1)
    }
}

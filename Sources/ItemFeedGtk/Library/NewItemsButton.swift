import CGtk
import ItemFeed

/// "3 New Items" in the header bar once a refresh has written items the
/// open view does not show yet: the list stays where the reader is, and
/// the button goes to them. Hidden otherwise.
@MainActor
public final class NewItemsButton {
    public let widget: UnsafeMutablePointer<GtkWidget>

    public init(go: @escaping @MainActor () -> Void) {
        widget = gtk_button_new()
        gtk_widget_add_css_class(widget, "suggested-action")
        gtk_widget_set_tooltip_text(widget, tr("Show the new items at the top of the list"))
        Signal.connect(UnsafeMutableRawPointer(widget), "clicked") { go() }
        show(count: 0)
    }

    public func show(count: Int) {
        gtk_widget_set_visible(widget, count > 0 ? 1 : 0)
        guard count > 0 else { return }
        gtk_button_set_label(itemfeed_button(widget), trPlural("{count} New Item", "{count} New Items", count, ["count": String(count)]))
    }
}

import CGtk
import ItemFeed

/// The header bar's "Refreshing 37 of 500" while the library refreshes,
/// with a button that stops it; hidden otherwise. One per list screen: the
/// window shows the refresh's progress on whichever screen is in front.
@MainActor
public final class RefreshProgress {
    public let widget: UnsafeMutablePointer<GtkWidget>
    private let label: UnsafeMutablePointer<GtkWidget>
    private let spinner: UnsafeMutablePointer<GtkWidget>

    public init(stop: @escaping @MainActor () -> Void) {
        widget = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)
        spinner = gtk_spinner_new()
        label = gtk_label_new(nil)
        gtk_widget_add_css_class(label, "dim-label")
        gtk_widget_add_css_class(label, "numeric")
        let button = gtk_button_new_from_icon_name("process-stop-symbolic")!
        gtk_widget_add_css_class(button, "flat")
        gtk_widget_set_tooltip_text(button, tr("Stop Refreshing"))
        itemfeed_accessible_set_label(itemfeed_accessible(button), tr("Stop Refreshing"))
        Signal.connect(UnsafeMutableRawPointer(button), "clicked") { stop() }
        gtk_box_append(itemfeed_box(widget), spinner)
        gtk_box_append(itemfeed_box(widget), label)
        gtk_box_append(itemfeed_box(widget), button)
        show(nil)
    }

    /// `nil` hides it.
    public func show(_ text: String?) {
        gtk_widget_set_visible(widget, text == nil ? 0 : 1)
        gtk_label_set_text(itemfeed_label(label), text ?? "")
        text == nil ? gtk_spinner_stop(itemfeed_spinner(spinner)) : gtk_spinner_start(itemfeed_spinner(spinner))
    }
}

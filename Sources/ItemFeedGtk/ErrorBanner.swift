import CGtk
import ItemFeedUI

/// A banner across the top of the list: what went wrong, Retry, and a close
/// button. It slides in and out, and leaves the rows under it untouched.
@MainActor
final class ErrorBanner {
    let widget: UnsafeMutablePointer<GtkWidget>
    private let label: UnsafeMutablePointer<GtkWidget>

    init(retryButton: Button, dismissButton: Button) {
        widget = gtk_revealer_new()
        gtk_revealer_set_transition_type(itemfeed_revealer(widget), GTK_REVEALER_TRANSITION_TYPE_SLIDE_DOWN)

        let bar = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
        gtk_widget_add_css_class(bar, "error-banner")

        label = gtk_label_new(nil)
        gtk_label_set_use_markup(itemfeed_label(label), 0)
        gtk_label_set_wrap(itemfeed_label(label), 1)
        gtk_label_set_xalign(itemfeed_label(label), 0)
        gtk_widget_set_hexpand(label, 1)

        let retry = makeMnemonicButton("_Retry")
        gtk_widget_set_valign(retry, GTK_ALIGN_CENTER)
        let dismiss = gtk_button_new_from_icon_name("window-close-symbolic")!
        gtk_widget_set_valign(dismiss, GTK_ALIGN_CENTER)
        gtk_widget_add_css_class(dismiss, "flat")
        gtk_widget_set_tooltip_text(dismiss, "Dismiss")
        itemfeed_accessible_set_label(itemfeed_accessible(dismiss), "Dismiss the error")

        gtk_box_append(itemfeed_box(bar), label)
        gtk_box_append(itemfeed_box(bar), retry)
        gtk_box_append(itemfeed_box(bar), dismiss)
        gtk_revealer_set_child(itemfeed_revealer(widget), bar)

        forwardClicks(of: retry, to: retryButton, as: .primaryActionTriggered)
        forwardClicks(of: dismiss, to: dismissButton, as: .primaryActionTriggered)
    }

    func show(_ message: String?) {
        if let message { gtk_label_set_text(itemfeed_label(label), message) }
        gtk_revealer_set_reveal_child(itemfeed_revealer(widget), message == nil ? 0 : 1)
    }

    var isShown: Bool { gtk_revealer_get_reveal_child(itemfeed_revealer(widget)) != 0 }
    var message: String { String(cString: gtk_label_get_text(itemfeed_label(label))) }
}

import CGtk
import ItemFeedUI

/// A page that stands in for the rows: a large icon, a title, a line of
/// explanation and one button (the GNOME "status page" pattern).
@MainActor
final class StatusPage {
    let widget: UnsafeMutablePointer<GtkWidget>
    private let body: UnsafeMutablePointer<GtkWidget>

    init(iconName: String, title: String, body text: String, buttonLabel: String, button: Control, event: ControlEvent) {
        widget = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12)
        gtk_widget_add_css_class(widget, "status-page")
        gtk_widget_set_valign(widget, GTK_ALIGN_CENTER)
        gtk_widget_set_halign(widget, GTK_ALIGN_CENTER)

        let icon = gtk_image_new_from_icon_name(iconName)!
        gtk_image_set_pixel_size(itemfeed_image(icon), 96)
        gtk_widget_add_css_class(icon, "dim-label")
        let titleLabel = gtk_label_new(title)!
        gtk_widget_add_css_class(titleLabel, "title-1")
        body = gtk_label_new(text)
        gtk_label_set_use_markup(itemfeed_label(body), 0)
        gtk_label_set_wrap(itemfeed_label(body), 1)
        gtk_label_set_justify(itemfeed_label(body), GTK_JUSTIFY_CENTER)
        gtk_label_set_max_width_chars(itemfeed_label(body), 40)
        gtk_widget_add_css_class(body, "dim-label")
        let action = makeMnemonicButton(buttonLabel)
        gtk_widget_set_halign(action, GTK_ALIGN_CENTER)
        gtk_widget_add_css_class(action, "suggested-action")
        forwardClicks(of: action, to: button, as: event)

        for child in [icon, titleLabel, body, action] {
            gtk_box_append(itemfeed_box(widget), child)
        }
    }

    var bodyText: String {
        get { String(cString: gtk_label_get_text(itemfeed_label(body))) }
        set { gtk_label_set_text(itemfeed_label(body), newValue) }
    }
}

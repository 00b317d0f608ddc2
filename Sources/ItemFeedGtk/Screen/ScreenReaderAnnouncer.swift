import CGtk

/// Says a message to a screen reader without showing it twice on screen:
/// toasts and the error page appear without taking the focus, and GTK 4.8
/// has no way to announce (`gtk_accessible_announce` came in 4.14).
///
/// Read over AT-SPI, a libadwaita 1.2 toast alone was a plain label, never
/// announced, and GTK 4.8 sends no event when a widget is shown or hidden;
/// it does send `children-changed:add` when one is added. So each message
/// is a new invisible label whose role is *alert*, added to the overlay
/// (screen readers such as Orca read out an alert that appears), and the
/// previous one is taken away.
@MainActor
final class ScreenReaderAnnouncer {
    private let overlay: UnsafeMutablePointer<GtkWidget>
    private var alert: UnsafeMutablePointer<GtkWidget>?

    init(in overlay: UnsafeMutablePointer<GtkWidget>) {
        self.overlay = overlay
    }

    func announce(_ message: String) {
        if let alert { gtk_overlay_remove_overlay(itemfeed_overlay(overlay), alert) }
        let label = itemfeed_label_new_with_role(GTK_ACCESSIBLE_ROLE_ALERT)!
        gtk_label_set_text(itemfeed_label(label), message)
        itemfeed_accessible_set_label(itemfeed_accessible(label), message)
        // Drawn with no opacity, in the overlay's corner, taking no input.
        gtk_widget_set_opacity(label, 0)
        gtk_widget_set_can_target(label, 0)
        gtk_widget_set_halign(label, GTK_ALIGN_START)
        gtk_widget_set_valign(label, GTK_ALIGN_START)
        gtk_overlay_add_overlay(itemfeed_overlay(overlay), label)
        alert = label
    }

    var lastAnnouncement: String? {
        alert.map { String(cString: gtk_label_get_text(itemfeed_label($0))) }
    }
}

import CGtk
import Foundation

/// A button whose label has a mnemonic ("_Retry"). GTK 4.8 names it for a
/// screen reader by its text and by the label it is "labelled by" together
/// ("_Retry Retry", read over AT-SPI), so the name is the plain text alone.
@MainActor
func makeMnemonicButton(_ label: String) -> UnsafeMutablePointer<GtkWidget> {
    let button = gtk_button_new_with_mnemonic(label)!
    gtk_accessible_reset_relation(itemfeed_accessible(button), GTK_ACCESSIBLE_RELATION_LABELLED_BY)
    itemfeed_accessible_set_label(itemfeed_accessible(button), spokenText(ofMnemonicLabel: label))
    return button
}

/// "_Retry" is "Retry"; a translation that adds its key in brackets, as
/// Japanese ones do ("再試行(_R)"), is "再試行".
func spokenText(ofMnemonicLabel label: String) -> String {
    label.replacingOccurrences(of: #"\(_[^)]\)"#, with: "", options: .regularExpression)
        .replacingOccurrences(of: "_", with: "")
}

/// libadwaita 1.2 makes a message dialog's response buttons from mnemonic
/// labels, which GTK 4.8 reads out with their underscore ("_Cancel"): each
/// mnemonic button under `root` is named by its spoken text instead.
@MainActor
func nameMnemonicButtons(under root: UnsafeMutablePointer<GtkWidget>) {
    var child = gtk_widget_get_first_child(root)
    while let widget = child {
        let isButton = g_type_check_instance_is_a(UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self), gtk_button_get_type()) != 0
        if isButton, gtk_button_get_use_underline(itemfeed_button(widget)) != 0, let label = gtk_button_get_label(itemfeed_button(widget)) {
            gtk_accessible_reset_relation(itemfeed_accessible(widget), GTK_ACCESSIBLE_RELATION_LABELLED_BY)
            itemfeed_accessible_set_label(itemfeed_accessible(widget), spokenText(ofMnemonicLabel: String(cString: label)))
        }
        nameMnemonicButtons(under: widget)
        child = gtk_widget_get_next_sibling(widget)
    }
}

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

import CGtk
import Foundation

/// What the forms of Preferences' pages (Add Account, Add Rule) share: a
/// combo row of titles, a line saying why not (or that it worked), and the
/// button that sends the form.
@MainActor
enum PreferencesForm {
    static func comboRow(_ title: String, _ titles: [String]) -> UnsafeMutablePointer<GtkWidget> {
        let row = adw_combo_row_new()!
        adw_preferences_row_set_title(itemfeed_adw_preferences_row(row), title)
        var strings = titles.map { UnsafePointer(strdup($0)) } + [nil]
        let model = gtk_string_list_new(&strings)!
        strings.forEach { free(UnsafeMutableRawPointer(mutating: $0)) }
        adw_combo_row_set_model(itemfeed_adw_combo_row(row), itemfeed_list_model(UnsafeMutableRawPointer(model)))
        g_object_unref(UnsafeMutableRawPointer(model))
        return row
    }

    /// Hidden until `say` is first called; read as a status, which screen
    /// readers follow as it changes.
    static func statusLine() -> UnsafeMutablePointer<GtkWidget> {
        let status = itemfeed_label_new_with_role(GTK_ACCESSIBLE_ROLE_STATUS)!
        gtk_label_set_wrap(itemfeed_label(status), 1)
        gtk_label_set_xalign(itemfeed_label(status), 0)
        gtk_widget_set_margin_top(status, 12)
        gtk_widget_set_visible(status, 0)
        return status
    }

    /// Not a mnemonic label: GTK 4.8 read its name as "_Sign In Sign In".
    static func sendButton(_ title: String) -> UnsafeMutablePointer<GtkWidget> {
        let button = gtk_button_new_with_label(title)!
        itemfeed_accessible_set_label(itemfeed_accessible(button), title)
        gtk_widget_add_css_class(button, "suggested-action")
        gtk_widget_set_halign(button, GTK_ALIGN_END)
        gtk_widget_set_margin_top(button, 12)
        return button
    }

    static func say(_ text: String, isError: Bool, on status: UnsafeMutablePointer<GtkWidget>) {
        gtk_label_set_text(itemfeed_label(status), text)
        if isError { gtk_widget_add_css_class(status, "error") } else { gtk_widget_remove_css_class(status, "error") }
        gtk_widget_set_visible(status, 1)
    }
}

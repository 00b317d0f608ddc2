import CGtk
import ItemFeed

extension ItemFeedScreen {
    /// A button beside the search entry that takes the query typed (a
    /// library's "Save as View"): usable only while there is one.
    @discardableResult
    public func addSearchButton(_ label: String, tooltip: String, _ action: @escaping @MainActor (String) -> Void) -> UnsafeMutablePointer<GtkWidget> {
        let button = gtk_button_new_with_mnemonic(label)!
        gtk_widget_set_tooltip_text(button, tooltip)
        gtk_widget_set_sensitive(button, 0)
        gtk_box_append(itemfeed_box(gtk_search_bar_get_child(itemfeed_search_bar(searchBar))), button)
        let entry = searchEntry
        let typed = { String(cString: gtk_editable_get_text(itemfeed_editable(entry))).trimmingCharacters(in: .whitespacesAndNewlines) }
        Signal.connect(searchEntry, "search-changed") { gtk_widget_set_sensitive(button, typed().isEmpty ? 0 : 1) }
        Signal.connect(button, "clicked") {
            let query = typed()
            if !query.isEmpty { action(query) }
        }
        return button
    }
}

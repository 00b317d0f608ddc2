import CGtk
import ItemFeed

extension ItemFeedScreen {
    /// A button beside the search entry that takes the query typed (a
    /// library's "Save as View"): usable only while there is one.
    @discardableResult
    public func addSearchButton(_ label: String, tooltip: String, _ action: @escaping @MainActor (String) -> Void) -> UnsafeMutablePointer<GtkWidget> {
        let button = makeMnemonicButton(label)
        gtk_widget_set_tooltip_text(button, tooltip)
        gtk_widget_set_sensitive(button, 0)
        gtk_box_append(itemfeed_box(searchRow), button)
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

extension ItemFeedScreen {
    /// The entry marked as in error and the reason under it, read by a
    /// screen reader as the entry's description.
    public func display(searchProblem: String?) {
        gtk_label_set_text(itemfeed_label(searchProblemLabel), searchProblem ?? "")
        gtk_widget_set_visible(searchProblemLabel, searchProblem == nil ? 0 : 1)
        if searchProblem == nil {
            gtk_widget_remove_css_class(searchEntry, "error")
        } else {
            gtk_widget_add_css_class(searchEntry, "error")
        }
        itemfeed_accessible_set_description(itemfeed_accessible(searchEntry), searchProblem ?? "")
    }
}

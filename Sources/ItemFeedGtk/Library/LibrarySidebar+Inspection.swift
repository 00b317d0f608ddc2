import CGtk
import ItemFeedUI

/// What the GTK tests read back from the sidebar, and the choice they make.
extension LibrarySidebar {
    var isShowingFeedMenu: Bool { menu?.isShown ?? false }

    /// The rows GTK has made and bound now, by position: the list row GTK
    /// focuses (around our row widget) and what it shows.
    var boundRows: [(position: Int, listRow: UnsafeMutablePointer<GtkWidget>, shown: LibrarySidebarRow?)] {
        rowWidgets.compactMap { item, row in
            guard gtk_list_item_get_item(OpaquePointer(item)) != nil, let position = position(of: item),
                  let listRow = gtk_widget_get_parent(row.widget) else { return nil }
            return (position, listRow, row.shown)
        }.sorted { $0.position < $1.position }
    }

    /// What a click on the row at `index` does: GTK's row asks its list
    /// to select it.
    func chooseRow(at index: Int) {
        var parts = [g_variant_new_uint32(guint32(index)), g_variant_new_boolean(0), g_variant_new_boolean(0)]
        _ = gtk_widget_activate_action_variant(list, "list.select-item", g_variant_new_tuple(&parts, 3))
    }
}

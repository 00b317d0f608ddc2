import CGtk
import ItemFeedUI

/// Which row GTK has bound at which position, and what it draws there:
/// the sidebar's tests compare it with what each row is read as.
extension LibrarySidebar {
    /// The rows GTK has made and bound now, by position: the list row GTK
    /// focuses (around our row widget) and what it shows.
    var boundRows: [(position: Int, listRow: UnsafeMutablePointer<GtkWidget>, shown: LibrarySidebarRow?)] {
        rowWidgets.compactMap { item, row in
            guard gtk_list_item_get_item(OpaquePointer(item)) != nil, let position = position(of: item),
                  let listRow = gtk_widget_get_parent(row.widget) else { return nil }
            return (position, listRow, row.shown)
        }.sorted { $0.position < $1.position }
    }
}

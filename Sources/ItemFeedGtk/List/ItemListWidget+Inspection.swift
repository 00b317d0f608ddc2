import CGtk
import ItemFeedUI

/// What the GTK tests read back from the list (the first-rows benchmark too:
/// what it reads is public), and the row-menu and focus actions they drive.
extension ItemListWidget {
    /// How many rows the GtkListView's model holds.
    var modelRowCount: Int { Int(g_list_model_get_n_items(itemRows.listModel)) }

    /// Rows GTK has bound, on screen or not.
    public var boundRowCount: Int { rows.keys.filter { position(of: $0) != nil }.count }
    public var visibleRowRange: Range<Int> { viewport.visibleRows }

    var nearVisibleRows: Range<Int> { viewport.nearVisible.rows }

    var hasKeyboardFocus: Bool {
        guard let root = gtk_widget_get_root(listView), let focus = gtk_root_get_focus(root) else { return false }
        return focus == listView || gtk_widget_is_ancestor(focus, listView) != 0
    }

    /// How many times the list has had GTK work out its new rows' styles
    /// again.
    var rowRestyles: Int { restyleCount }

    /// What a right click on the bound row at `position` does.
    func showMenu(forRowAt position: Int) {
        guard let row = boundRow(at: position) else { return }
        rowMenu.show(forRowAt: position, on: row, x: nil, y: nil)
    }

    var isShowingRowMenu: Bool { rowMenu.isShown }

    /// Gives the keyboard focus to the bound row at `position`.
    func focusRow(at position: Int) {
        guard let row = boundRow(at: position), let listRow = gtk_widget_get_parent(row.widget) else { return }
        gtk_widget_grab_focus(listRow)
    }

    private func boundRow(at position: Int) -> ItemRowWidget? {
        rows.first { self.position(of: $0.key) == position }?.value
    }
}

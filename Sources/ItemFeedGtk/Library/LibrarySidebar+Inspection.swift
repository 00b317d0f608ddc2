import CGtk

/// What the GTK tests read back from the sidebar, and the choice they make.
extension LibrarySidebar {
    var selectedRowIndex: Int? {
        gtk_list_box_get_selected_row(itemfeed_list_box(list)).map { Int(gtk_list_box_row_get_index($0)) }
    }

    var isShowingFeedMenu: Bool { menu?.isShown ?? false }

    /// What a click on the row at `index` does.
    func chooseRow(at index: Int) {
        guard let row = gtk_list_box_get_row_at_index(itemfeed_list_box(list), Int32(index)) else { return }
        gtk_list_box_select_row(itemfeed_list_box(list), row)
    }
}

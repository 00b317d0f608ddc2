import CGtk

/// What the GTK tests read back from the sidebar, and the choice they make.
extension LibrarySidebar {
    /// The label each row of GTK's list has for screen readers, as GTK's
    /// accessibility test API reads it back ("?" where it differs from the
    /// one the row was drawn for).
    var rowLabels: [String] {
        var labels: [String] = []
        while let row = gtk_list_box_get_row_at_index(itemfeed_list_box(list), Int32(labels.count)) {
            let expected = shownRows.indices.contains(labels.count) ? shownRows[labels.count].accessibleLabel : ""
            if let other = itemfeed_test_accessible_check_label(itemfeed_accessible(row), expected) {
                labels.append("? " + String(cString: other))
                g_free(other)
            } else {
                labels.append(expected)
            }
        }
        return labels
    }

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

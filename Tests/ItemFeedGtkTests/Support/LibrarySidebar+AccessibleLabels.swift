import CGtk
import CGtkTestSupport
@testable import ItemFeedGtk

extension LibrarySidebar {
    /// The label each row of GTK's list has for screen readers, as GTK's
    /// accessibility test API reads it back ("?" where it differs from the
    /// one the row was drawn for).
    @MainActor var rowLabels: [String] {
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
}

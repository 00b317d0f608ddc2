import CGtk
import CGtkTestSupport
@testable import ItemFeedGtk

extension LibrarySidebar {
    /// The label each row GTK has made has for screen readers, in the
    /// list's order from its first row, as GTK's accessibility test API
    /// reads it back ("?" where it differs from the row it stands at; "gap"
    /// where GTK made no row for a position before the last one made).
    @MainActor var rowLabels: [String] {
        var labels: [String] = []
        for row in boundRows {
            while labels.count < row.position { labels.append("gap") }
            let expected = shownRows.indices.contains(row.position) ? shownRows[row.position].accessibleLabel : ""
            if let other = itemfeed_test_accessible_check_label(itemfeed_accessible(row.listRow), expected) {
                labels.append("? " + String(cString: other))
                g_free(other)
            } else {
                labels.append(expected)
            }
        }
        return labels
    }
}

import CGtk
import GtkTestKit
@testable import ItemFeedGtk

extension LibrarySidebar {
    /// The name each row GTK has made is read by, in the list's order from
    /// its first row ("?" where it differs from the row it stands at; "gap"
    /// where GTK made no row for a position before the last one made).
    @MainActor var rowLabels: [String] {
        var labels: [String] = []
        for row in boundRows {
            while labels.count < row.position { labels.append("gap") }
            let expected = shownRows.indices.contains(row.position) ? shownRows[row.position].accessibleLabel : ""
            let name = Widget(row.listRow).name
            labels.append(name == expected ? expected : "? " + name)
        }
        return labels
    }
}

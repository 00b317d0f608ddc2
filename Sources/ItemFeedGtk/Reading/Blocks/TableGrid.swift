import CGtk
import Foundation
import ItemFeed

/// A data table drawn as a grid anchored in the article's text: columns
/// aligned, header cells set apart, spans kept, numbers to the right; in a
/// scrolled window of the column's width, so a wide table scrolls sideways
/// on its own. Screen readers get a table of cells (GTK 4.8 gives AT-SPI
/// no rows of a grid, and reads a column header as a filler).
@MainActor
enum TableGrid {
    static func make(_ table: ArticleTable, openLink: @escaping (URL) -> Void) -> UnsafeMutablePointer<GtkWidget> {
        let grid = itemfeed_widget_new_with_role(gtk_grid_get_type(), GTK_ACCESSIBLE_ROLE_TABLE)!
        gtk_widget_add_css_class(grid, "article-table")
        // Named by its caption; without one, by what it is (AT-SPI read "GtkGrid").
        itemfeed_accessible_set_label(itemfeed_accessible(grid), table.caption.isEmpty ? tr("Table") : table.caption)
        let headerRows = table.rows.prefix { $0.allSatisfy(\.isHeader) }.count
        for placed in table.placements {
            let role = !placed.cell.isHeader ? GTK_ACCESSIBLE_ROLE_CELL
                : placed.row < headerRows ? GTK_ACCESSIBLE_ROLE_COLUMN_HEADER : GTK_ACCESSIBLE_ROLE_ROW_HEADER
            let cell = itemfeed_widget_new_with_role(gtk_label_get_type(), role)!
            let label = itemfeed_label(cell)
            gtk_label_set_markup(label, markup(of: placed.cell))
            gtk_label_set_wrap(label, 1)
            // Words are not broken, and a column keeps room for a dozen
            // letters: a wide table scrolls rather than squeezing its text.
            gtk_label_set_wrap_mode(label, PANGO_WRAP_WORD)
            gtk_label_set_width_chars(label, Int32(min(placed.cell.text.count, 12)))
            gtk_label_set_max_width_chars(label, 40)
            gtk_label_set_selectable(label, 1)
            gtk_label_set_xalign(label, isNumber(placed.cell.text) ? 1 : 0)
            gtk_label_set_yalign(label, 0)
            gtk_widget_set_focusable(cell, 0)
            gtk_widget_add_css_class(cell, placed.cell.isHeader ? "table-header" : "table-cell")
            if placed.row % 2 == 1, !placed.cell.isHeader { gtk_widget_add_css_class(cell, "table-stripe") }
            Signal.connectActivateLink(UnsafeMutableRawPointer(cell)) { address in
                if let url = URL(string: address) { openLink(url) }
            }
            let rowSpan = min(placed.cell.rowSpan, max(table.rows.count - placed.row, 1))
            gtk_grid_attach(itemfeed_grid(grid), cell, Int32(placed.column), Int32(placed.row), Int32(placed.cell.columnSpan), Int32(rowSpan))
        }
        let scrolled = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_policy(itemfeed_scrolled_window(scrolled), GTK_POLICY_AUTOMATIC, GTK_POLICY_NEVER)
        gtk_scrolled_window_set_propagate_natural_height(itemfeed_scrolled_window(scrolled), 1)
        gtk_scrolled_window_set_child(itemfeed_scrolled_window(scrolled), grid)
        gtk_widget_add_css_class(scrolled, "article-block")
        return scrolled
    }

    private static func markup(of cell: ArticleTableCell) -> String {
        cell.blocks.map { block in
            if case let .image(_, alternative, _, _) = block.kind { return Markup.escaped(alternative) }
            return RunMarkup.markup(of: block.allRuns)
        }.joined(separator: "\n")
    }

    /// "1,234", "-5.6 %", "$12": drawn to the right, as numbers are set.
    private static func isNumber(_ text: String) -> Bool {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, trimmed.count <= 24, trimmed.contains(where: \.isNumber) else { return false }
        return trimmed.allSatisfy { $0.isNumber || " ,.+-−%$€£¥()×x".contains($0) }
    }
}

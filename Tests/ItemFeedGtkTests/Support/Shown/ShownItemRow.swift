import CGtk
import GtkTestKit

/// An item row as a user sees it, read from the widget tree: its title, its
/// dimmed look once read, its thumbnail. Read afresh each time, as GTK
/// recycles the row for other items.
@MainActor
struct ShownItemRow {
    let widget: Widget

    /// The rows shown under `root` (a window, a list), top to bottom as GTK
    /// keeps them.
    static func all(in root: Widget) -> [ShownItemRow] {
        WidgetQuery(root).widgets(cssClass: "item-row").map(ShownItemRow.init)
    }

    static func all(in root: UnsafeMutablePointer<GtkWidget>) -> [ShownItemRow] { all(in: Widget(root)) }

    /// The list row that shows the item titled `name`: what a user clicks
    /// (a screen reader reads it with its marks and date too).
    static func listItem(showing name: String, in root: Widget) throws -> Widget {
        let row = try WidgetQuery(root).one("an item row titled \"\(name)\"") {
            $0.cssClasses.contains("item-row") && ShownItemRow(widget: $0).name == name
        }
        return row.parent ?? row
    }

    var name: String { (try? WidgetQuery(widget).widget(cssClass: "item-name").text) ?? nil ?? "" }

    /// Drawn dimmed, as read (style.css).
    var isRead: Bool { widget.cssClasses.contains("read") }

    /// The size of the thumbnail it shows, if it shows one.
    var thumbnailSize: (width: Int, height: Int)? {
        WidgetQuery(widget).widgets(ofType: gtk_picture_get_type()).lazy.compactMap(\.pictureSize).first
    }

    /// The list's row around it, which takes the focus and is read out.
    var listItem: Widget? { widget.parent }
}

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

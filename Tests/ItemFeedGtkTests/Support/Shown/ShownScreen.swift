import CGtk
import GtkTestKit

/// A list screen's window as a user sees it, read from the widget tree: the
/// toasts over it, the status page shown instead of the rows, the featured
/// strip, the header bar's refresh progress and new items.
@MainActor
struct ShownScreen {
    let root: Widget

    init(_ window: UnsafeMutablePointer<GtkWidget>) {
        root = Widget(window)
    }

    private var screen: WidgetQuery { WidgetQuery(root) }

    /// What each shown toast says. A toast dismissed stays in the tree
    /// while it fades out, so wait for it to go.
    var toasts: [String] {
        screen.all { $0.typeName == "AdwToastWidget" }.compactMap { toast in
            WidgetQuery(toast).all { $0.isA(gtk_label_get_type()) }.compactMap(\.text).first { !$0.isEmpty }
        }
    }

    /// The Undo button of the toast shown, or of the one saying `message`.
    func undoButton(saying message: String? = nil) -> Widget? {
        screen.all { $0.typeName == "AdwToastWidget" }.lazy.filter { toast in
            message.map { message in WidgetQuery(toast).contains { $0.isA(gtk_label_get_type()) && $0.text == message } } ?? true
        }.compactMap { try? WidgetQuery($0).button("Undo") }.first
    }

    /// The description of the status page shown (error, no results,
    /// empty), as its label shows it. While the stack crossfades from the
    /// loading page, which has none, both pages are shown.
    var statusDescription: String? {
        screen.all { $0.isA(adw_status_page_get_type()) }.lazy.compactMap { page in
            WidgetQuery(page).all { $0.isA(gtk_label_get_type()) && $0.cssClasses.contains("description") }.first?.text
        }.first
    }

    /// The featured strip's items, in order; none while it is hidden.
    var featuredNames: [String] {
        guard let strip = screen.all(where: { $0.cssClasses.contains("featured") }).first else { return [] }
        return WidgetQuery(strip).all { $0.role == .button }.map(\.name)
    }

    /// The header bar's "Refreshing 3 of 20", beside its Stop button, while
    /// a refresh runs.
    var refreshProgress: String? {
        guard let stop = try? screen.button("Stop Refreshing"), let box = stop.parent else { return nil }
        return WidgetQuery(box).all { $0.isA(gtk_label_get_type()) }.compactMap(\.text).first
    }

    /// The header bar's "3 New Items", once a refresh has written items
    /// the list does not show yet.
    var newItemsButton: Widget? {
        screen.all { $0.role == .button && ($0.name.hasSuffix(" New Item") || $0.name.hasSuffix(" New Items")) }.first
    }
}

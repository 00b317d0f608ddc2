import CGtk
import ItemFeed
import ItemFeedUI

/// A row's menu in the sidebar. A feed's: Refresh, Mark All as Read,
/// Rename, Move to Folder, Always Fetch Full Articles (checked when on), Copy
/// Address, Unsubscribe (an account's feed: what its server can do). A saved
/// view's: Mark All as Read, Rename, Edit Search, Remove View. Opened by a right click, a long press, or
/// the Menu key (Shift+F10) on the focused feed; each entry is a `feed.*`
/// action on the list that tells the controller which row it was for.
@MainActor
final class LibrarySidebarMenu {
    private let controller: LibrarySidebarController
    private let menu: OpaquePointer
    private let actions: WidgetActions
    /// Held weakly: its row owns it, and a sidebar rebuilt or a window
    /// closed may dispose of the row first.
    private var popover: WeakWidget?
    /// The row the menu was opened for.
    private(set) var rowIndex: Int?
    /// Each entry's action, enabled for what the row's feed can do.
    private var entryActions: [LibrarySidebarController.RowCommand: OpaquePointer] = [:]

    init(list: UnsafeMutablePointer<GtkWidget>, controller: LibrarySidebarController, focusedRow: @escaping () -> (LibrarySidebarRowWidget, Int)?) {
        self.controller = controller
        menu = g_menu_new()
        actions = WidgetActions(on: list, prefix: "feed")
        for (_, command) in Self.entries {
            entryActions[command] = actions.add(command.rawValue, checked: command == .fullArticles ? false : nil) { [weak self] in
                guard let self, let rowIndex else { return }
                self.controller.command(command, onRowAt: rowIndex)
            }
        }
        actions.add("show-menu", keys: "Menu|<Shift>F10") { [weak self] in
            guard let self, let (row, index) = focusedRow() else { return }
            show(forRowAt: index, on: row, x: nil, y: nil)
        }
        Signal.connect(UnsafeMutableRawPointer(list), "unrealize") { [weak self] in self?.close() }
    }

    /// Every entry a row's menu may have, in the order shown.
    private static let entries: [(String, LibrarySidebarController.RowCommand)] = [
        (tr("R_efresh"), .refresh), (tr("_Mark All as Read"), .markAllRead), (tr("_Rename…"), .rename), (tr("_Edit Search…"), .editView),
        (tr("Move to _Folder…"), .move), (tr("_Always Fetch Full Articles"), .fullArticles), (tr("_Copy Address"), .copyAddress),
        (tr("_Unsubscribe"), .unsubscribe), (tr("Remo_ve View"), .removeView),
    ]

    /// A right click, or a finger held on the row, opens its menu where it
    /// was pressed. `position` answers which row the widget shows then.
    func attach(to row: LibrarySidebarRowWidget, position: @escaping () -> Int?) {
        MenuGestures.attach(to: row.widget) { [weak self, weak row] x, y in
            guard let self, let row, let at = position() else { return }
            show(forRowAt: at, on: row, x: x, y: y)
        }
    }

    /// The row widget leaves (GTK tears it down): a menu on it goes too.
    func detach(from row: LibrarySidebarRowWidget) {
        guard let popover = popover?.widget, gtk_widget_get_parent(popover) == row.widget else { return }
        close()
    }

    isolated deinit {
        popover?.widget.map(Self.remove)
        g_object_unref(UnsafeMutableRawPointer(menu))
    }

    /// Before its row goes (the sidebar redrawn, the window closed): a
    /// popover left on a disposed row made GTK report criticals.
    func close() {
        popover?.widget.map(Self.remove)
        popover = nil
        rowIndex = nil
    }

    private static func remove(_ popover: UnsafeMutablePointer<GtkWidget>) {
        gtk_popover_popdown(itemfeed_popover(popover))
        if gtk_widget_get_parent(popover) != nil { gtk_widget_unparent(popover) }
    }

    /// Only a feed's row has a menu; an account's feed's offers what its
    /// server can do.
    func show(forRowAt index: Int, on row: LibrarySidebarRowWidget, x: Double?, y: Double?) {
        let offered = controller.commands(forRowAt: index)
        guard !offered.isEmpty else { return }
        // Only what this row can do: a saved view's menu is not a feed's.
        g_menu_remove_all(menu)
        for (label, command) in Self.entries where offered.contains(command) { g_menu_append(menu, label, "feed.\(command.rawValue)") }
        for (command, action) in entryActions { g_simple_action_set_enabled(action, offered.contains(command) ? 1 : 0) }
        if let action = entryActions[.fullArticles] {
            g_simple_action_set_state(action, g_variant_new_boolean(controller.rows[index].fetchesFullArticles ? 1 : 0))
        }
        rowIndex = index
        let widget = row.widget
        popover?.widget.map(Self.remove)
        let popover = gtk_popover_menu_new_from_model(itemfeed_menu_model(UnsafeMutableRawPointer(menu)))!
        gtk_popover_set_has_arrow(itemfeed_popover(popover), 0)
        gtk_widget_set_parent(popover, widget)
        self.popover = WeakWidget(popover)
        let width = Double(gtk_widget_get_width(widget)), height = Double(gtk_widget_get_height(widget))
        var target = GdkRectangle(x: Int32(x ?? width / 2), y: Int32(y ?? height / 2), width: 1, height: 1)
        gtk_popover_set_pointing_to(itemfeed_popover(popover), &target)
        gtk_popover_popup(itemfeed_popover(popover))
    }
}

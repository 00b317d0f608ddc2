import CGtk
import ItemFeed
import ItemFeedUI

/// A feed's menu in the sidebar: Mark All as Read, Rename, Move to Folder,
/// Copy Address, Unsubscribe. Opened by a right click, a long press, or
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
    private var entryActions: [LibrarySidebarController.FeedCommand: OpaquePointer] = [:]

    init(list: UnsafeMutablePointer<GtkWidget>, controller: LibrarySidebarController) {
        self.controller = controller
        menu = g_menu_new()
        let entries: [(String, LibrarySidebarController.FeedCommand)] = [
            (tr("R_efresh"), .refresh), (tr("_Mark All as Read"), .markAllRead), (tr("_Rename…"), .rename), (tr("Move to _Folder…"), .move),
            (tr("_Copy Address"), .copyAddress), (tr("_Unsubscribe"), .unsubscribe),
        ]
        actions = WidgetActions(on: list, prefix: "feed")
        for (label, command) in entries {
            g_menu_append(menu, label, "feed.\(command.rawValue)")
            entryActions[command] = actions.add(command.rawValue) { [weak self] in
                guard let self, let rowIndex else { return }
                self.controller.command(command, onRowAt: rowIndex)
            }
        }
        actions.add("show-menu", keys: "Menu|<Shift>F10") { [weak self] in
            guard let self, let row = Self.focusedRow(in: list) else { return }
            show(forRowAt: Int(gtk_list_box_row_get_index(itemfeed_list_box_row(row))), on: row, x: nil, y: nil)
        }

        let click = gtk_gesture_click_new()!
        gtk_gesture_single_set_button(itemfeed_gesture_single(UnsafeMutableRawPointer(click)), guint(GDK_BUTTON_SECONDARY))
        Signal.connect(UnsafeMutableRawPointer(click), "pressed") { [weak self] (_: Int32, x: Double, y: Double) in
            guard let self, let row = gtk_list_box_get_row_at_y(itemfeed_list_box(list), Int32(y)) else { return }
            let index = Int(gtk_list_box_row_get_index(row))
            var point = graphene_point_t(x: Float(x), y: Float(y))
            var inRow = graphene_point_t()
            _ = gtk_widget_compute_point(list, UnsafeMutableRawPointer(row).assumingMemoryBound(to: GtkWidget.self), &point, &inRow)
            show(forRowAt: index, on: row, x: Double(inRow.x), y: Double(inRow.y))
        }
        gtk_widget_add_controller(list, itemfeed_event_controller(UnsafeMutableRawPointer(click)))
        Signal.connect(UnsafeMutableRawPointer(list), "unrealize") { [weak self] in self?.close() }
    }

    isolated deinit {
        popover?.widget.map(Self.remove)
        g_object_unref(UnsafeMutableRawPointer(menu))
    }

    var isShown: Bool { popover?.widget.map { gtk_widget_get_visible($0) != 0 } ?? false }

    /// Before its row goes (the sidebar redrawn, the window closed): a
    /// popover left on a disposed row made GTK report criticals.
    func close() {
        popover?.widget.map(Self.remove)
        popover = nil
    }

    private static func remove(_ popover: UnsafeMutablePointer<GtkWidget>) {
        gtk_popover_popdown(itemfeed_popover(popover))
        if gtk_widget_get_parent(popover) != nil { gtk_widget_unparent(popover) }
    }

    /// Only a feed's row has a menu; an account's feed's offers what its
    /// server can do.
    func show(forRowAt index: Int, on row: UnsafeMutablePointer<GtkListBoxRow>, x: Double?, y: Double?) {
        let offered = controller.commands(forRowAt: index)
        guard !offered.isEmpty else { return }
        for (command, action) in entryActions { g_simple_action_set_enabled(action, offered.contains(command) ? 1 : 0) }
        rowIndex = index
        let widget = UnsafeMutableRawPointer(row).assumingMemoryBound(to: GtkWidget.self)
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

    private static func focusedRow(in list: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkListBoxRow>? {
        guard let root = gtk_widget_get_root(list), let focus = gtk_root_get_focus(root) else { return nil }
        var widget: UnsafeMutablePointer<GtkWidget>? = focus
        while let current = widget, current != list {
            if gtk_widget_get_parent(current) == list { return itemfeed_list_box_row(current) }
            widget = gtk_widget_get_parent(current)
        }
        return nil
    }
}

import CGtk
import ItemFeed
import ItemFeedUI

/// A row's menu — Open Link, Copy Link — on a right click, a long press
/// (touch) or the Menu key / Shift+F10 on the focused row, as GNOME lists
/// offer it. The two entries are the list's `row.open-link` and
/// `row.copy-link` actions, disabled for a row without a link; the row they
/// act on is the one the menu was opened for.
@MainActor
final class ItemRowMenu {
    private let controller: ItemListController<Thumbnail>
    private let menu: OpaquePointer
    private let openLink: OpaquePointer
    private let copyLink: OpaquePointer
    /// Mark as Read or Unread, Star or Unstar: made again for each row shown,
    /// only in a library's list.
    private let marksSection: OpaquePointer
    /// One popover per row widget, made on its first menu; GTK recycles
    /// the row widgets, so there are never more than it keeps bound. Held
    /// weakly: the row widget owns its popover, and GTK may dispose the row
    /// before the list's teardown tells us.
    private var popovers: [ObjectIdentifier: WeakWidget] = [:]
    private var shownPopover: WeakWidget?
    private var position: Int?

    init(listView: UnsafeMutablePointer<GtkWidget>, controller: ItemListController<Thumbnail>, focusedRow: @escaping () -> (ItemRowWidget, Int)?) {
        self.controller = controller
        let group = g_simple_action_group_new()!
        openLink = g_simple_action_new("open-link", nil)
        copyLink = g_simple_action_new("copy-link", nil)
        let showMenu = g_simple_action_new("show-menu", nil)!
        menu = g_menu_new()
        g_menu_append(menu, tr("_Open Link"), "row.open-link")
        g_menu_append(menu, tr("_Copy Link"), "row.copy-link")
        marksSection = g_menu_new()
        g_menu_append_section(menu, nil, itemfeed_menu_model(UnsafeMutableRawPointer(marksSection)))
        var actions = [UnsafeMutableRawPointer(openLink), UnsafeMutableRawPointer(copyLink), UnsafeMutableRawPointer(showMenu)]
        // The menu's marks act on the row it was opened for; Ctrl+U and
        // Ctrl+D on the row with the focus.
        let marking: [(name: String, read: Bool?, starred: Bool?, focused: Bool)] = [
            ("mark-read", true, nil, false), ("mark-unread", false, nil, false),
            ("star", nil, true, false), ("unstar", nil, false, false),
            ("toggle-read", nil, nil, true), ("toggle-star", nil, nil, true),
        ]
        for mark in marking {
            let action = g_simple_action_new(mark.name, nil)!
            Signal.connectActivate(UnsafeMutableRawPointer(action)) { [weak self] in
                guard let self else { return }
                let at = mark.focused ? focusedRow()?.1 : position
                guard let at, let marks = controller.marks(ofRowAt: at) else { return }
                if mark.name == "toggle-read" { controller.setRead(!marks.isRead, ofRowAt: at) }
                if mark.name == "toggle-star" { controller.setStarred(!marks.isStarred, ofRowAt: at) }
                if let read = mark.read { controller.setRead(read, ofRowAt: at) }
                if let starred = mark.starred { controller.setStarred(starred, ofRowAt: at) }
            }
            actions.append(UnsafeMutableRawPointer(action))
        }
        Signal.connectActivate(UnsafeMutableRawPointer(openLink)) { [weak self] in
            guard let self, let position else { return }
            controller.openLink(ofRowAt: position)
        }
        Signal.connectActivate(UnsafeMutableRawPointer(copyLink)) { [weak self] in
            guard let self, let position else { return }
            controller.copyLink(ofRowAt: position)
        }
        Signal.connectActivate(UnsafeMutableRawPointer(showMenu)) { [weak self] in
            guard let (row, position) = focusedRow() else { return }
            self?.show(forRowAt: position, on: row, x: nil, y: nil)
        }
        for action in actions {
            g_action_map_add_action(itemfeed_action_map(UnsafeMutableRawPointer(group)), itemfeed_action(action))
            g_object_unref(action)
        }
        gtk_widget_insert_action_group(listView, "row", itemfeed_action_group(UnsafeMutableRawPointer(group)))
        g_object_unref(UnsafeMutableRawPointer(group))

        // The keyboard's way in; "Menu" is the key, Shift+F10 its stand-in.
        let shortcuts = gtk_shortcut_controller_new()!
        gtk_shortcut_controller_add_shortcut(
            itemfeed_shortcut_controller(UnsafeMutableRawPointer(shortcuts)),
            gtk_shortcut_new(gtk_shortcut_trigger_parse_string("Menu|<Shift>F10"), gtk_named_action_new("row.show-menu"))
        )
        for (trigger, action) in [("<Control>u", "row.toggle-read"), ("<Control>d", "row.toggle-star")] {
            gtk_shortcut_controller_add_shortcut(
                itemfeed_shortcut_controller(UnsafeMutableRawPointer(shortcuts)),
                gtk_shortcut_new(gtk_shortcut_trigger_parse_string(trigger), gtk_named_action_new(action))
            )
        }
        gtk_widget_add_controller(listView, shortcuts)
    }

    isolated deinit {
        popovers.values.compactMap(\.widget).forEach(Self.remove)
        g_object_unref(UnsafeMutableRawPointer(menu))
        g_object_unref(UnsafeMutableRawPointer(marksSection))
    }

    /// A right click, or a finger held on the row, opens its menu where it
    /// was pressed. `position` answers which row the widget shows then.
    func attach(to row: ItemRowWidget, position: @escaping () -> Int?) {
        let click = gtk_gesture_click_new()!
        gtk_gesture_single_set_button(itemfeed_gesture_single(UnsafeMutableRawPointer(click)), guint(GDK_BUTTON_SECONDARY))
        Signal.connect(UnsafeMutableRawPointer(click), "pressed") { [weak self, weak row] (_: Int32, x: Double, y: Double) in
            guard let self, let row, let at = position() else { return }
            show(forRowAt: at, on: row, x: x, y: y)
        }
        gtk_widget_add_controller(row.widget, click)

        let hold = gtk_gesture_long_press_new()!
        gtk_gesture_single_set_touch_only(itemfeed_gesture_single(UnsafeMutableRawPointer(hold)), 1)
        Signal.connect(UnsafeMutableRawPointer(hold), "pressed") { [weak self, weak row] (x: Double, y: Double) in
            guard let self, let row, let at = position() else { return }
            show(forRowAt: at, on: row, x: x, y: y)
        }
        gtk_widget_add_controller(row.widget, hold)
    }

    /// The row widget leaves (GTK tears it down): its popover goes with it.
    func detach(from row: ItemRowWidget) {
        guard let popover = popovers.removeValue(forKey: ObjectIdentifier(row)) else { return }
        if shownPopover === popover { shownPopover = nil }
        popover.widget.map(Self.remove)
    }

    /// Closed first: a popover unparented while open kept its pointer grab
    /// on X11, and the next window never got the wheel (a test caught it).
    /// Held while it closes: once GTK has disposed its row, an open popover
    /// lives only while it is shown, and closing it freed it in the middle
    /// of `gtk_popover_popdown`.
    private static func remove(_ popover: UnsafeMutablePointer<GtkWidget>) {
        g_object_ref(popover)
        defer { g_object_unref(popover) }
        gtk_popover_popdown(itemfeed_popover(popover))
        if gtk_widget_get_parent(popover) != nil { gtk_widget_unparent(popover) }
    }

    /// Opens the menu for the item at `position`, pointing at `x`, `y` in
    /// the row (its middle when the keyboard asked). Items without a link,
    /// and the load-more row, offer the entries disabled.
    func show(forRowAt position: Int, on row: ItemRowWidget, x: Double?, y: Double?) {
        guard controller.item(at: position) != nil else { return }
        self.position = position
        let hasLink = controller.rowHasLink(at: position) ? gboolean(1) : gboolean(0)
        g_simple_action_set_enabled(openLink, hasLink)
        g_simple_action_set_enabled(copyLink, hasLink)
        g_menu_remove_all(marksSection)
        if let marks = controller.marks(ofRowAt: position) {
            g_menu_append(marksSection, marks.isRead ? tr("Mark as _Unread") : tr("Mark as _Read"), marks.isRead ? "row.mark-unread" : "row.mark-read")
            g_menu_append(marksSection, marks.isStarred ? tr("Un_star") : tr("_Star"), marks.isStarred ? "row.unstar" : "row.star")
        }

        let popover = popovers[ObjectIdentifier(row)]?.widget ?? makePopover(on: row)
        let width = Double(gtk_widget_get_width(row.widget)), height = Double(gtk_widget_get_height(row.widget))
        var target = GdkRectangle(x: Int32(x ?? width / 2), y: Int32(y ?? height / 2), width: 1, height: 1)
        gtk_popover_set_pointing_to(itemfeed_popover(popover), &target)
        shownPopover = popovers[ObjectIdentifier(row)]
        gtk_popover_popup(itemfeed_popover(popover))
    }

    var isShown: Bool { shownPopover?.widget.map { gtk_widget_get_visible($0) != 0 } ?? false }

    private func makePopover(on row: ItemRowWidget) -> UnsafeMutablePointer<GtkWidget> {
        let popover = gtk_popover_menu_new_from_model(itemfeed_menu_model(UnsafeMutableRawPointer(menu)))!
        gtk_popover_set_has_arrow(itemfeed_popover(popover), 0)
        gtk_widget_set_halign(popover, GTK_ALIGN_START)
        gtk_widget_set_parent(popover, row.widget)
        popovers[ObjectIdentifier(row)] = WeakWidget(popover)
        return popover
    }
}

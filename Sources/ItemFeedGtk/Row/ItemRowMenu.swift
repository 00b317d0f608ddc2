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
    private let actions: WidgetActions
    /// Enabled only for a row with a link (owned by `actions`).
    private var openLink: OpaquePointer?
    private var copyLink: OpaquePointer?
    /// Mark as Read or Unread, Star or Unstar: made again for each row shown,
    /// only in a library's list.
    private let marksSection: OpaquePointer
    /// One popover per row widget, made on its first menu; GTK recycles
    /// the row widgets, so there are never more than it keeps bound. Held
    /// weakly: the row widget owns its popover, and GTK may dispose the row
    /// before the list's teardown tells us.
    private var popovers: [ObjectIdentifier: WeakWidget] = [:]
    private var position: Int?

    init(listView: UnsafeMutablePointer<GtkWidget>, controller: ItemListController<Thumbnail>, focusedRow: @escaping () -> (ItemRowWidget, Int)?) {
        self.controller = controller
        menu = g_menu_new()
        g_menu_append(menu, tr("_Open Link"), "row.open-link")
        g_menu_append(menu, tr("_Copy Link"), "row.copy-link")
        marksSection = g_menu_new()
        g_menu_append_section(menu, nil, itemfeed_menu_model(UnsafeMutableRawPointer(marksSection)))
        actions = WidgetActions(on: listView, prefix: "row")
        openLink = actions.add("open-link") { [weak self] in
            guard let self, let position else { return }
            controller.openLink(ofRowAt: position)
        }
        copyLink = actions.add("copy-link") { [weak self] in
            guard let self, let position else { return }
            controller.copyLink(ofRowAt: position)
        }
        // The keyboard's way in; "Menu" is the key, Shift+F10 its stand-in.
        actions.add("show-menu", keys: "Menu|<Shift>F10") { [weak self] in
            guard let (row, position) = focusedRow() else { return }
            self?.show(forRowAt: position, on: row, x: nil, y: nil)
        }
        // The menu's marks act on the row it was opened for; Ctrl+U and
        // Ctrl+D toggle them on the row with the focus.
        let menuRow: () -> Int? = { [weak self] in self?.position }
        let focused: () -> Int? = { focusedRow()?.1 }
        typealias Change = @MainActor (ItemListController<Thumbnail>, Int, (isRead: Bool, isStarred: Bool)) -> Void
        let setRead: (Bool) -> Change = { isRead in { controller, at, _ in controller.setRead(isRead, ofRowAt: at) } }
        let setStarred: (Bool) -> Change = { isStarred in { controller, at, _ in controller.setStarred(isStarred, ofRowAt: at) } }
        let toggleRead: Change = { controller, at, marks in controller.setRead(!marks.isRead, ofRowAt: at) }
        let toggleStar: Change = { controller, at, marks in controller.setStarred(!marks.isStarred, ofRowAt: at) }
        let marking: [(name: String, keys: String?, row: () -> Int?, change: Change)] = [
            ("mark-read", nil, menuRow, setRead(true)), ("mark-unread", nil, menuRow, setRead(false)),
            ("star", nil, menuRow, setStarred(true)), ("unstar", nil, menuRow, setStarred(false)),
            ("toggle-read", "<Control>u", focused, toggleRead), ("toggle-star", "<Control>d", focused, toggleStar),
        ]
        for mark in marking {
            actions.add(mark.name, keys: mark.keys) {
                guard let at = mark.row(), let marks = controller.marks(ofRowAt: at) else { return }
                mark.change(controller, at, marks)
            }
        }
    }

    isolated deinit {
        popovers.values.compactMap(\.widget).forEach(Self.remove)
        g_object_unref(UnsafeMutableRawPointer(menu))
        g_object_unref(UnsafeMutableRawPointer(marksSection))
    }

    /// A right click, or a finger held on the row, opens its menu where it
    /// was pressed. `position` answers which row the widget shows then.
    func attach(to row: ItemRowWidget, position: @escaping () -> Int?) {
        MenuGestures.attach(to: row.widget) { [weak self, weak row] x, y in
            guard let self, let row, let at = position() else { return }
            show(forRowAt: at, on: row, x: x, y: y)
        }
    }

    /// The row widget leaves (GTK tears it down): its popover goes with it.
    func detach(from row: ItemRowWidget) {
        guard let popover = popovers.removeValue(forKey: ObjectIdentifier(row)) else { return }
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
        openLink.map { g_simple_action_set_enabled($0, hasLink) }
        copyLink.map { g_simple_action_set_enabled($0, hasLink) }
        g_menu_remove_all(marksSection)
        if let marks = controller.marks(ofRowAt: position) {
            g_menu_append(marksSection, marks.isRead ? tr("Mark as _Unread") : tr("Mark as _Read"), marks.isRead ? "row.mark-unread" : "row.mark-read")
            g_menu_append(marksSection, marks.isStarred ? tr("Un_star") : tr("_Star"), marks.isStarred ? "row.unstar" : "row.star")
        }

        let popover = popovers[ObjectIdentifier(row)]?.widget ?? makePopover(on: row)
        let width = Double(gtk_widget_get_width(row.widget)), height = Double(gtk_widget_get_height(row.widget))
        var target = GdkRectangle(x: Int32(x ?? width / 2), y: Int32(y ?? height / 2), width: 1, height: 1)
        gtk_popover_set_pointing_to(itemfeed_popover(popover), &target)
        gtk_popover_popup(itemfeed_popover(popover))
    }

    private func makePopover(on row: ItemRowWidget) -> UnsafeMutablePointer<GtkWidget> {
        let popover = gtk_popover_menu_new_from_model(itemfeed_menu_model(UnsafeMutableRawPointer(menu)))!
        gtk_popover_set_has_arrow(itemfeed_popover(popover), 0)
        gtk_widget_set_halign(popover, GTK_ALIGN_START)
        gtk_widget_set_parent(popover, row.widget)
        popovers[ObjectIdentifier(row)] = WeakWidget(popover)
        return popover
    }
}

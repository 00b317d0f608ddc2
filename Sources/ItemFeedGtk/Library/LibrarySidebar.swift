import CGtk
import Foundation
import ItemFeed
import ItemFeedGLib
import ItemFeedUI

/// The library's sidebar: a navigation list of the views, folders and
/// feeds, each with its icon and unread count, a failing feed with a
/// warning that says why. It forwards GTK's facts (which row was chosen) to
/// `LibrarySidebarController` and draws the rows it is given.
///
/// A GtkListView over a count of rows (`ItemRows`): GTK makes widgets only
/// for the rows on screen, so a library of 1,000 feeds costs a window's
/// worth of rows to draw and to lay out again when counts move, not every
/// row as a list box would.
@MainActor
public final class LibrarySidebar {
    /// A header bar over the scrolled list: the leaflet's first page.
    public let root: UnsafeMutablePointer<GtkWidget>
    let headerBar: UnsafeMutablePointer<GtkWidget>
    let list: UnsafeMutablePointer<GtkWidget>
    private let controller: LibrarySidebarController
    private let model = ItemRows()
    private let selection: OpaquePointer
    /// Set while rows are counted or selected from code: GTK's signals then
    /// report nothing the user did.
    private var isUpdating = false
    private(set) var shownRows: [LibrarySidebarRow] = []
    /// The Swift side of each row widget, by the GtkListItem that owns it.
    private(set) var rowWidgets: [UnsafeMutableRawPointer: LibrarySidebarRowWidget] = [:]
    private var menu: LibrarySidebarMenu?
    /// Loads a feed's icon (the thumbnails' pipeline: libcurl, the disk
    /// cache, gdk-pixbuf off the UI thread); `nil`: letter tiles only.
    public var loadIcon: ArticleView.LoadImage? {
        didSet { for (item, row) in rowWidgets { if let position = position(of: item) { showIcon(of: shownRows[position], in: row) } } }
    }
    /// Each icon once per run: its picture, or `nil` when it could not be had.
    private var icons: [URL: Thumbnail?] = [:]
    private var iconLoads: [URL: ItemImageLoaderTask] = [:]
    /// The row the pointer pressed was the chosen one already.
    private var pressedTheChosenRow = false
    /// Rows made but not on screen are drawn a turn later.
    private var isRestScheduled = false
    private let scrolled: UnsafeMutablePointer<GtkWidget>

    public init(controller: LibrarySidebarController, startButtons: [UnsafeMutablePointer<GtkWidget>] = []) {
        self.controller = controller
        headerBar = adw_header_bar_new()
        adw_header_bar_set_title_widget(itemfeed_adw_header_bar(headerBar), adw_window_title_new(tr("Feeds"), nil))
        for button in startButtons { adw_header_bar_pack_start(itemfeed_adw_header_bar(headerBar), button) }
        let factory = gtk_signal_list_item_factory_new()!
        // The selection takes the reference it is given; `model` keeps its own.
        g_object_ref(model.model)
        selection = gtk_single_selection_new(model.listModel)
        gtk_single_selection_set_autoselect(selection, 0)
        // The list view takes the selection's and the factory's references.
        list = gtk_list_view_new(selection, factory)
        gtk_widget_add_css_class(list, "navigation-sidebar")
        itemfeed_accessible_set_label(itemfeed_accessible(list), tr("Feeds"))
        scrolled = gtk_scrolled_window_new()
        gtk_scrolled_window_set_policy(itemfeed_scrolled_window(scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(itemfeed_scrolled_window(scrolled), list)
        gtk_widget_set_vexpand(scrolled, 1)
        root = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
        gtk_widget_add_css_class(root, "library-sidebar")
        gtk_widget_set_size_request(root, 220, -1)
        gtk_box_append(itemfeed_box(root), headerBar)
        gtk_box_append(itemfeed_box(root), scrolled)

        let factoryPointer = UnsafeMutableRawPointer(factory)
        Signal.connect(factoryPointer, "setup") { [weak self] item in self?.setUp(item) }
        Signal.connect(factoryPointer, "bind") { [weak self] item in self?.bind(item) }
        Signal.connect(factoryPointer, "teardown") { [weak self] item in self?.tearDown(item) }
        // A row chosen by a click or the arrow keys (GTK selects the row the
        // focus moves to, as a navigation sidebar does).
        Signal.connect(UnsafeMutableRawPointer(selection), "notify::selected") { [weak self] (_: UnsafeMutableRawPointer) in
            guard let self, !isUpdating, let index = selectedRowIndex else { return }
            controller.select(at: index)
        }
        // Enter, or a double click, on the chosen row: on a narrow window,
        // back to its list.
        Signal.connect(list, "activate") { [weak self] (position: UInt32) in
            self?.controller.select(at: Int(position))
        }
        controller.changed = { [weak self] in self?.show() }
        menu = LibrarySidebarMenu(list: list, controller: controller) { [weak self] in self?.focusedRow() }
        show()
    }

    /// Draws the controller's rows. Rows that only changed (a count moved,
    /// a feed was named) are drawn again in place where GTK shows them, and
    /// the list is not told: a refresh changes counts batch after batch.
    /// Rows added or removed start the list over.
    func show() {
        isUpdating = true
        defer { isUpdating = false }
        let rows = controller.rows
        if rows.count == shownRows.count {
            // A feed's menu goes with its feed, not with the row another takes.
            if let index = menu?.rowIndex, rows.indices.contains(index), rows[index].view != shownRows[index].view { menu?.close() }
            shownRows = rows
            drawChangedRows()
        } else {
            menu?.close()
            let removed = shownRows.count
            shownRows = rows
            model.replace(at: 0, removed: removed, added: rows.count)
        }
        if rows.indices.contains(controller.selectedIndex), selectedRowIndex != controller.selectedIndex {
            gtk_single_selection_set_selected(selection, guint(controller.selectedIndex))
        }
    }

    /// GTK 4.8 keeps up to 200 rows made around those on screen: the ones
    /// on screen are drawn again at once, the others `rowsDrawnAtOnce` a
    /// turn of the loop, so a first refresh that names every feed does not
    /// hold a frame back while rows no one sees are drawn.
    private func drawChangedRows() {
        var offScreen = 0
        for (item, row) in rowWidgets {
            guard let position = position(of: item), shownRows.indices.contains(position), row.shown != shownRows[position] else { continue }
            if !isOnScreen(row) {
                offScreen += 1
                guard offScreen <= Self.rowsDrawnAtOnce else { continue }
            }
            draw(shownRows[position], in: row)
        }
        guard offScreen > Self.rowsDrawnAtOnce, !isRestScheduled else { return }
        isRestScheduled = true
        _ = MainContextTimer.schedule(0.02) { [weak self] in
            self?.isRestScheduled = false
            self?.drawChangedRows()
        }
    }

    static let rowsDrawnAtOnce = 25

    private func draw(_ row: LibrarySidebarRow, in widget: LibrarySidebarRowWidget) {
        // GTK binds a row again as it scrolls back: nothing to work out then.
        guard widget.shown != row else { return }
        let old = widget.shown
        widget.show(row)
        if old?.title != row.title || old?.icon != row.icon { showIcon(of: row, in: widget) }
    }

    /// Whether any of the row is inside the scrolled window's view. Before
    /// the list is first laid out every row counts as shown; after, GTK
    /// gives the rows it made off screen no size.
    private func isOnScreen(_ row: LibrarySidebarRowWidget) -> Bool {
        let viewHeight = Double(gtk_widget_get_height(scrolled))
        guard viewHeight > 0 else { return true }
        let height = Double(gtk_widget_get_height(row.widget))
        var origin = graphene_point_t(x: 0, y: 0), inView = graphene_point_t()
        guard height > 0, gtk_widget_compute_point(row.widget, scrolled, &origin, &inView) != 0 else { return false }
        return Double(inView.y) + height > 0 && Double(inView.y) < viewHeight
    }

    /// The chosen row takes the focus, so the arrow keys move from it;
    /// scrolled to first when GTK has not made its row.
    public func focusSelection(attempts: Int = 3) {
        let index = controller.selectedIndex
        guard shownRows.indices.contains(index) else { return }
        if let row = rowWidgets.first(where: { position(of: $0.key) == index })?.value, let listRow = gtk_widget_get_parent(row.widget) {
            gtk_widget_grab_focus(listRow)
            return
        }
        guard attempts > 0 else { return }
        _ = gtk_widget_activate_action_variant(list, "list.scroll-to-item", g_variant_new_uint32(guint32(index)))
        _ = MainContextTimer.schedule(0.02) { [weak self] in self?.focusSelection(attempts: attempts - 1) }
    }

    var selectedRowIndex: Int? {
        let selected = gtk_single_selection_get_selected(selection)
        return selected == itemfeed_invalid_list_position() ? nil : Int(selected)
    }

    // MARK: Factory

    private func setUp(_ item: UnsafeMutableRawPointer) {
        let row = LibrarySidebarRowWidget()
        gtk_list_item_set_child(OpaquePointer(item), row.widget)
        rowWidgets[item] = row
        menu?.attach(to: row) { [weak self] in self?.position(of: item) }
        followPresses(on: row, of: item)
    }

    private func bind(_ item: UnsafeMutableRawPointer) {
        guard let row = rowWidgets[item], let position = position(of: item), shownRows.indices.contains(position) else { return }
        draw(shownRows[position], in: row)
    }

    private func tearDown(_ item: UnsafeMutableRawPointer) {
        guard let row = rowWidgets.removeValue(forKey: item) else { return }
        menu?.detach(from: row)
    }

    /// A click on the row already chosen chooses it again (on a narrow
    /// window: back to its list). Told before GTK's own click selects.
    private func followPresses(on row: LibrarySidebarRowWidget, of item: UnsafeMutableRawPointer) {
        let click = gtk_gesture_click_new()!
        gtk_gesture_single_set_button(itemfeed_gesture_single(UnsafeMutableRawPointer(click)), guint(GDK_BUTTON_PRIMARY))
        Signal.connect(UnsafeMutableRawPointer(click), "pressed") { [weak self] (_: Int32, _: Double, _: Double) in
            guard let self else { return }
            pressedTheChosenRow = position(of: item).map { $0 == selectedRowIndex } ?? false
        }
        Signal.connect(UnsafeMutableRawPointer(click), "released") { [weak self] (_: Int32, _: Double, _: Double) in
            guard let self, pressedTheChosenRow, let position = position(of: item) else { return }
            pressedTheChosenRow = false
            controller.select(at: position)
        }
        gtk_widget_add_controller(row.widget, click)
    }

    func position(of item: UnsafeMutableRawPointer) -> Int? {
        let position = gtk_list_item_get_position(OpaquePointer(item))
        return position == itemfeed_invalid_list_position() ? nil : Int(position)
    }

    /// The row with the keyboard focus (GTK focuses the list row around our
    /// row widget), for the Menu key.
    private func focusedRow() -> (LibrarySidebarRowWidget, Int)? {
        guard let root = gtk_widget_get_root(list), let focus = gtk_root_get_focus(root) else { return nil }
        return rowWidgets.lazy
            .filter { focus == $0.value.widget || gtk_widget_is_ancestor($0.value.widget, focus) != 0 || gtk_widget_get_parent($0.value.widget) == focus }
            .compactMap { item, row in self.position(of: item).map { (row, $0) } }
            .first
    }

    // MARK: Icons

    /// The feed's letter tile at once; its icon over it once loaded (each
    /// address asked once a run, the bytes kept in the image cache).
    private func showIcon(of row: LibrarySidebarRow, in widget: LibrarySidebarRowWidget) {
        guard case .feed = row.kind, let url = row.icon else { return widget.showIcon(nil) }
        if let known = icons[url] {
            return widget.showIcon(known.map { itemfeed_paintable(UnsafeMutableRawPointer($0.texture)) } ?? nil)
        }
        widget.showIcon(nil)
        guard let loadIcon, iconLoads[url] == nil else { return }
        iconLoads[url] = loadIcon(url) { [weak self] icon in
            guard let self else { return }
            iconLoads[url] = nil
            icons[url] = .some(icon)
            for (item, widget) in rowWidgets {
                guard let position = position(of: item), shownRows.indices.contains(position), shownRows[position].icon == url else { continue }
                showIcon(of: shownRows[position], in: widget)
            }
        }
    }
}

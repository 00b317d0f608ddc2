import CGtk
import ItemFeed
import ItemFeedUI

/// A GtkListView on the list controller.
///
/// GTK 4.8's list view binds about 200 rows around the viewport whatever
/// their height (measured here: 205 in a 400×600 window), so `bind` alone
/// does not mean "on screen". A bound row becomes visible to the controller
/// when the scroll position puts it in the viewport, and stops being visible
/// when it leaves or is unbound; the rows within one screen around the
/// viewport are near visible. Overshooting the top edge is a pull to refresh.
///
/// The model is a count of rows (`ItemRows`): GTK only needs to know how
/// many rows there are; what each shows comes from the controller.
@MainActor
public final class ItemListWidget: Reloadable {
    /// The scrolled window holding the list view.
    public let widget: UnsafeMutablePointer<GtkWidget>
    public let listView: UnsafeMutablePointer<GtkWidget>
    let itemRows = ItemRows()
    private let adjustment: UnsafeMutablePointer<GtkAdjustment>
    private let controller: ItemListController<Thumbnail>
    /// The Swift side of each row widget, by the GtkListItem that owns it.
    private(set) var rows: [UnsafeMutableRawPointer: ItemRowWidget] = [:]
    /// The list items the controller was told are visible.
    private var visibleItems: Set<UnsafeMutableRawPointer> = []
    /// The bound list items by position, so that a scroll by one row looks
    /// at the rows entering and leaving the screen, not at all ~200 bound.
    private var boundItems: [Int: UnsafeMutableRawPointer] = [:]
    private(set) var visibleRows: Range<Int> = 0..<0
    private(set) var nearVisible = NearVisibleRows()
    private(set) var rowMenu: ItemRowMenu!
    /// How many rows the adjustment's height was last laid out for. GTK
    /// lays new rows out a frame later; dividing the old height by the new
    /// count made rows look shorter, and the load-more row below the window
    /// "visible" (seen here: page 3 asked for while page 2 filled it).
    private var laidOutRowCount = 0

    /// Whether rows were made since the list was last restyled.
    private var newRowsNeedRestyle = false
    /// How many times new rows were restyled, for the GTK tests.
    private(set) var restyleCount = 0

    /// Used until the list has been laid out and can be measured.
    private static let estimatedRowHeight = 80.0

    public init(controller: ItemListController<Thumbnail>) {
        self.controller = controller
        let factory = gtk_signal_list_item_factory_new()!
        // The selection takes the reference it is given; `itemRows` keeps its own.
        g_object_ref(itemRows.model)
        let selection = gtk_no_selection_new(itemRows.listModel)
        // The list view takes the selection's and the factory's references.
        listView = gtk_list_view_new(selection, factory)
        gtk_widget_add_css_class(listView, "item-list")
        itemfeed_accessible_set_label(itemfeed_accessible(listView), tr("Items"))

        // Rows stay readable in a wide window: the clamp keeps them at most
        // 720 px wide and centred, and passes the list's scrolling through.
        let clamp = adw_clamp_scrollable_new()!
        adw_clamp_scrollable_set_maximum_size(itemfeed_adw_clamp_scrollable(clamp), 720)
        adw_clamp_scrollable_set_tightening_threshold(itemfeed_adw_clamp_scrollable(clamp), 560)
        adw_clamp_scrollable_set_child(itemfeed_adw_clamp_scrollable(clamp), listView)

        widget = gtk_scrolled_window_new()
        gtk_scrolled_window_set_policy(itemfeed_scrolled_window(widget), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(itemfeed_scrolled_window(widget), clamp)
        gtk_widget_set_vexpand(widget, 1)
        adjustment = gtk_scrolled_window_get_vadjustment(itemfeed_scrolled_window(widget))

        let factoryPointer = UnsafeMutableRawPointer(factory)
        Signal.connect(factoryPointer, "setup") { [weak self] item in self?.setUp(item) }
        Signal.connect(factoryPointer, "bind") { [weak self] item in self?.bind(item) }
        Signal.connect(factoryPointer, "unbind") { [weak self] item in self?.unbind(item) }
        Signal.connect(factoryPointer, "teardown") { [weak self] item in self?.tearDown(item) }
        Signal.connect(listView, "activate") { [weak controller] (position: UInt32) in
            controller?.rowActivated(at: Int(position))
        }
        Signal.connect(adjustment, "value-changed") { [weak self] in self?.scrollPositionChanged() }
        Signal.connect(adjustment, "changed") { [weak self] in
            guard let self else { return }
            let rowCountChanged = laidOutRowCount != controller.numberOfRows
            laidOutRowCount = controller.numberOfRows
            scrollPositionChanged(rowsWereReplaced: rowCountChanged)
        }
        Signal.connect(listView, "realize") { [weak self] in self?.followFrames() }
        Signal.connect(widget, "edge-overshot") { [weak controller] (edge: UInt32) in
            guard edge == GTK_POS_TOP.rawValue else { return }
            controller?.refreshControl.listOvershotTop()
        }
        followScrollInput()
        rowMenu = ItemRowMenu(listView: listView, controller: controller) { [weak self] in self?.focusedRow() }
    }

    /// Tells the refresh control what moved the list, so that only a
    /// touchpad or a finger pulling past the top reloads, never the wheel.
    /// Both watch in the capture phase and claim nothing: the scrolled
    /// window still scrolls and drags as it would without them.
    private func followScrollInput() {
        let scroll = UnsafeMutableRawPointer(gtk_event_controller_scroll_new(GTK_EVENT_CONTROLLER_SCROLL_VERTICAL)!)
        gtk_event_controller_set_propagation_phase(itemfeed_event_controller(scroll), GTK_PHASE_CAPTURE)
        Signal.connectScroll(scroll) { [weak controller] in
            let unit = gtk_event_controller_scroll_get_unit(itemfeed_event_controller_scroll(scroll))
            controller?.refreshControl.listScrolled(by: unit == GDK_SCROLL_UNIT_WHEEL ? .wheel : .touchpad)
        }
        gtk_widget_add_controller(widget, itemfeed_event_controller(scroll))

        let drag = UnsafeMutableRawPointer(gtk_gesture_drag_new()!)
        gtk_gesture_single_set_touch_only(itemfeed_gesture_single(drag), 1)
        gtk_event_controller_set_propagation_phase(itemfeed_event_controller(drag), GTK_PHASE_CAPTURE)
        Signal.connect(drag, "drag-begin") { [weak controller] (_: Double, _: Double) in
            controller?.refreshControl.listScrolled(by: .touch)
        }
        gtk_widget_add_controller(widget, itemfeed_event_controller(drag))
    }

    // MARK: Reloadable

    public func reloadData() {
        // The controller has replaced every row; start over with the new ones.
        visibleItems.removeAll()
        nearVisible.reset()
        itemRows.replace(at: 0, removed: itemRows.count, added: controller.numberOfRows)
        scrollPositionChanged(rowsWereReplaced: true)
        // The previous rows and their items are gone.
        FreedMemory.returnToSystem()
    }

    /// Only the end of the model changes: GTK keeps the rows before it bound
    /// where they are, with the scroll position and the focus.
    public func rowsChanged(at position: Int, removed: Int, added: Int) {
        itemRows.replace(at: position, removed: removed, added: added)
        scrollPositionChanged(rowsWereReplaced: true)
    }

    // MARK: Factory

    private func setUp(_ item: UnsafeMutableRawPointer) {
        let row = ItemRowWidget()
        gtk_list_item_set_child(OpaquePointer(item), row.widget)
        rows[item] = row
        rowMenu.attach(to: row) { [weak self] in self?.position(of: item) }
        restyleNewRows()
    }

    /// Has GTK work out the new rows' styles again, once they have settled.
    ///
    /// GTK 4.8 gives a row it has just made its first style while it lays
    /// the list out, outside its style pass and so without the ancestors'
    /// names and classes at hand: the row's style (and its children's) then
    /// counts every selector that ends in its name among what it depends on
    /// (the list's state and hover, the window's backdrop), and GTK keeps
    /// that until a name or class around it changes. Every key press sets
    /// the focus state of the whole chain from the window down again, so
    /// each press restyled all ~200 bound rows: 85,000–150,000 new GObjects
    /// in 600 presses instead of ~20,000 (read off a GTK 4.8.3 built here
    /// with a trace: `box.item-row` depended on 0x587000483 instead of 0x83).
    /// A class added to the list and taken away again changes nothing on
    /// screen, but GTK's next style pass, which has the ancestors, then
    /// works out afresh what the rows and their children depend on.
    ///
    /// After a frame is painted, not after a delay: with the CPU busy, GTK
    /// made a batch of rows in one turn of the loop and styled them in the
    /// next frame's layout 250 ms later, so a restyle timed 200 ms from the
    /// first new row came before the styles it was to correct (3 runs in 5
    /// restyled every row on every press under load; none in 11 now).
    private func restyleNewRows() {
        newRowsNeedRestyle = true
    }

    /// Once a frame, a flag read: the restyle itself only after rows were made.
    private func followFrames() {
        guard let clock = gtk_widget_get_frame_clock(listView) else { return }
        Signal.connect(UnsafeMutableRawPointer(clock), "after-paint") { [weak self] in
            guard let self, newRowsNeedRestyle else { return }
            newRowsNeedRestyle = false
            restyleCount += 1
            gtk_widget_add_css_class(listView, "restyled")
            gtk_widget_remove_css_class(listView, "restyled")
        }
    }

    private func bind(_ item: UnsafeMutableRawPointer) {
        guard let row = rows[item], let position = position(of: item) else { return }
        boundItems[position] = item
        // A row in view is rendered by its controller; one bound ahead of
        // the viewport shows its own item until it scrolls in, never what
        // the widget showed for the item it was bound to before.
        if updateVisibility(of: item) { return }
        if let state = controller.rowState(at: position) { row.display(state) }
    }

    private func unbind(_ item: UnsafeMutableRawPointer) {
        hide(item)
        forget(item)
    }

    private func tearDown(_ item: UnsafeMutableRawPointer) {
        hide(item)
        forget(item)
        if let row = rows.removeValue(forKey: item) { rowMenu.detach(from: row) }
    }

    /// The row with the keyboard focus (GTK focuses the list row around our
    /// row widget), for the Menu key.
    private func focusedRow() -> (ItemRowWidget, Int)? {
        guard let root = gtk_widget_get_root(listView), let focus = gtk_root_get_focus(root) else { return nil }
        return rows.lazy
            .filter { focus == $0.value.widget || gtk_widget_is_ancestor($0.value.widget, focus) != 0 }
            .compactMap { item, row in self.position(of: item).map { (row, $0) } }
            .first
    }

    // MARK: Visibility

    func position(of item: UnsafeMutableRawPointer) -> Int? {
        let position = gtk_list_item_get_position(OpaquePointer(item))
        return position == itemfeed_invalid_list_position() ? nil : Int(position)
    }

    /// An entry left for a row whose position is gone is harmless: a row
    /// is always checked at its own position, and a reload rebuilds them.
    private func forget(_ item: UnsafeMutableRawPointer) {
        if let position = position(of: item), boundItems[position] == item {
            boundItems[position] = nil
        }
    }

    /// Whether the row is in view now.
    @discardableResult
    private func updateVisibility(of item: UnsafeMutableRawPointer) -> Bool {
        guard let row = rows[item], gtk_list_item_get_item(OpaquePointer(item)) != nil,
              let position = position(of: item), visibleRows.contains(position)
        else { hide(item); return false }
        guard !visibleItems.contains(item) else { return true }
        visibleItems.insert(item)
        controller.rowBecameVisible(at: position, in: row)
        return true
    }

    private func hide(_ item: UnsafeMutableRawPointer) {
        guard visibleItems.remove(item) != nil, let row = rows[item] else { return }
        controller.rowStoppedBeingVisible(in: row)
    }

    /// `value-changed` fires for every pixel scrolled, but which rows are on
    /// screen changes only once per row height: the pass over the ~200 bound
    /// rows runs only then (or after a reload replaced every row).
    private func scrollPositionChanged(rowsWereReplaced: Bool = false) {
        let pageSize = gtk_adjustment_get_page_size(adjustment)
        guard pageSize > 0 else { return }
        let rowHeight = measuredRowHeight()
        let offset = gtk_adjustment_get_value(adjustment)
        let first = Int(offset / rowHeight)
        let last = Int(((offset + pageSize) / rowHeight).rounded(.up))
        let onScreen = first..<max(first, last)
        guard rowsWereReplaced || onScreen != visibleRows else { return }
        let before = visibleRows
        visibleRows = onScreen
        if rowsWereReplaced {
            // Every position may have moved: all bound rows, looked up again.
            boundItems = Dictionary(rows.keys.compactMap { item in position(of: item).map { ($0, item) } }) { first, _ in first }
            // Top to bottom, so the thumbnails the eye reaches first load first.
            boundItems.sorted { $0.key < $1.key }.forEach { updateVisibility(of: $0.value) }
            visibleItems.subtracting(boundItems.values).forEach(hide)
        } else {
            // A scroll: only rows that left the screen and rows that came
            // onto it change (sorting all bound rows on every row crossing
            // was 1.5% of the UI thread while scrolling).
            visibleItems.filter { item in position(of: item).map { !onScreen.contains($0) } ?? true }.forEach(hide)
            for position in onScreen where !before.contains(position) {
                if let item = boundItems[position] { updateVisibility(of: item) }
            }
        }
        updateNearVisibleRows(pageSize: pageSize, rowHeight: rowHeight)
    }

    /// Rows within one screen above and below the visible ones are near
    /// visible: far enough ahead that a thumbnail is usually there when its
    /// row scrolls in, near enough that the requests stay a few dozen.
    private func updateNearVisibleRows(pageSize: Double, rowHeight: Double) {
        let change = nearVisible.update(
            visible: visibleRows,
            margin: Int((pageSize / rowHeight).rounded(.up)),
            rowCount: controller.numberOfRows
        )
        change.left.forEach(controller.rowStoppedBeingNearVisible)
        change.entered.forEach(controller.rowBecameNearVisible)
    }

    /// Rows are all one height (the 64 px thumbnail is taller than two title
    /// lines and the dim line), so the list's scrollable height divided by
    /// its rows is the row height, padding and theme included.
    private func measuredRowHeight() -> Double {
        let upper = gtk_adjustment_get_upper(adjustment)
        let count = laidOutRowCount
        return count > 0 && upper > 0 ? upper / Double(count) : Self.estimatedRowHeight
    }
}

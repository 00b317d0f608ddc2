import CGtk
import ItemFeed
import ItemFeedGLib
import ItemFeedUI

/// A GtkListView on the list controller.
///
/// It forwards GTK's facts (rows bound and unbound at positions, the
/// adjustment's values) to an `ItemListViewport`, which decides which rows
/// are visible and near visible and tells the row controllers, as the
/// headless tests do. Overshooting the top edge is a pull to refresh.
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
    let viewport: ItemListViewport<ItemRowWidget>
    /// The Swift side of each row widget, by the GtkListItem that owns it.
    private(set) var rows: [UnsafeMutableRawPointer: ItemRowWidget] = [:]
    private var rowMenu: ItemRowMenu!

    /// Whether rows were made since the list was last restyled.
    private var newRowsNeedRestyle = false
    /// How many times new rows were restyled, for the GTK tests.
    private(set) var restyleCount = 0

    public init(controller: ItemListController<Thumbnail>) {
        self.controller = controller
        viewport = ItemListViewport(controller: controller)
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
        Signal.connect(adjustment, "value-changed") { [weak self] in
            guard let self else { return }
            viewport.scrolled(scroll)
        }
        Signal.connect(adjustment, "changed") { [weak self] in
            guard let self else { return }
            viewport.laidOut(scroll) { self.boundRows() }
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

    /// A row opens on one click where it opens in the reading pane, as in
    /// every GNOME reader; a double click where it opens the browser.
    public var opensOnSingleClick: Bool {
        get { gtk_list_view_get_single_click_activate(itemfeed_list_view(listView)) != 0 }
        set { gtk_list_view_set_single_click_activate(itemfeed_list_view(listView), newValue ? 1 : 0) }
    }

    // MARK: Reloadable

    public func reloadData() {
        // The controller has replaced every row; start over with the new ones.
        viewport.allRowsReplaced()
        itemRows.replace(at: 0, removed: itemRows.count, added: controller.numberOfRows)
        viewport.rowsChanged(scroll, boundRows: boundRows())
        // The previous rows and their items are gone.
        FreedMemory.returnToSystem()
        tellIfFirstRowsArrived()
    }

    /// Only the end of the model changes: GTK keeps the rows before it bound
    /// where they are, with the scroll position and the focus.
    public func rowsChanged(at position: Int, removed: Int, added: Int) {
        itemRows.replace(at: position, removed: removed, added: added)
        viewport.rowsChanged(scroll, boundRows: boundRows())
        tellIfFirstRowsArrived()
    }

    /// Told once, when the list first has rows (it can take the focus then).
    public var firstRowsArrived: (() -> Void)?

    private func tellIfFirstRowsArrived() {
        guard itemRows.count > 0, let told = firstRowsArrived else { return }
        firstRowsArrived = nil
        told()
    }

    /// Brings the row at `position` into view (the reader moved to its
    /// item), scrolling no more than needed. GTK 4.8's "list.scroll-to-item"
    /// did not move to a row it had not made yet, so the offset is worked
    /// out from the rows' mean height, and again over the next frames as
    /// GTK learns the real heights.
    public func scrollTo(_ position: Int, attempts: Int = 6) {
        let visible = viewport.visibleRows
        guard !visible.contains(position), attempts > 0, itemRows.count > 0 else { return }
        let rowHeight = gtk_adjustment_get_upper(adjustment) / Double(itemRows.count)
        let page = gtk_adjustment_get_page_size(adjustment)
        let target = position < visible.lowerBound ? Double(position) * rowHeight : Double(position + 1) * rowHeight - page
        gtk_adjustment_set_value(adjustment, max(0, target))
        _ = MainContextTimer.schedule(0.02) { [weak self] in self?.scrollTo(position, attempts: attempts - 1) }
    }

    /// To the first row (the newest, in a library view).
    public func scrollToTop() {
        gtk_adjustment_set_value(adjustment, gtk_adjustment_get_lower(adjustment))
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
    /// makes a batch of rows in one turn of the loop and styles them in a
    /// later frame's layout, so a restyle timed from the first new row can
    /// come before the styles it is to correct.
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
        viewport.rowBound(row, at: position)
    }

    private func unbind(_ item: UnsafeMutableRawPointer) {
        if let row = rows[item] { viewport.rowUnbound(row) }
    }

    private func tearDown(_ item: UnsafeMutableRawPointer) {
        guard let row = rows.removeValue(forKey: item) else { return }
        viewport.rowUnbound(row)
        rowMenu.detach(from: row)
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

    // MARK: GTK's facts

    func position(of item: UnsafeMutableRawPointer) -> Int? {
        let position = gtk_list_item_get_position(OpaquePointer(item))
        return position == itemfeed_invalid_list_position() ? nil : Int(position)
    }

    private var scroll: ItemListViewport<ItemRowWidget>.Scroll {
        .init(
            offset: gtk_adjustment_get_value(adjustment),
            pageSize: gtk_adjustment_get_page_size(adjustment),
            contentHeight: gtk_adjustment_get_upper(adjustment)
        )
    }

    /// The rows GTK has bound to an item now, with their positions.
    private func boundRows() -> [(ItemRowWidget, Int)] {
        rows.compactMap { item, row in
            guard gtk_list_item_get_item(OpaquePointer(item)) != nil, let position = position(of: item) else { return nil }
            return (row, position)
        }
    }
}

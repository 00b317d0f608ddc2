import CGtk
import ItemFeed
import ItemFeedUI

/// A GtkListView on the list controller: the factory's `bind` and `unbind`
/// are the controller's "row visible" and "row not visible", the scroll
/// position decides which rows are near visible, and overshooting the top
/// edge is a pull to refresh.
///
/// The model is a GtkStringList of empty strings: GTK only needs to know
/// how many rows there are; what each shows comes from the controller.
@MainActor
public final class ItemListWidget: Reloadable {
    /// The scrolled window holding the list view.
    public let widget: UnsafeMutablePointer<GtkWidget>
    public let listView: UnsafeMutablePointer<GtkWidget>
    private let model: OpaquePointer
    private let adjustment: UnsafeMutablePointer<GtkAdjustment>
    private let controller: ItemListController<Thumbnail>
    /// The Swift side of each row widget, by the GtkListItem that owns it.
    private var rows: [UnsafeMutableRawPointer: ItemRowWidget] = [:]
    private var nearVisible = NearVisibleRows()
    private var modelCount: UInt32 = 0

    /// Used until a row has been allocated and can be measured.
    private static let estimatedRowHeight = 80.0

    public init(controller: ItemListController<Thumbnail>) {
        self.controller = controller
        model = gtk_string_list_new(nil)
        let factory = gtk_signal_list_item_factory_new()!
        // The selection takes the model's reference; keep one for splicing.
        g_object_ref(UnsafeMutableRawPointer(model))
        let selection = gtk_no_selection_new(itemfeed_list_model(UnsafeMutableRawPointer(model)))
        // The list view takes the selection's and the factory's references.
        listView = gtk_list_view_new(selection, factory)
        gtk_widget_add_css_class(listView, "item-list")
        itemfeed_accessible_set_label(itemfeed_accessible(listView), "Items")

        widget = gtk_scrolled_window_new()
        gtk_scrolled_window_set_policy(itemfeed_scrolled_window(widget), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(itemfeed_scrolled_window(widget), listView)
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
        Signal.connect(adjustment, "value-changed") { [weak self] in self?.updateNearVisibleRows() }
        Signal.connect(adjustment, "changed") { [weak self] in self?.updateNearVisibleRows() }
        Signal.connect(widget, "edge-overshot") { [weak controller] (edge: UInt32) in
            guard let controller, edge == GTK_POS_TOP.rawValue, !controller.refreshControl.isRefreshing else { return }
            controller.refreshControl.sendActions(for: .valueChanged)
        }
    }

    isolated deinit {
        g_object_unref(UnsafeMutableRawPointer(model))
    }

    // MARK: Reloadable

    public func reloadData() {
        let count = UInt32(controller.numberOfRows)
        var strings = [UnsafePointer<CChar>?](repeating: Self.emptyString, count: Int(count))
        strings.append(nil)
        nearVisible.reset()
        gtk_string_list_splice(model, 0, modelCount, &strings)
        modelCount = count
        updateNearVisibleRows()
    }

    private static let emptyString = UnsafePointer(strdup("")!)

    // MARK: Factory

    private func setUp(_ item: UnsafeMutableRawPointer) {
        let row = ItemRowWidget()
        gtk_list_item_set_child(OpaquePointer(item), row.widget)
        rows[item] = row
    }

    private func bind(_ item: UnsafeMutableRawPointer) {
        let position = gtk_list_item_get_position(OpaquePointer(item))
        guard let row = rows[item], position != itemfeed_invalid_list_position() else { return }
        controller.rowBecameVisible(at: Int(position), in: row)
    }

    private func unbind(_ item: UnsafeMutableRawPointer) {
        guard let row = rows[item] else { return }
        controller.rowStoppedBeingVisible(in: row)
    }

    private func tearDown(_ item: UnsafeMutableRawPointer) {
        guard let row = rows.removeValue(forKey: item) else { return }
        controller.rowStoppedBeingVisible(in: row)
    }

    // MARK: Prefetch

    /// Rows within one screen above and below the visible ones are near
    /// visible: far enough ahead that a thumbnail is usually there when its
    /// row scrolls in, near enough that the requests stay a few dozen.
    private func updateNearVisibleRows() {
        let pageSize = gtk_adjustment_get_page_size(adjustment)
        guard pageSize > 0 else { return }
        let rowHeight = measuredRowHeight()
        let offset = gtk_adjustment_get_value(adjustment)
        let first = Int(offset / rowHeight)
        let last = Int(((offset + pageSize) / rowHeight).rounded(.up))
        let change = nearVisible.update(
            visible: first..<max(first, last),
            margin: Int((pageSize / rowHeight).rounded(.up)),
            rowCount: controller.numberOfRows
        )
        change.left.forEach(controller.rowStoppedBeingNearVisible)
        change.entered.forEach(controller.rowBecameNearVisible)
    }

    private func measuredRowHeight() -> Double {
        let heights = rows.values.lazy.map { Double(gtk_widget_get_height(gtk_widget_get_parent($0.widget))) }
        return heights.first { $0 > 0 } ?? Self.estimatedRowHeight
    }

    // MARK: What the GTK tests read back

    public var boundRowCount: Int { controller.boundRowCount }

    public var nearVisibleRows: Range<Int> { nearVisible.rows }

    public func rowWidgets() -> [ItemRowWidget] { Array(rows.values) }
}

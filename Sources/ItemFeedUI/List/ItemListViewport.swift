/// Which bound rows are on screen and which are about to be, decided from
/// the toolkit's facts alone: rows bound and unbound at positions, and the
/// list's scroll position, page size and content height.
///
/// GTK 4.8's list view binds about 200 rows around the viewport whatever
/// their height, so `bind` alone
/// does not mean "on screen". A bound row becomes visible to the controller
/// when the scroll position puts it in the viewport, and stops being visible
/// when it leaves or is unbound; the rows within one screen around the
/// viewport are near visible. The GTK widget only forwards its facts here,
/// so the rule is tested headless, against the same row controllers.
@MainActor
public final class ItemListViewport<Row: ItemRowView> {
    /// The list's vertical adjustment, as GTK reports it.
    public struct Scroll: Equatable, Sendable {
        public var offset: Double
        public var pageSize: Double
        /// The height of every row laid out, the adjustment's upper bound.
        public var contentHeight: Double

        public init(offset: Double, pageSize: Double, contentHeight: Double) {
            self.offset = offset
            self.pageSize = pageSize
            self.contentHeight = contentHeight
        }
    }

    /// Used until the list has been laid out and can be measured.
    static var estimatedRowHeight: Double { 80 }

    private let controller: ItemListController<Row.Image>
    /// Each bound row by identity, with the position it is bound at.
    private var bound: [ObjectIdentifier: (row: Row, position: Int)] = [:]
    /// The bound rows by position, so that a scroll by one row looks at the
    /// rows entering and leaving the screen, not at all ~200 bound.
    private var boundAt: [Int: Row] = [:]
    /// The rows the controller was told are visible.
    private var visible: [ObjectIdentifier: Row] = [:]
    private var scroll = Scroll(offset: 0, pageSize: 0, contentHeight: 0)
    /// How many rows the content height was last laid out for. GTK lays new
    /// rows out a frame later; dividing the old height by the new count made
    /// rows look shorter, and the load-more row below the window "visible"
    /// (seen here: page 3 asked for while page 2 filled it).
    private var laidOutRowCount = 0

    public private(set) var visibleRows: Range<Int> = 0..<0
    public private(set) var nearVisible = NearVisibleRows()

    public init(controller: ItemListController<Row.Image>) {
        self.controller = controller
    }

    /// How many rows are bound, on screen or not.
    public var boundRowCount: Int { bound.count }

    // MARK: The toolkit's facts

    /// GTK bound `row` to `position`. A row in view is rendered by its
    /// controller; one bound ahead of the viewport shows its own item until
    /// it scrolls in, never what the row showed for the item it had before.
    public func rowBound(_ row: Row, at position: Int) {
        let id = ObjectIdentifier(row)
        if let previous = bound[id], previous.position != position { rowUnbound(row) }
        bound[id] = (row, position)
        boundAt[position] = row
        if updateVisibility(of: row, at: position) { return }
        if let state = controller.rowState(at: position) { row.display(state) }
    }

    /// GTK unbound `row` (or tore it down): it is no longer visible.
    public func rowUnbound(_ row: Row) {
        hide(row)
        let id = ObjectIdentifier(row)
        guard let entry = bound.removeValue(forKey: id) else { return }
        if boundAt[entry.position] === row { boundAt[entry.position] = nil }
    }

    /// The scroll position moved (`value-changed`).
    public func scrolled(_ scroll: Scroll) {
        self.scroll = scroll
        update(rowsWereReplaced: false, boundRows: nil)
    }

    /// GTK laid the list out again (the adjustment's `changed`): when the
    /// row count changed since the last layout, every position may have
    /// moved, and `boundRows` says where each bound row is now.
    public func laidOut(_ scroll: Scroll, boundRows: () -> [(Row, Int)]) {
        self.scroll = scroll
        let rowCountChanged = laidOutRowCount != controller.numberOfRows
        laidOutRowCount = controller.numberOfRows
        update(rowsWereReplaced: rowCountChanged, boundRows: rowCountChanged ? boundRows() : nil)
    }

    /// The controller replaced every row: none is visible any more (the
    /// controller has already let its rows go) nor near visible. Call before
    /// the model changes, then `rowsChanged` once it has.
    public func allRowsReplaced() {
        visible.removeAll()
        nearVisible.reset()
    }

    /// The model changed; `boundRows` says where each bound row is now.
    public func rowsChanged(_ scroll: Scroll, boundRows: [(Row, Int)]) {
        self.scroll = scroll
        update(rowsWereReplaced: true, boundRows: boundRows)
    }

    // MARK: The rule

    /// `value-changed` fires for every pixel scrolled, but which rows are on
    /// screen changes only once per row height: the pass over the ~200 bound
    /// rows runs only then (or after the rows were replaced).
    private func update(rowsWereReplaced: Bool, boundRows: [(Row, Int)]?) {
        if let boundRows { rebuildPositions(boundRows) }
        guard scroll.pageSize > 0 else { return }
        let rowHeight = measuredRowHeight()
        let first = Int(scroll.offset / rowHeight)
        let last = Int(((scroll.offset + scroll.pageSize) / rowHeight).rounded(.up))
        let onScreen = first..<max(first, last)
        guard rowsWereReplaced || onScreen != visibleRows else { return }
        let before = visibleRows
        visibleRows = onScreen
        if rowsWereReplaced {
            // Top to bottom, so the thumbnails the eye reaches first load first.
            for position in boundAt.keys.sorted() {
                if let row = boundAt[position] { updateVisibility(of: row, at: position) }
            }
            for (id, row) in visible where bound[id] == nil { hide(row) }
        } else {
            // A scroll: only rows that left the screen and rows that came
            // onto it change, not every bound row sorted at each crossing.
            for (id, row) in visible where !(bound[id].map { onScreen.contains($0.position) } ?? false) { hide(row) }
            for position in onScreen where !before.contains(position) {
                if let row = boundAt[position] { updateVisibility(of: row, at: position) }
            }
        }
        updateNearVisibleRows(rowHeight: rowHeight)
    }

    /// Every position may have moved: the bound rows, as GTK has them now.
    private func rebuildPositions(_ boundRows: [(Row, Int)]) {
        let now = Set(boundRows.map { ObjectIdentifier($0.0) })
        for (id, entry) in bound where !now.contains(id) { rowUnbound(entry.row) }
        bound = [:]
        boundAt = [:]
        for (row, position) in boundRows {
            bound[ObjectIdentifier(row)] = (row, position)
            if boundAt[position] == nil { boundAt[position] = row }
        }
    }

    /// Whether the row is in view now; tells the controller when it comes in.
    @discardableResult
    private func updateVisibility(of row: Row, at position: Int) -> Bool {
        guard visibleRows.contains(position), position < controller.numberOfRows else {
            hide(row)
            return false
        }
        let id = ObjectIdentifier(row)
        guard visible[id] == nil else { return true }
        visible[id] = row
        controller.rowBecameVisible(at: position, in: row)
        return true
    }

    private func hide(_ row: Row) {
        guard visible.removeValue(forKey: ObjectIdentifier(row)) != nil else { return }
        controller.rowStoppedBeingVisible(in: row)
    }

    /// Rows within one screen above and below the visible ones are near
    /// visible: far enough ahead that a thumbnail is usually there when its
    /// row scrolls in, near enough that the requests stay a few dozen.
    private func updateNearVisibleRows(rowHeight: Double) {
        let change = nearVisible.update(
            visible: visibleRows,
            margin: Int((scroll.pageSize / rowHeight).rounded(.up)),
            rowCount: controller.numberOfRows
        )
        change.left.forEach(controller.rowStoppedBeingNearVisible)
        change.entered.forEach(controller.rowBecameNearVisible)
    }

    /// Rows are all one height (the 64 px thumbnail is taller than two title
    /// lines and the dim line), so the content height divided by the rows
    /// laid out is the row height, padding and theme included.
    private func measuredRowHeight() -> Double {
        laidOutRowCount > 0 && scroll.contentHeight > 0
            ? scroll.contentHeight / Double(laidOutRowCount) : Self.estimatedRowHeight
    }
}

import CGtk
import ItemFeedUI

/// What the list's tests and the first-rows benchmark read of the work GTK
/// did, which no widget shows: rows bound off screen, the viewport the
/// controller was told of, restyles.
extension ItemListWidget {
    /// Rows GTK has bound, on screen or not.
    public var boundRowCount: Int { rows.keys.filter { position(of: $0) != nil }.count }
    public var visibleRowRange: Range<Int> { viewport.visibleRows }

    var nearVisibleRows: Range<Int> { viewport.nearVisible.rows }

    /// How many times the list has had GTK work out its new rows' styles
    /// again.
    var rowRestyles: Int { restyleCount }
}

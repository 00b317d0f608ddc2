import CGtk
import ItemFeedUI

/// What the first-rows benchmark reads of the work GTK did, which no
/// widget shows: rows bound off screen, the viewport the controller was
/// told of.
extension ItemListWidget {
    /// Rows GTK has bound, on screen or not.
    public var boundRowCount: Int { rows.keys.filter { position(of: $0) != nil }.count }
    public var visibleRowRange: Range<Int> { viewport.visibleRows }
}

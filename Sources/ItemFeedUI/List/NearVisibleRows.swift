/// Which rows are "about to be visible": the visible rows plus a margin on
/// each side. The toolkit reports the visible range as the user scrolls; this
/// turns it into the per-row enter/leave events the controllers hear.
public struct NearVisibleRows: Equatable {
    public private(set) var rows: Range<Int> = 0..<0

    public init() {}

    /// Moves the window to `visible` widened by `margin`, clamped to
    /// `0..<rowCount`, and returns the rows that entered and that left it.
    public mutating func update(visible: Range<Int>, margin: Int, rowCount: Int) -> (entered: [Int], left: [Int]) {
        let lower = max(0, min(rowCount, visible.lowerBound - margin))
        let upper = max(lower, min(rowCount, visible.upperBound + margin))
        let new = lower..<upper
        let entered = new.filter { !rows.contains($0) }
        let left = rows.filter { !new.contains($0) }
        rows = new
        return (entered, left)
    }

    /// Forgets every row, as after a reload replaced them all.
    public mutating func reset() {
        rows = 0..<0
    }
}

/// A list view that can be told its data changed.
@MainActor
public protocol Reloadable: AnyObject {
    func reloadData()
    /// Rows changed at the end of the list only (a page appended, the
    /// load-more row added or removed): the rows before `position` stay as
    /// they are, so the scroll position, focus and bound rows stay too.
    func rowsChanged(at position: Int, removed: Int, added: Int)
}

/// Who reloads a list view when new data arrives. Injected so a test can see
/// that the controller asked for a reload, and so a toolkit could batch or
/// animate reloads without the controller knowing.
@MainActor
public protocol ListReloader {
    func reload(_ list: Reloadable)
}

/// Reloads the list right away.
public struct ImmediateListReloader: ListReloader {
    public init() {}

    public func reload(_ list: Reloadable) {
        list.reloadData()
    }
}

import ItemFeedUI

/// The list around the rows, with no toolkit: counts reloads and records
/// the error banner and empty page the way the GTK window shows them.
@MainActor
public final class HeadlessItemListView: Reloadable, ItemListStatusView {
    public private(set) var reloadCount = 0
    public private(set) var errorMessage: String?
    public private(set) var isShowingEmptyState = false

    public init() {}

    public func reloadData() { reloadCount += 1 }
    public func display(errorMessage: String?) { self.errorMessage = errorMessage }
    public func display(isEmpty: Bool) { isShowingEmptyState = isEmpty }
}

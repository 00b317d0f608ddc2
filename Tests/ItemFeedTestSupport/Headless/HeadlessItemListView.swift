import ItemFeed
import ItemFeedUI

/// The list around the rows, with no toolkit: counts reloads and records
/// the banner and the page the way the GTK window shows them.
@MainActor
public final class HeadlessItemListView: Reloadable, ItemListStatusView {
    public private(set) var reloadCount = 0
    /// Every change at the end of the list, as `(position, removed, added)`.
    public private(set) var rowChanges: [RowChange] = []

    public struct RowChange: Equatable {
        public let position, removed, added: Int
        public init(position: Int, removed: Int, added: Int) {
            (self.position, self.removed, self.added) = (position, removed, added)
        }
    }
    public private(set) var bannerMessage: String?
    public private(set) var page: ItemListPage = .rows
    public private(set) var featured: [Item] = []
    public private(set) var searchProblem: String?

    public init() {}

    public func reloadData() { reloadCount += 1 }
    public func rowsChanged(at position: Int, removed: Int, added: Int) {
        rowChanges.append(RowChange(position: position, removed: removed, added: added))
    }
    public func display(bannerMessage: String?) { self.bannerMessage = bannerMessage }
    public func display(page: ItemListPage) { self.page = page }
    public func display(featured: [Item]) { self.featured = featured }
    public func display(searchProblem: String?) { self.searchProblem = searchProblem }

    public var isShowingEmptyState: Bool { page == .empty }
}

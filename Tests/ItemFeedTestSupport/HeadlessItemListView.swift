import ItemFeedUI

/// The list around the rows, with no toolkit: counts reloads and records
/// the banner and the page the way the GTK window shows them.
@MainActor
public final class HeadlessItemListView: Reloadable, ItemListStatusView {
    public private(set) var reloadCount = 0
    public private(set) var bannerMessage: String?
    public private(set) var page: ItemListPage = .rows

    public init() {}

    public func reloadData() { reloadCount += 1 }
    public func display(bannerMessage: String?) { self.bannerMessage = bannerMessage }
    public func display(page: ItemListPage) { self.page = page }

    public var isShowingEmptyState: Bool { page == .empty }
}

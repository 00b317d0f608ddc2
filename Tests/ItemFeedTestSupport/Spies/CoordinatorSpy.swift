import Foundation
import ItemFeed

/// Records which items and feeds the screen asked to open.
public final class CoordinatorSpy: ItemListCoordinator {
    public private(set) var openedItems: [Item] = []
    public private(set) var copiedLinks: [Item] = []
    public private(set) var openedFeeds: [URL] = []

    public init() {}

    public func open(_ item: Item) { openedItems.append(item) }
    public func copyLink(of item: Item) { copiedLinks.append(item) }
    public func openFeed(at url: URL) { openedFeeds.append(url) }
}

import ItemFeed

/// Records which items the screen asked to open.
public final class CoordinatorSpy: ItemListCoordinator {
    public private(set) var openedItems: [Item] = []
    public private(set) var copiedLinks: [Item] = []

    public init() {}

    public func open(_ item: Item) { openedItems.append(item) }
    public func copyLink(of item: Item) { copiedLinks.append(item) }
}

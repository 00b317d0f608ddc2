import Foundation
import ItemFeed
import ItemFeedGtk
import ItemFeedUI

/// A library view's coordinator: opening an item marks it read, then opens
/// its link as a feed's list does.
final class LibraryItemLinks: ItemListCoordinator {
    private let loader: LibraryViewLoader
    private let links: ItemListCoordinator

    init(loader: LibraryViewLoader, links: ItemListCoordinator) {
        self.loader = loader
        self.links = links
    }

    func open(_ item: Item) {
        loader.setRead(true, [item])
        links.open(item)
    }

    func copyLink(of item: Item) { links.copyLink(of: item) }
    func openFeed(at url: URL) { links.openFeed(at: url) }
}

/// A library view's list, its loader (the store's pages and marks) and the
/// coordinator that marks an opened item read, held together.
@MainActor
public struct LibraryList {
    public let controller: ItemListController<Thumbnail>
    public let loader: LibraryViewLoader
    let links: ItemListCoordinator
}

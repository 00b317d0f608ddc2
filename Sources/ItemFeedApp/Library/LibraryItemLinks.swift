import Foundation
import ItemFeed
import ItemFeedGtk

/// A library view's coordinator: opening an item marks it read, then opens
/// its link as a feed's list does.
final class LibraryItemLinks: ItemListCoordinator {
    private let loader: LibraryViewLoader
    private let links: DesktopItemLinks

    init(loader: LibraryViewLoader, links: DesktopItemLinks) {
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

/// A refresh under way, as the list's load: cancelling it stops the refresh.
struct LibraryRefreshTask: FeedLoadTask {
    let refresh: LibraryRefresh

    func cancel() {
        MainActor.assumeIsolated { refresh.cancel() }
    }
}

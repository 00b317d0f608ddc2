import ItemFeed
import ItemFeedGtk
import ItemFeedUI

/// Every passing notice the library's parts raise — a sidebar that cannot
/// read, a view that cannot load, accounts that failed to sync, a refresh
/// while offline, a link that cannot open — said on the screen in front.
@MainActor
enum LibraryNotices {
    static func route(sidebar: LibrarySidebarController, refresher: LibraryRefreshController, links: DesktopItemLinks, to shown: LibraryShown) {
        sidebar.failed = { [weak shown] error in shown?.notify(error) }
        refresher.accountsFailed = { [weak shown] problems in shown?.notify(problems.joined(separator: "\n")) }
        refresher.offline = { [weak shown] in shown?.notify(tr("You are offline: feeds will be refreshed when the network is back.")) }
        links.notify = { [weak shown] message in shown?.notify(message) }
    }

    /// A view's loader, as it is opened.
    static func route(_ loader: LibraryViewLoader, to shown: LibraryShown) {
        loader.failed = { [weak shown] error in shown?.notify(error) }
    }
}

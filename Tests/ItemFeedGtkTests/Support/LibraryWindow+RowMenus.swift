@testable import ItemFeedApp
import Foundation
import ItemFeed
import ItemFeedUI

/// A row's menu used as the user uses it: on the sidebar's row for a feed
/// or a saved view.
extension LibraryWindow {
    func run(_ command: LibrarySidebarController.RowCommand, on address: URL) {
        guard let index = sidebar.rows.firstIndex(where: { $0.feedAddress == address }) else { return }
        sidebar.command(command, onRowAt: index)
    }

    func run(_ command: LibrarySidebarController.RowCommand, onView saved: SavedView) {
        guard let index = sidebar.rows.firstIndex(where: { $0.savedView?.id == saved.id }) else { return }
        sidebar.command(command, onRowAt: index)
    }
}

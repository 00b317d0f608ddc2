import Foundation
import ItemFeed
import ItemFeedCommandLine
import ItemFeedLibrary
import ItemFeedUI

/// The library's commands from the window: a row's menu (through
/// `RowCommands`), the open view's Mark All as Read, saved views, rules,
/// accounts, subscribing. Each writes through the library's session and
/// tells the window's present (`LibraryShown`) what it did; the sidebar
/// follows the writer on its own.
@MainActor
final class LibraryCommands {
    let session: LibrarySession
    let sidebar: LibrarySidebarController
    private(set) weak var shown: LibraryShown?
    /// A row's Rename, Copy Address, Mark All as Read and Remove, one for every kind of row.
    private(set) lazy var rowCommands = RowCommands(screen: LibraryCommandScreen(shown), acts: self)
    /// A subscribe under way (its feed loading).
    var subscribing: FeedLoadTask?

    var store: LibraryStore { session.store }
    var writer: LibraryWriter { session.writer }
    var account: Account { session.account }
    var accountWork: AccountWork { session.accountWork }

    /// The sidebar's rows' menus run here from now on.
    init(session: LibrarySession, sidebar: LibrarySidebarController, shown: LibraryShown) {
        (self.session, self.sidebar, self.shown) = (session, sidebar, shown)
        sidebar.commanded = { [weak self] command, subject in self?.rowCommands.run(command, on: subject) }
    }

    /// The open view read again, once a command changed what it shows.
    func reopen() {
        shown?.reopen()
    }
}

import CGtk
import Foundation
import ItemFeed
import ItemFeedGtk
import ItemFeedUI

/// An account's feed's menu: done here at once, on the server at the next
/// sync (kept until then, whatever happens to the network).
extension LibraryWindow {
    func run(_ command: LibrarySidebarController.RowCommand, onFeed feedID: String, of accountID: SyncAccount.ID) {
        guard let account = ((try? store.accounts()) ?? []).first(where: { $0.id == accountID }),
              let feed = ((try? store.feeds(of: accountID)) ?? []).first(where: { $0.id == feedID })
        else { return }
        let view = LibraryView(.accountFeed(accountID, feedID))
        switch command {
        case .refresh:
            _ = refresher.refresh(view) { [weak self] in self?.reopen() }
        case .markAllRead: rowCommands.markAllRead(.accountFeed(account, feed))
        case .rename: rowCommands.rename(.accountFeed(account, feed))
        case .copyAddress: rowCommands.copyAddress(.accountFeed(account, feed))
        case .unsubscribe: rowCommands.remove(.accountFeed(account, feed))
        case .fullArticles:
            setFetchesFullArticles(!feed.fetchesFullArticles, for: view.scope)
        case .move, .editView, .removeView:
            break
        }
    }

    /// Subscribe from a feed opened by address, on an account's server: the
    /// server subscribes, the account is synced, its new feed opened.
    func subscribe(_ feedURL: URL, on account: SyncAccount) {
        screen?.showPassingNotice(tr("Subscribing on {account}…", ["account": account.title]))
        accountWork.subscribe(feedURL, in: account) { [weak self] result in
            guard let self else { return }
            switch result {
            case let .success((feed, _)):
                let view = LibraryView(.accountFeed(account.id, feed.id))
                if let index = sidebar.rows.firstIndex(where: { $0.view == view }) { sidebar.select(at: index) }
                screen?.showPassingNotice(tr("Subscribed to {title} on {account}", ["title": feed.title, "account": account.title]))
            case let .failure(error):
                screen?.showPassingNotice(Self.reason(error))
            }
        }
    }
}

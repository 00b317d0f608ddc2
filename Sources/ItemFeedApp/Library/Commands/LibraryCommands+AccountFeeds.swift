import CGtk
import Foundation
import ItemFeed
import ItemFeedGtk
import ItemFeedUI

/// Subscribing on an account's server from the window.
extension LibraryCommands {
    /// Subscribe from a feed opened by address, on an account's server: the
    /// server subscribes, the account is synced, its new feed opened.
    func subscribe(_ feedURL: URL, on account: SyncAccount) {
        shown?.notify(tr("Subscribing on {account}…", ["account": account.title]))
        accountWork.subscribe(feedURL, in: account) { [weak self] result in
            guard let self else { return }
            switch result {
            case let .success((feed, _)):
                let view = LibraryView(.feed(FeedID(account: account.id, id: feed.id)))
                if let index = sidebar.rows.firstIndex(where: { $0.view == view }) { sidebar.select(at: index) }
                shown?.notify(tr("Subscribed to {title} on {account}", ["title": feed.title, "account": account.title]))
            case let .failure(error):
                shown?.notify(error)
            }
        }
    }
}

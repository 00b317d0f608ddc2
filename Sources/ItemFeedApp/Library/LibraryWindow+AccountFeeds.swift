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
        case .markAllRead:
            marking(.allRead(view)) { [weak self] keys in
                self?.offerUndo(ofMarkingRead: keys) { self?.marking(.read(false, keys)) }
            }
        case .rename:
            TextQuestion.ask(over: window, heading: tr("Rename Feed"), body: feed.address.absoluteString, text: feed.title, accept: tr("_Rename")) { [weak self] title in
                let title = title.trimmingCharacters(in: .whitespacesAndNewlines)
                guard !title.isEmpty, let self else { return }
                accountWork.change(feedID, of: account, .rename(String(title.prefix(FeedText.titleLimit)))) { [weak self] in self?.changed($0) }
            }
        case .copyAddress:
            guard let display = gdk_display_get_default() else { return }
            gdk_clipboard_set_text(gdk_display_get_clipboard(display), feed.address.absoluteString)
            screen?.showPassingNotice(tr("Address copied"))
        case .unsubscribe:
            accountWork.change(feedID, of: account, .unsubscribe) { [weak self] result in
                guard let self else { return }
                changed(result)
                if !sidebar.showsARowsView { sidebar.select(at: sidebar.selectedIndex) }
                if case .success = result {
                    screen?.showPassingNotice(tr("Unsubscribed from {title} (on {account} at the next sync)", ["title": feed.title, "account": account.title]))
                }
            }
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

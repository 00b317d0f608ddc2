import CGtk
import Foundation
import ItemFeed
import ItemFeedGtk
import ItemFeedSync
import ItemFeedUI

/// Subscribe on a feed opened by address: the feed and the items the
/// window showed added to the library, in a folder, or on an account.
extension LibraryCommands {
    /// Subscribe, in a folder, or on each account whose server subscribes.
    func subscribeButton(for feedURL: URL, shownBy controller: ItemListController<Thumbnail>, articles: HeldArticles) -> UnsafeMutablePointer<GtkWidget> {
        let accounts = ((try? store.accounts()) ?? []).filter { SyncServices.descriptions.first($0.service)?.feedChanges.contains(.subscribe) == true }
        return SubscribeButton.make(
            accounts: accounts,
            subscribe: { [weak self, weak controller] in
                guard let self, let controller else { return }
                subscribe(feedURL, shownBy: controller, articles: articles, folder: nil)
            },
            inFolder: { [weak self, weak controller] in
                self?.askForFolder(current: nil, heading: tr("Subscribe in Folder"), accept: tr("_Subscribe")) { [weak self] folder in
                    guard let self, let controller else { return }
                    subscribe(feedURL, shownBy: controller, articles: articles, folder: folder)
                }
            },
            onAccount: { [weak self] account in self?.subscribe(feedURL, on: account) }
        )
    }

    /// Adds the feed with what its first load brings, and the items,
    /// articles and enclosures the window showed; then opens its view.
    func subscribe(_ feedURL: URL, shownBy controller: ItemListController<Thumbnail>, articles: HeldArticles, folder: String?) {
        let items = controller.heldItems
        let held = articles.held(for: items)
        let showing = ShownFeed(title: controller.renderer.title, items: items, articles: held.articles, enclosures: held.enclosures)
        subscribing?.cancel()
        // The feed is asked once more (its validators, when to ask next): say so meanwhile.
        shown?.notify(tr("Subscribing to {title}…", ["title": controller.renderer.title ?? FeedAddress.displayName(of: feedURL)]))
        subscribing = account.subscribe(SubscribeRequest(address: feedURL, folder: folder, shown: showing)) { [weak self] result in
            guard let self else { return }
            subscribing = nil
            switch result {
            case let .success(subscribed):
                if let index = sidebar.rows.firstIndex(where: { $0.feedAddress == subscribed.address }) { sidebar.select(at: index) }
                shown?.notify(subscribed.added == nil
                    ? tr("{title} is in the library already", ["title": subscribed.title])
                    : tr("Subscribed to {title}", ["title": subscribed.title]))
            case let .failure(error):
                shown?.notify(error)
            }
        }
    }
}

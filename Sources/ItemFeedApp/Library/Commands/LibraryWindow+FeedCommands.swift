import CGtk
import Foundation
import ItemFeed
import ItemFeedGtk
import ItemFeedUI

/// A feed's menu in the sidebar: each command goes to the account, which
/// writes it off the UI thread; once written, the open view is read again
/// (the sidebar follows the writer).
extension LibraryWindow {
    func run(_ command: LibrarySidebarController.RowCommand, on address: URL) {
        guard let subscription = ((try? store.subscriptions()) ?? []).first(where: { $0.address == address }) else { return }
        switch command {
        case .refresh:
            refresher.refresh(.feed, where: { $0.address == address }, then: { [weak self] in self?.reopen() })
        case .markAllRead: rowCommands.markAllRead(.feed(subscription))
        case .rename: rowCommands.rename(.feed(subscription))
        case .copyAddress: rowCommands.copyAddress(.feed(subscription))
        case .unsubscribe: rowCommands.remove(.feed(subscription))
        case .move:
            askForFolder(current: subscription.folder) { [weak self] folder in
                guard let self else { return }
                account.move(address, toFolder: folder) { [weak self] in self?.changed($0) }
            }
        case .fullArticles:
            setFetchesFullArticles(!subscription.fetchesFullArticles, for: .feed(address))
        case .editView, .removeView:
            break
        }
    }

    /// "Always Fetch Full Articles" turned on or off; once on, the feed's
    /// unread items' pages are fetched in the quiet between refreshes.
    func setFetchesFullArticles(_ fetches: Bool, for feed: LibraryView.Scope) {
        writer.write({ store in try store.setFetchesFullArticles(fetches, for: feed) }) { [weak self] result in
            guard let self else { return }
            switch result {
            case .success where fetches: session.fullArticleFetch.start()
            case .success: break
            case let .failure(error): screen?.showPassingNotice(Self.reason(error))
            }
        }
    }

    /// Which folder (a new name makes one; empty: none), then `chosen`.
    func askForFolder(current: String?, heading: String = tr("Move to Folder"), accept: String = tr("_Move"), then chosen: @escaping @MainActor (String?) -> Void) {
        let folders = ((try? store.folders()) ?? []).joined(separator: ", ")
        let body = folders.isEmpty ? tr("Type a folder's name, or leave it empty for none.") : tr("Folders: {folders}. Leave it empty for none.", ["folders": folders])
        TextQuestion.ask(over: window, heading: heading, body: body, text: current ?? "", accept: accept) { name in
            let folder = name.trimmingCharacters(in: .whitespacesAndNewlines)
            chosen(folder.isEmpty ? nil : String(folder.prefix(FeedText.nameLimit)))
        }
    }

    /// A change written (or refused): the open view shows what the store
    /// holds (the sidebar has followed the writer); a refusal says why.
    func changed(_ result: Result<Void, Error>) {
        reopen()
        if case let .failure(error) = result { screen?.showPassingNotice(Self.reason(error)) }
    }
}

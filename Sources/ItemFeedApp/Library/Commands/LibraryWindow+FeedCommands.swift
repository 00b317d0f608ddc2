import CGtk
import Foundation
import ItemFeed
import ItemFeedGtk
import ItemFeedUI

/// A row's menu in the sidebar, for a feed of the library's own, an
/// account's feed or a saved view: the row's subject looked up, then the
/// command layer (`RowCommands`) asks, acts through `RowActs`, and says
/// what it did. The sidebar follows the writer.
extension LibraryWindow {
    func run(_ command: LibrarySidebarController.RowCommand, on address: URL) {
        guard let subscription = ((try? store.subscriptions()) ?? []).first(where: { $0.address == address }) else { return }
        rowCommands.run(command, on: .feed(subscription))
    }

    func run(_ command: LibrarySidebarController.RowCommand, onFeed feedID: String, of accountID: SyncAccount.ID) {
        guard let account = ((try? store.accounts()) ?? []).first(where: { $0.id == accountID }),
              let feed = ((try? store.feeds(of: accountID)) ?? []).first(where: { $0.id == feedID })
        else { return }
        rowCommands.run(command, on: .accountFeed(account, feed))
    }

    func run(_ command: LibrarySidebarController.RowCommand, onView saved: SavedView) {
        rowCommands.run(command, on: .savedView(saved))
    }

    /// Which folder (a new name makes one; empty: none), then `chosen`.
    func askForFolder(current: String?, heading: String, accept: String, then chosen: @escaping @MainActor (String?) -> Void) {
        let question = TextRequest.folder(current: current, among: folders, heading: heading, accept: accept)
        TextQuestion.ask(over: window, heading: question.heading, body: question.body, text: question.text, accept: question.accept) { name in
            chosen(TextRequest.folderName(name))
        }
    }

    /// A change written (or refused): the open view shows what the store
    /// holds (the sidebar has followed the writer); a refusal says why.
    func changed(_ result: Result<Void, Error>) {
        reopen()
        if case let .failure(error) = result { screen?.showPassingNotice(Self.reason(error)) }
    }
}

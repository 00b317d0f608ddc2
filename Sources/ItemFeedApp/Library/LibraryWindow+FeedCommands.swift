import CGtk
import Foundation
import ItemFeed
import ItemFeedGtk
import ItemFeedUI

/// A feed's menu in the sidebar: each command changes the store, then the
/// sidebar and the open view are read again.
extension LibraryWindow {
    func run(_ command: LibrarySidebarController.FeedCommand, on address: URL) {
        guard let subscription = ((try? store.subscriptions()) ?? []).first(where: { $0.address == address }) else { return }
        switch command {
        case .refresh:
            refresher.refresh(.feed, where: { $0.address == address }, then: { [weak self] in self?.reopen() })
        case .markAllRead:
            marking(.allRead(LibraryView(.feed(address)))) { [weak self] keys in
                self?.offerUndo(ofMarkingRead: keys) { self?.marking(.read(false, keys)) }
            }
        case .rename:
            TextQuestion.ask(over: window, heading: tr("Rename Feed"), body: subscription.address.absoluteString, text: subscription.title, accept: tr("_Rename")) { [weak self] title in
                let title = title.trimmingCharacters(in: .whitespacesAndNewlines)
                guard !title.isEmpty else { return }
                self?.changing { try self?.store.rename(address, to: String(title.prefix(FeedText.titleLimit))) }
            }
        case .move:
            askForFolder(current: subscription.folder) { [weak self] folder in
                self?.changing { try self?.store.move(address, toFolder: folder) }
            }
        case .copyAddress:
            guard let display = gdk_display_get_default() else { return }
            gdk_clipboard_set_text(gdk_display_get_clipboard(display), address.absoluteString)
            screen?.showPassingNotice(tr("Address copied"))
        case .unsubscribe:
            unsubscribe(subscription)
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

    /// Unsubscribe with Undo: the feed, its items and their marks are put
    /// back as they were (read from the store before it forgets them).
    private func unsubscribe(_ subscription: Subscription) {
        let view = LibraryView(.feed(subscription.address))
        guard let items = changing({ try store.items(view, in: 0..<Int.max / 2) }),
              changing({ try store.unsubscribe(subscription.address) }) != nil else { return }
        screen?.offerUndo(tr("Unsubscribed from {title}", ["title": subscription.title])) { [weak self] in
            self?.changing {
                guard let store = self?.store else { return }
                try store.add([subscription], folders: [])
                try store.apply([FeedRefresh(address: subscription.address, outcome: .loaded(title: nil, siteLink: nil, items: items.map(\.item)), date: Date())])
                let keys = try LibraryView(.feed(subscription.address)).keysByID(in: store)
                try store.setRead(true, items.filter(\.isRead).compactMap { keys[$0.item.id] })
                try store.setStarred(true, items.filter(\.isStarred).compactMap { keys[$0.item.id] })
            }
        }
    }

    /// Has the writer change marks; on failure says why. Then the sidebar
    /// and the open view show what the store holds.
    func marking(_ change: MarkChange, then done: @escaping ([LibraryItem.Key]) -> Void = { _ in }) {
        writer.mark(change) { [weak self] result in
            guard let self else { return }
            sidebar.reload()
            reopen()
            switch result {
            case let .success(keys): done(keys)
            case let .failure(error): screen?.showPassingNotice(Self.reason(error))
            }
        }
    }

    /// Runs a change of the store; on failure says why. Then the sidebar
    /// and the open view show what the store holds.
    @discardableResult
    func changing<Result>(_ change: () throws -> Result) -> Result? {
        defer {
            sidebar.reload()
            reopen()
        }
        do {
            return try change()
        } catch {
            screen?.showPassingNotice(Self.reason(error))
            return nil
        }
    }
}

private extension LibraryView {
    func keysByID(in store: LibraryStore) throws -> [String: LibraryItem.Key] {
        Dictionary(try store.items(self, in: 0..<Int.max / 2).map { ($0.item.id, $0.key) }, uniquingKeysWith: { first, _ in first })
    }
}

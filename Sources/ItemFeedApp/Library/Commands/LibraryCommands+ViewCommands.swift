import Foundation
import ItemFeed
import ItemFeedUI

/// The open view's own commands (the menu's Mark All as Read) and the
/// library's upkeep on start.
extension LibraryCommands {
    /// What the user's retention lets go (on start): written off the UI
    /// thread; the view and the counts follow once it is.
    func pruneByRetention() {
        session.pruneByRetention { [weak self] pruned in
            guard let self, (try? pruned.get()) ?? 1 > 0 else { return }
            changed(pruned.map { _ in () })
        }
    }

    /// Every unread item of the view, with Undo in a toast; the rows
    /// change in place, and back.
    func markAllRead() {
        guard let loader = shown?.loader else { return }
        loader.markAllRead { [weak self, weak loader] keys in
            guard !keys.isEmpty else { return }
            let message = trPlural("{count} item marked as read", "{count} items marked as read", keys.count, ["count": String(keys.count)])
            self?.shown?.screen?.offerUndo(message) { loader?.undoMarkAllRead(keys) }
        }
    }
}

import Foundation

extension LibraryViewLoader {
    /// The library item behind a row's item, when this view handed it out.
    public func libraryItem(for item: Item) -> LibraryItem? { known[item] }

    /// Opening an item marks it read.
    public func setRead(_ isRead: Bool, _ items: [Item]) {
        change(items, store: { try self.store.setRead(isRead, $0) }, mark: { $0.isRead = isRead })
    }

    public func setStarred(_ isStarred: Bool, _ items: [Item]) {
        change(items, store: { try self.store.setStarred(isStarred, $0) }, mark: { $0.isStarred = isStarred })
    }

    /// Marks every unread item of the view read (in the store, not only
    /// those loaded); returns the keys, for Undo (`undoMarkAllRead`).
    public func markAllRead() -> [LibraryItem.Key] {
        do {
            let keys = try store.markAllRead(LibraryView(view.scope))
            known.mark(Set(keys)) { $0.isRead = true }
            marksChanged()
            return keys
        } catch {
            failed(error)
            return []
        }
    }

    public func undoMarkAllRead(_ keys: [LibraryItem.Key]) {
        do {
            try store.setRead(false, keys)
            known.mark(Set(keys)) { $0.isRead = false }
            marksChanged()
        } catch {
            failed(error)
        }
    }

    private func change(_ items: [Item], store write: ([LibraryItem.Key]) throws -> Void, mark: (inout LibraryItem) -> Void) {
        let keys = items.compactMap { known[$0]?.key }
        guard !keys.isEmpty else { return }
        do {
            try write(keys)
            known.mark(Set(keys), mark)
            marksChanged()
        } catch {
            failed(error)
        }
    }
}

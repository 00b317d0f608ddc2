import Foundation

/// Marks change on the rows at once and in the store through the writer;
/// a write that fails puts the rows' marks back and says why.
extension LibraryViewLoader {
    /// The library item behind a row's item, when this view handed it out.
    public func libraryItem(for item: Item) -> LibraryItem? { known[item] }

    /// Opening an item marks it read.
    public func setRead(_ isRead: Bool, _ items: [Item]) {
        let changed = items.compactMap { known[$0] }.filter { $0.isRead != isRead }
        change(changed.map(\.key), .read(isRead, changed.map(\.key))) { $0.isRead = isRead } undo: { $0.isRead = !isRead }
    }

    public func setStarred(_ isStarred: Bool, _ items: [Item]) {
        let changed = items.compactMap { known[$0] }.filter { $0.isStarred != isStarred }
        change(changed.map(\.key), .starred(isStarred, changed.map(\.key))) { $0.isStarred = isStarred } undo: { $0.isStarred = !isStarred }
    }

    /// Marks every unread item of the view read (in the store, not only
    /// those loaded); `marked` gets their keys, for Undo (`undoMarkAllRead`).
    public func markAllRead(then marked: @escaping ([LibraryItem.Key]) -> Void = { _ in }) {
        let shownUnread = known.keys { !$0.isRead }
        change(shownUnread, .allRead(LibraryView(view.scope))) { $0.isRead = true } undo: { $0.isRead = false } written: { keys in
            self.known.mark(Set(keys)) { $0.isRead = true }
            marked(keys)
        }
    }

    public func undoMarkAllRead(_ keys: [LibraryItem.Key]) {
        change(keys, .read(false, keys)) { $0.isRead = false } undo: { $0.isRead = true }
    }

    /// A change written elsewhere (a feed's menu): the rows this view
    /// handed out show it in place, as they do their own marks.
    public func show(_ change: MarkChange, madeOn keys: [LibraryItem.Key]) {
        switch change {
        case let .read(isRead, _): known.mark(Set(keys)) { $0.isRead = isRead }
        case let .starred(isStarred, _): known.mark(Set(keys)) { $0.isStarred = isStarred }
        case .allRead: known.mark(Set(keys)) { $0.isRead = true }
        }
        marksChanged()
    }

    /// The rows show `mark` on `keys` now; the writer makes `change`; if it
    /// fails, `undo` puts the rows back.
    private func change(
        _ keys: [LibraryItem.Key], _ change: MarkChange,
        mark: @escaping (inout LibraryItem) -> Void, undo: @escaping (inout LibraryItem) -> Void,
        written: @escaping ([LibraryItem.Key]) -> Void = { _ in }
    ) {
        if case .allRead = change {} else if keys.isEmpty { return }
        known.mark(Set(keys), mark)
        marksChanged()
        writer.mark(change) { [weak self] result in
            guard let self else { return }
            switch result {
            case let .success(changed):
                written(changed)
                marksWritten()
            case let .failure(error):
                known.mark(Set(keys), undo)
                marksChanged()
                failed(error)
            }
        }
    }
}

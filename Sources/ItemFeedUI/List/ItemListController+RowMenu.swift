import Foundation
import ItemFeed

/// What a row's menu, its keys and the reading pane do to the row's item:
/// its marks, whether it is the open one, its link.
extension ItemListController {
    /// The row's marks, for its menu; `nil` for a list without marks.
    public func marks(ofRowAt position: Int) -> (isRead: Bool, isStarred: Bool)? {
        guard let marks, let item = item(at: position) else { return nil }
        return (marks.isRead(item), marks.isStarred(item))
    }

    /// The row menu's Mark as Read / Unread, and Ctrl+U.
    public func setRead(_ isRead: Bool, ofRowAt position: Int) {
        guard let item = item(at: position) else { return }
        marks?.setRead(isRead, [item])
    }

    /// The row menu's Star / Unstar, and Ctrl+D.
    public func setStarred(_ isStarred: Bool, ofRowAt position: Int) {
        guard let item = item(at: position) else { return }
        marks?.setStarred(isStarred, [item])
    }

    /// The item the reading pane shows: its row is highlighted.
    public var openItem: Item? {
        get { rows.openItem }
        set {
            guard newValue != rows.openItem else { return }
            rows.openItem = newValue
            rows.marksChanged()
        }
    }

    /// The library's marks changed: bound rows show them at once.
    public func marksChanged() {
        rows.marksChanged()
    }

    /// Whether the row at `position` has a link for its menu's Open Link
    /// and Copy Link (the load-more row and link-less items have none).
    public func rowHasLink(at position: Int) -> Bool {
        item(at: position)?.linkAddress != nil
    }

    public func openLink(ofRowAt position: Int) {
        guard let item = item(at: position), item.hasLink else { return }
        presenter.didActivate(item)
    }

    public func copyLink(ofRowAt position: Int) {
        guard let item = item(at: position), item.hasLink else { return }
        presenter.didRequestCopyLink(of: item)
    }
}

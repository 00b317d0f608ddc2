import Foundation
import ItemFeed

/// One row of the library's sidebar: what it shows and says, and the view
/// it opens.
public struct LibrarySidebarRow: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        case all, unread, starred, folder
        /// `inFolder`: drawn indented under its folder.
        case feed(inFolder: Bool)
    }

    public let kind: Kind
    public let title: String
    public let view: LibraryView
    /// Unread items; for Starred, the starred ones.
    public let unread: Int
    /// Why the feed's last refresh failed, shown beside it.
    public let problem: String?
    /// What a screen reader says: "Tech, folder, 12 unread".
    public let accessibleLabel: String

    public var iconName: String {
        switch kind {
        case .all: return "view-list-symbolic"
        case .unread: return "mail-unread-symbolic"
        case .starred: return "starred-symbolic"
        case .folder: return "folder-symbolic"
        case .feed: return "application-rss+xml-symbolic"
        }
    }

    public var feedAddress: URL? {
        if case let .feed(address) = view.scope { return address }
        return nil
    }

    init(kind: Kind, title: String, view: LibraryView, unread: Int, problem: String? = nil) {
        self.kind = kind
        self.title = title
        self.view = view
        self.unread = unread
        self.problem = problem
        var parts = [title]
        if kind == .folder { parts.append(tr("folder")) }
        parts.append(kind == .starred
            ? trPlural("{count} item", "{count} items", unread, ["count": String(unread)])
            : trPlural("{count} unread", "{count} unread", unread, ["count": String(unread)]))
        if let problem { parts.append(tr("failing: {reason}", ["reason": problem])) }
        accessibleLabel = parts.joined(separator: ", ")
    }
}

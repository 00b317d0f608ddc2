import Foundation
import ItemFeed

/// One row of the library's sidebar: what it shows and says, and the view
/// it opens.
public struct LibrarySidebarRow: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        case all, unread, starred, folder
        /// `inFolder`: drawn indented under its folder (or its account).
        case feed(inFolder: Bool)
        /// An account on a feed server: its section's heading.
        case account
        /// A saved search.
        case savedView
        /// The items rules hid, counted whole (they are read).
        case hiddenByRules
    }

    public let kind: Kind
    public let title: String
    public let view: LibraryView
    /// Unread items; for Starred, the starred ones; for Hidden by Rules, the hidden ones.
    public let unread: Int
    /// Why the feed's last refresh failed, shown beside it.
    public let problem: String?
    /// A feed set to "Always Fetch Full Articles": its menu's entry is checked.
    public let fetchesFullArticles: Bool
    /// The saved search the row opens, for its menu.
    public let savedView: SavedView?
    /// The icon the feed names, and its site (else its own address), whose
    /// `/favicon.ico` stands in: `icon` is worked out from them when asked.
    private let declaredIcon: URL?
    private let site: URL?

    /// A feed's picture: the icon it names, else its site's `/favicon.ico`;
    /// drawn over a tile of its title's first letter, which shows meanwhile.
    /// Worked out when asked, as `accessibleLabel`: a reload makes a row
    /// for every feed, and only the rows GTK shows are drawn.
    public var icon: URL? {
        guard case .feed = kind, let site else { return nil }
        return Self.icon(declaredIcon, site: site)
    }

    /// What a screen reader says: "Tech, folder, 12 unread".
    public var accessibleLabel: String {
        var parts = [title]
        if kind == .folder { parts.append(tr("folder")) }
        if kind == .account { parts.append(tr("account")) }
        if kind == .savedView { parts.append(tr("saved search")) }
        parts.append(kind == .starred || kind == .hiddenByRules
            ? trPlural("{count} item", "{count} items", unread, ["count": String(unread)])
            : trPlural("{count} unread", "{count} unread", unread, ["count": String(unread)]))
        if let problem { parts.append(tr("failing: {reason}", ["reason": problem])) }
        return parts.joined(separator: ", ")
    }

    public var iconName: String {
        switch kind {
        case .all: return "view-list-symbolic"
        case .unread: return "mail-unread-symbolic"
        case .starred: return "starred-symbolic"
        case .folder: return "folder-symbolic"
        case .feed: return "application-rss+xml-symbolic"
        case .account: return "network-server-symbolic"
        case .savedView: return "edit-find-symbolic"
        case .hiddenByRules: return "view-conceal-symbolic"
        }
    }

    public var feedAddress: URL? {
        if case let .feed(feed) = view.scope { return feed.localAddress }
        return nil
    }

    /// `icon` and `site`: a feed's, for its picture.
    init(
        kind: Kind, title: String, view: LibraryView, unread: Int, problem: String? = nil, icon: URL? = nil, site: URL? = nil,
        fetchesFullArticles: Bool = false, savedView: SavedView? = nil
    ) {
        self.fetchesFullArticles = fetchesFullArticles
        self.savedView = savedView
        self.kind = kind
        self.title = title
        self.view = view
        self.unread = unread
        self.problem = problem
        declaredIcon = icon
        self.site = site
    }
}

extension LibrarySidebarRow {
    /// The feed's own icon, else `/favicon.ico` of its site (or of the
    /// feed's host): web addresses only.
    static func icon(_ icon: URL?, site: URL) -> URL? {
        if let icon, ["http", "https"].contains(icon.scheme?.lowercased()) { return icon }
        guard let scheme = site.scheme?.lowercased(), ["http", "https"].contains(scheme), let host = site.host, !host.isEmpty else { return nil }
        var components = URLComponents()
        (components.scheme, components.host, components.port, components.path) = (scheme, host, site.port, "/favicon.ico")
        return components.url
    }
}

extension SyncAccountState {
    /// What the sidebar says beside an account whose last sync did not go well.
    var problem: String? {
        switch self {
        case .neverSynced, .ok: return nil
        case .needsSignIn: return tr("Needs sign-in: the server refused the password")
        case let .failed(reason, _): return reason
        }
    }
}

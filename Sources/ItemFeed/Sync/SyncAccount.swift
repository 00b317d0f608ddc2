import Foundation

/// An account on a feed server: where it is, who signs in, how its last
/// sync went. Its secret is never here: it lives in the desktop's Secret
/// Service, found by the account's id.
public struct SyncAccount: Equatable, Sendable {
    public typealias ID = Int64

    public var id: ID
    public var service: SyncServiceKind
    /// The server's base address, as the user gave it.
    public var address: URL
    public var userName: String
    public var state: SyncAccountState
    public var lastSync: Date?
    /// The account's feeds, and its items' counts.
    public var feedCount: Int
    public var counts: ItemCounts
    /// Rounds failed in a row (a refused password aside).
    public var failures: Int

    public init(
        id: ID, service: SyncServiceKind, address: URL, userName: String, state: SyncAccountState = .neverSynced,
        lastSync: Date? = nil, feedCount: Int = 0, counts: ItemCounts = ItemCounts(), failures: Int = 0
    ) {
        (self.id, self.service, self.address, self.userName, self.state) = (id, service, address, userName, state)
        (self.lastSync, self.feedCount, self.counts, self.failures) = (lastSync, feedCount, counts, failures)
    }

    /// Whether the refresh interval may sync it at `now`: not while it waits
    /// for the user to sign in, nor before a failing server's wait is over
    /// (F5 and `--sync` ask it anyway, as they do a failing feed).
    public func isDue(at now: Date) -> Bool {
        switch state {
        case .needsSignIn: false
        case let .failed(_, until): (until ?? .distantPast) <= now
        default: true
        }
    }

    /// How the sidebar and `--accounts` name it: the user at the server's host.
    public var title: String { "\(userName)@\(address.host ?? address.absoluteString)" }
}

/// The APIs ItemFeed speaks, by the names the command line takes.
public enum SyncServiceKind: String, Sendable, CaseIterable {
    /// FreshRSS, Miniflux, TheOldReader, BazQux, Inoreader.
    case googleReader = "greader"
    case tinyTinyRSS = "ttrss"
    case nextcloudNews = "nextcloud"
    case fever

    public var title: String {
        switch self {
        case .googleReader: return tr("Google Reader API (FreshRSS, Miniflux…)")
        case .tinyTinyRSS: return tr("Tiny Tiny RSS")
        case .nextcloudNews: return tr("Nextcloud News")
        case .fever: return tr("Fever")
        }
    }
}

public enum SyncAccountState: Equatable, Sendable {
    case neverSynced
    case ok
    /// The server refused the password: nothing is asked until the user
    /// signs in again.
    case needsSignIn
    /// The last round failed; tried again from `until` on.
    case failed(reason: String, until: Date?)

    /// As `--accounts` prints it.
    public var commandLineText: String {
        switch self {
        case .neverSynced: return "never synced"
        case .ok: return "ok"
        case .needsSignIn: return "needs sign-in"
        case let .failed(reason, _): return "error: \(reason)"
        }
    }
}

/// A change made here to an account's item or feed, not yet sent: kept in
/// the library in the same transaction as the change itself, so it
/// survives a crash, a restart or a server that is down.
///
/// Mark All as Read is kept as one mark per item it marked, like the user's
/// own: the server then marks exactly what the user saw marked.
public struct PendingChange: Equatable, Sendable {
    public typealias ID = Int64

    public enum Change: Equatable, Sendable {
        case mark(RemoteMark, itemID: String)
        case feed(FeedChange, feedID: String)
    }

    public var id: ID
    public var change: Change

    public init(id: ID, change: Change) {
        (self.id, self.change) = (id, change)
    }

    public init(id: ID, mark: RemoteMark, itemID: String) {
        self.init(id: id, change: .mark(mark, itemID: itemID))
    }

    /// The item a mark is about; `nil` for a feed's change.
    public var itemID: String? {
        if case let .mark(_, itemID) = change { return itemID }
        return nil
    }
}

/// What the user did to one of an account's feeds, done here at once and on
/// the server at the next sync.
public enum FeedChange: Equatable, Sendable {
    case unsubscribe
    case rename(String)
}

extension SyncServiceKind {
    /// Whether its API renames a feed (Tiny Tiny RSS's and Fever's do not).
    public var renamesFeeds: Bool { self == .googleReader || self == .nextcloudNews }
    /// Whether its API subscribes and unsubscribes (Fever's does not).
    public var subscribes: Bool { self != .fever }

    /// Where the account's address and password come from, said above the
    /// sign-in form while the service is chosen.
    public var signInHint: String {
        switch self {
        case .googleReader: tr("FreshRSS and Miniflux speak the Google Reader API: give the address of their API (FreshRSS: …/api/greader.php) and its API password.")
        case .tinyTinyRSS: tr("Tiny Tiny RSS: its own address, with “Enable API” on in its preferences.")
        case .nextcloudNews: tr("Nextcloud News: the Nextcloud server's address, and an app password made in its Security settings.")
        case .fever: tr("Fever: the address of its API (FreshRSS: …/api/fever.php, Miniflux: …/fever/) and the password set for it.")
        }
    }

    /// What its API cannot do, said in the account's page, where the feed
    /// menu's commands it cannot do are missing.
    public var limitation: String? {
        if !subscribes { return tr("Feeds are added, removed, renamed and moved on the server: the Fever API cannot") }
        if !renamesFeeds { return tr("Feeds are renamed and moved on the server: Tiny Tiny RSS's API cannot") }
        return nil
    }
}

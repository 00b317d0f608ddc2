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

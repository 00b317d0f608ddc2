import Foundation
import ItemFeed
import ItemFeedGLib
import ItemFeedStore

/// An account's work, off the UI thread: logging in before it is kept,
/// keeping and removing it with its secret, and its sync rounds. One queue
/// with a library connection of its own: a round blocks on its server's
/// answers there while the window (or the command line's loop) goes on.
/// Answers come back on the main context.
public final class AccountWork: Sendable {
    /// The account's service, its requests given up once `SyncStop` is stopped.
    public typealias MakeService = @Sendable (SyncAccount, AccountCredentials, SyncStop) throws -> SyncService

    /// How one account's round went.
    public struct Outcome: Sendable {
        public let account: SyncAccount
        public let result: Result<SyncRound.Summary, Error>
    }

    private final class Connection: @unchecked Sendable {
        // Safe: opened, then used only on `work`'s serial queue.
        private let file: URL
        private var opened: SQLiteLibraryStore?
        init(file: URL) { self.file = file }
        func store() throws -> SQLiteLibraryStore {
            if let opened { return opened }
            let store = try SQLiteLibraryStore(path: file.path, memory: .command)
            opened = store
            return store
        }
    }

    private let connection: Connection
    private let work: BackgroundWork
    private let secrets: AccountSecrets
    private let makeService: MakeService
    private let now: @Sendable () -> Date

    public init(libraryFile: URL, secrets: AccountSecrets, makeService: @escaping MakeService, now: @escaping @Sendable () -> Date = Date.init) {
        connection = Connection(file: libraryFile)
        work = BackgroundWork(label: "ItemFeed accounts")
        self.secrets = secrets
        self.makeService = makeService
        self.now = now
    }

    /// Logs in with `secret`; only then keeps the account, and its secret in
    /// the keyring. Nothing is kept when either fails. An account kept
    /// already (the same service, server and user) is signed in again: its
    /// new secret kept, its "needs sign-in" cleared.
    public func add(
        _ service: SyncServiceKind, address: URL, userName: String, secret: String, completion: @escaping (Result<SyncAccount, Error>) -> Void
    ) {
        let (connection, secrets, makeService) = (connection, secrets, makeService)
        work.run({
            Result {
                let candidate = SyncAccount(id: 0, service: service, address: address, userName: userName)
                let loggedIn = Locked<String?>(nil)
                try makeService(candidate, AccountCredentials(password: secret) { new in loggedIn.withLock { $0 = new } }, SyncStop()).logIn()
                let session = loggedIn.withLock { $0 }
                let store = try connection.store()
                if let kept = try store.accounts().first(where: { $0.service == service && $0.address == address && $0.userName == userName }) {
                    try secrets.store(secret, .password, for: kept)
                    if let session { try secrets.store(session, .session, for: kept) }
                    try store.setState(kept.lastSync == nil ? .neverSynced : .ok, lastSync: nil, of: kept.id)
                    return kept
                }
                let id = try store.addAccount(service: service, address: address, userName: userName)
                let account = SyncAccount(id: id, service: service, address: address, userName: userName)
                do {
                    try secrets.store(secret, .password, for: account)
                    if let session { try secrets.store(session, .session, for: account) }
                } catch {
                    try store.removeAccount(id)
                    throw error
                }
                return account
            }
        }, then: completion)
    }

    /// The account, its feeds, items and pending changes, and its secret;
    /// nothing on the server.
    public func remove(_ account: SyncAccount, completion: @escaping (Result<Void, Error>) -> Void) {
        let (connection, secrets) = (connection, secrets)
        work.run({
            Result {
                try connection.store().removeAccount(account.id)
                try secrets.remove(for: account)
            }
        }, then: completion)
    }

    /// A feed's change (unsubscribe, rename) done here at once and kept to be
    /// sent at the next sync, when the server may be down.
    public func change(_ feedID: String, of account: SyncAccount, _ change: FeedChange, completion: @escaping (Result<Void, Error>) -> Void) {
        let connection = connection
        work.run({ Result { try connection.store().change(feedID, of: account.id, change) } }, then: completion)
    }

    /// Subscribes on the server, then syncs the account so the new feed's
    /// items are here; answers the feed.
    public func subscribe(_ address: URL, in account: SyncAccount, completion: @escaping (Result<(RemoteFeed, SyncRound.Summary), Error>) -> Void) {
        let (connection, secrets, makeService, now) = (connection, secrets, makeService, now)
        work.run({
            Result {
                let store = try connection.store()
                let service = try makeService(account, Self.credentials(of: account, in: secrets), SyncStop())
                let feed = try service.subscribe(to: address, title: nil, folder: nil)
                let summary = try SyncRound(account: account.id, service: service, store: store, readSince: Self.readSince(store, now: now()), now: now).run()
                try store.setState(.ok, lastSync: now(), of: account.id)
                return (feed, summary)
            }
        }, then: completion)
    }

    /// A round for each account in turn; one account's failure is its own.
    /// A refused password leaves it "needs sign-in" and it is not asked
    /// again until the user signs in; any other failure waits like a
    /// feed's (an hour, doubling with each failure in a row, up to a day)
    /// before the refresh interval asks it again. Stopped (`stop`), the
    /// round under way ends within a tenth of a second, what it wrote
    /// kept and the marks not yet sent still waiting; the accounts not
    /// reached answer `SyncError.cancelled`, and none counts as failed.
    public func sync(_ accounts: [SyncAccount], stop: SyncStop = SyncStop(), completion: @escaping (Result<[Outcome], Error>) -> Void) {
        let (connection, secrets, makeService, now) = (connection, secrets, makeService, now)
        work.run({
            Result {
                let store = try connection.store()
                let readSince = Self.readSince(store, now: now())
                return try accounts.map { account in
                    let result = Result { () throws -> SyncRound.Summary in
                        guard !stop.isStopped else { throw SyncError.cancelled }
                        guard account.state != .needsSignIn else { throw SyncError.needsSignIn }
                        let credentials = try Self.credentials(of: account, in: secrets)
                        return try SyncRound(
                            account: account.id, service: makeService(account, credentials, stop), store: store, readSince: readSince, now: now,
                            isCancelled: { stop.isStopped }
                        ).run()
                    }
                    switch result {
                    case .success: try store.setState(.ok, lastSync: now(), of: account.id)
                    case .failure(SyncError.cancelled): break
                    case .failure(SyncError.needsSignIn), .failure(SyncError.noSecret): try store.setState(.needsSignIn, lastSync: nil, of: account.id)
                    case let .failure(error):
                        let until = now().addingTimeInterval(RefreshPoliteness.backoff(afterFailures: account.failures + 1))
                        try store.setState(.failed(reason: Self.reason(error), until: until), lastSync: nil, of: account.id)
                    }
                    return Outcome(account: account, result: result)
                }
            }
        }, then: completion)
    }

    /// The kept password, and the session a previous log-in left, which a
    /// new log-in replaces in the keyring.
    private static func credentials(of account: SyncAccount, in secrets: AccountSecrets) throws -> AccountCredentials {
        guard let password = try secrets.secret(.password, for: account) else { throw SyncError.noSecret }
        return AccountCredentials(password: password, session: try? secrets.secret(.session, for: account)) { session in
            try? secrets.store(session, .session, for: account)
        }
    }

    /// Read items are asked for within the library's retention; for ever
    /// still means three months on a first sync, never the whole history.
    private static func readSince(_ store: SQLiteLibraryStore, now: Date) -> Date {
        let retention = (try? store.preference(ReadRetention.self)) ?? .standard
        return retention.cutoff(before: now) ?? ReadRetention.threeMonths.cutoff(before: now)!
    }

    static func reason(_ error: Error) -> String {
        (error as? LocalizedError)?.errorDescription ?? "\(error)"
    }
}

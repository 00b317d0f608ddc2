import Foundation
import ItemFeed
import ItemFeedGLib
import ItemFeedStore

/// An account's work, off the UI thread: logging in before it is kept,
/// keeping and removing it with its secret, and its sync rounds. Each
/// account has a queue with a library connection of its own (a lane): a
/// round blocks on its server's answers there while the window (or the
/// command line's loop) goes on, and two accounts sync at once, a slow
/// server holding only its own. Answers come back on the main context.
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
        /// What this connection wrote since last asked (nothing, if never opened).
        func takeChanges() -> LibraryChange { opened?.takeChanges() ?? [] }
    }

    /// An answer and what its write changed, crossing to the main context.
    private struct Written<Value: Sendable>: Sendable {
        let value: Value
        let change: LibraryChange
    }

    /// One account's queue and connection: its rounds, changes and removal, in order.
    private struct Lane: Sendable {
        let work: BackgroundWork
        let connection: Connection
    }

    /// Adding an account, before it has a lane.
    private let connection: Connection
    private let work: BackgroundWork
    private let libraryFile: URL
    private let lanes = Locked<[SyncAccount.ID: Lane]>([:])
    private let secrets: AccountSecrets
    private let makeService: MakeService
    private let now: @Sendable () -> Date
    private let listener = Locked<(@MainActor @Sendable (LibraryChange) -> Void)?>(nil)

    public init(libraryFile: URL, secrets: AccountSecrets, makeService: @escaping MakeService, now: @escaping @Sendable () -> Date = Date.init) {
        connection = Connection(file: libraryFile)
        work = BackgroundWork(label: "ItemFeed accounts")
        self.libraryFile = libraryFile
        self.secrets = secrets
        self.makeService = makeService
        self.now = now
    }

    /// Told on the main context after each write that changed the library,
    /// before that write's answer: the window's sidebar follows it.
    public func changed(_ listener: @escaping @MainActor @Sendable (LibraryChange) -> Void) {
        self.listener.withLock { $0 = listener }
    }

    /// `body` on `work`; on the main context, what `connection` wrote is
    /// told, then the answer given.
    private func run<Value: Sendable>(
        on work: BackgroundWork, _ connection: Connection, _ body: @escaping @Sendable () -> Value, then completion: @escaping (Value) -> Void
    ) {
        let listener = listener
        work.run({ Written(value: body(), change: connection.takeChanges()) }, then: { written in
            if !written.change.isEmpty, let tell = listener.withLock({ $0 }) { MainActor.assumeIsolated { tell(written.change) } }
            completion(written.value)
        })
    }

    /// Logs in with `secret`; only then keeps the account, and its secret in
    /// the keyring. Nothing is kept when either fails. An account kept
    /// already (the same service, server and user) is signed in again: its
    /// new secret kept, its "needs sign-in" cleared.
    public func add(
        _ service: SyncServiceKind, address: URL, userName: String, secret: String, completion: @escaping (Result<SyncAccount, Error>) -> Void
    ) {
        let (connection, secrets, makeService) = (connection, secrets, makeService)
        run(on: work, connection, {
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
        let (lane, secrets) = (lane(for: account.id), secrets)
        let connection = lane.connection
        run(on: lane.work, connection, {
            Result {
                try connection.store().removeAccount(account.id)
                try secrets.remove(for: account)
            }
        }, then: { [lanes] result in
            // Its queue has nothing left: the lane and its connection go with it.
            lanes.withLock { $0[account.id] = nil }
            completion(result)
        })
    }

    /// A feed's change (unsubscribe, rename) done here at once and kept to be
    /// sent at the next sync, when the server may be down.
    public func change(_ feedID: String, of account: SyncAccount, _ change: FeedChange, completion: @escaping (Result<Void, Error>) -> Void) {
        let lane = lane(for: account.id)
        run(on: lane.work, lane.connection, { Result { try lane.connection.store().change(feedID, of: account.id, change) } }, then: completion)
    }

    /// Subscribes on the server, then syncs the account so the new feed's
    /// items are here; answers the feed.
    public func subscribe(_ address: URL, in account: SyncAccount, completion: @escaping (Result<(RemoteFeed, SyncRound.Summary), Error>) -> Void) {
        let (lane, secrets, makeService, now) = (lane(for: account.id), secrets, makeService, now)
        let connection = lane.connection
        run(on: lane.work, connection, {
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

    /// A round for each account, each on its own lane, all at once; one
    /// account's failure is its own. A refused password leaves it "needs
    /// sign-in" and it is not asked again until the user signs in; any
    /// other failure waits like a feed's (an hour, doubling with each
    /// failure in a row, up to a day) before the refresh interval asks it
    /// again. Stopped (`stop`), the rounds under way end within a tenth of
    /// a second, what they wrote kept and the marks not yet sent still
    /// waiting; they answer `SyncError.cancelled`, and none counts as
    /// failed. Answers once every round has ended, in the order asked.
    public func sync(_ accounts: [SyncAccount], stop: SyncStop = SyncStop(), completion: @escaping (Result<[Outcome], Error>) -> Void) {
        guard !accounts.isEmpty else { return work.run({ Result<[Outcome], Error>.success([]) }, then: completion) }
        let (secrets, makeService, now) = (secrets, makeService, now)
        let answers = RoundAnswers(count: accounts.count, completion: completion)
        for (index, account) in accounts.enumerated() {
            let lane = lane(for: account.id)
            run(on: lane.work, lane.connection, {
                Result { try Self.round(of: account, store: lane.connection.store(), secrets: secrets, makeService: makeService, stop: stop, now: now) }
            }, then: { answers.take($0, at: index) })
        }
    }

    /// One account's round on its lane, its state kept after it.
    private static func round(
        of account: SyncAccount, store: SQLiteLibraryStore, secrets: AccountSecrets, makeService: MakeService, stop: SyncStop, now: @escaping @Sendable () -> Date
    ) throws -> Outcome {
        let result = Result { () throws -> SyncRound.Summary in
            guard !stop.isStopped else { throw SyncError.cancelled }
            guard account.state != .needsSignIn else { throw SyncError.needsSignIn }
            let credentials = try credentials(of: account, in: secrets)
            return try SyncRound(
                account: account.id, service: makeService(account, credentials, stop), store: store, readSince: readSince(store, now: now()), now: now,
                isCancelled: { stop.isStopped }
            ).run()
        }
        switch result {
        case .success: try store.setState(.ok, lastSync: now(), of: account.id)
        case .failure(SyncError.cancelled): break
        case .failure(SyncError.needsSignIn), .failure(SyncError.noSecret): try store.setState(.needsSignIn, lastSync: nil, of: account.id)
        case let .failure(error):
            let until = now().addingTimeInterval(RefreshPoliteness.backoff(afterFailures: account.failures + 1))
            try store.setState(.failed(reason: error.explanation, until: until), lastSync: nil, of: account.id)
        }
        return Outcome(account: account, result: result)
    }

    /// The account's lane, made on first use.
    private func lane(for account: SyncAccount.ID) -> Lane {
        let file = libraryFile
        return lanes.withLock { lanes in
            if let lane = lanes[account] { return lane }
            let lane = Lane(work: BackgroundWork(label: "ItemFeed account \(account)"), connection: Connection(file: file))
            lanes[account] = lane
            return lane
        }
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

}

/// The rounds' answers, gathered on the main context in the order asked;
/// the first store error (a round's own failures are outcomes) fails all.
private final class RoundAnswers {
    private var outcomes: [AccountWork.Outcome?]
    private var left: Int
    private var failure: Error?
    private let completion: (Result<[AccountWork.Outcome], Error>) -> Void

    init(count: Int, completion: @escaping (Result<[AccountWork.Outcome], Error>) -> Void) {
        outcomes = Array(repeating: nil, count: count)
        left = count
        self.completion = completion
    }

    func take(_ answer: Result<AccountWork.Outcome, Error>, at index: Int) {
        switch answer {
        case let .success(outcome): outcomes[index] = outcome
        case let .failure(error): failure = failure ?? error
        }
        left -= 1
        guard left == 0 else { return }
        completion(failure.map { .failure($0) } ?? .success(outcomes.compactMap { $0 }))
    }
}

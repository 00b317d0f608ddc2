import Foundation

/// Refreshes a list of subscriptions: at most `maxLoads` feeds loading at
/// once and `perHost` of one host, hosts taking turns (`RefreshQueue`;
/// each feed the polite way, `SubscriptionLoader`), each result written to
/// the store in batches (one transaction per batch of feeds, not per item),
/// one feed's failure never the others'.
///
/// Runs on the thread its loaders deliver on (the UI thread in the app);
/// the writes go to the `LibraryWriter`'s thread (in the window, a queue
/// with a connection of its own), one batch at a time.
@MainActor
public final class LibraryRefresh {
    /// What became of one feed.
    public struct FeedResult: Equatable, Sendable {
        public var address: URL
        /// Items the library did not hold before.
        public var added: Int
        public var state: SubscriptionState
        /// Where the feed moved for good (the library follows it there).
        public var movedTo: URL?
    }

    public struct Summary: Equatable, Sendable {
        public var feeds: Int
        public var added: Int
        public var failed: Int

        public init(feeds: Int = 0, added: Int = 0, failed: Int = 0) {
            self.feeds = feeds
            self.added = added
            self.failed = failed
        }
    }

    /// Loads one subscription, calling back once unless cancelled.
    public typealias Load = (Subscription, @escaping (FeedRefresh) -> Void) -> FeedLoadTask

    private let writer: LibraryWriter
    private let load: Load
    private let maxLoads: Int
    private let perHost: Int
    private let batchSize: Int

    private var waiting: RefreshQueue<Subscription>
    /// Each load under way, by address.
    private var loading: [URL: FeedLoadTask?] = [:]
    /// Results not yet written, with what the printer is told once they are.
    private var unwritten: [(refresh: FeedRefresh, state: SubscriptionState)] = []
    /// A batch is being written: the next waits for it.
    private var isWriting = false
    private var summary = Summary()
    private var progress: ((FeedResult) -> Void)?
    private var completion: ((Result<Summary, Error>) -> Void)?
    /// Bumped by `cancel`, so an answer of a cancelled load is dropped.
    private var generation = 0

    public convenience init(store: LibraryStore, maxLoads: Int = 48, perHost: Int = 6, batchSize: Int = 16, load: @escaping Load) {
        self.init(writer: ImmediateLibraryWriter(store: store), maxLoads: maxLoads, perHost: perHost, batchSize: batchSize, load: load)
    }

    /// - Parameters:
    ///   - maxLoads: feeds asked at once, enough that slow answers from
    ///     many hosts overlap.
    ///   - perHost: the HTTP client's own connections per host (6): a load
    ///     past it would only wait in the client's queue, holding a place
    ///     another host could use.
    public init(writer: LibraryWriter, maxLoads: Int = 48, perHost: Int = 6, batchSize: Int = 16, load: @escaping Load) {
        self.writer = writer
        self.load = load
        self.maxLoads = max(1, maxLoads)
        self.perHost = max(1, perHost)
        self.batchSize = max(1, batchSize)
        waiting = RefreshQueue(perHost: perHost)
    }

    /// How many feeds are still to answer or be written.
    public var isRunning: Bool { completion != nil }

    /// Starts refreshing `feeds`; `progress` hears each feed once it is
    /// written, `completion` once all are, or the first write that failed
    /// (the library cannot be written: nothing more is tried).
    public func start(_ feeds: [Subscription], progress: @escaping (FeedResult) -> Void, completion: @escaping (Result<Summary, Error>) -> Void) {
        cancel()
        waiting = RefreshQueue(feeds, perHost: perHost)
        summary = Summary()
        self.progress = progress
        self.completion = completion
        startLoads()
        writeIfDue()
    }

    /// Stops every load; results already written stay, the rest are dropped.
    public func cancel() {
        generation += 1
        let tasks = loading.values
        loading = [:]
        waiting = RefreshQueue(perHost: perHost)
        unwritten = []
        isWriting = false
        progress = nil
        completion = nil
        tasks.forEach { $0?.cancel() }
    }

    private func startLoads() {
        while loading.count < maxLoads, let subscription = waiting.next() {
            let generation = generation
            let address = subscription.address
            loading[address] = .some(nil)
            let task = LoadStep.start({ done in load(subscription, done) }, answer: { [weak self] (refresh: FeedRefresh) in
                guard let self, self.generation == generation else { return }
                self.loaded(address, refresh)
            })
            if let task, loading[address] != nil { loading[address] = task }
        }
    }

    private func loaded(_ address: URL, _ refresh: FeedRefresh) {
        loading[address] = nil
        waiting.finished(address)
        unwritten.append((refresh, Self.state(after: refresh.outcome)))
        startLoads()
        writeIfDue()
    }

    private static func state(after outcome: FeedRefresh.Outcome) -> SubscriptionState {
        switch outcome {
        case .loaded, .unchanged: return .ok
        case let .failed(reason): return .failed(reason: reason)
        case .gone: return .gone
        case let .deferred(until): return .deferred(until: until)
        }
    }

    private var isLoaded: Bool { loading.isEmpty && waiting.isEmpty }

    /// A full batch, or what is left once every feed has answered; one
    /// write at a time. Then, when all is written, the answer.
    private func writeIfDue() {
        guard !isWriting else { return }
        guard !unwritten.isEmpty, unwritten.count >= batchSize || isLoaded else { return finishIfDone() }
        let batch = unwritten
        unwritten = []
        isWriting = true
        let generation = generation
        writer.apply(batch.map(\.refresh)) { [weak self] outcome in
            guard let self, self.generation == generation else { return }
            self.isWriting = false
            switch outcome {
            case let .success(added):
                for (refresh, state) in batch {
                    let result = FeedResult(address: refresh.address, added: added[refresh.address] ?? 0, state: state, movedTo: refresh.movedTo)
                    self.summary.feeds += 1
                    self.summary.added += result.added
                    if case .failed = state { self.summary.failed += 1 }
                    self.progress?(result)
                }
                self.writeIfDue()
            case let .failure(error):
                let completion = self.completion
                self.cancel()
                completion?(.failure(error))
            }
        }
    }

    private func finishIfDone() {
        guard isLoaded, unwritten.isEmpty, !isWriting, let completion else { return }
        self.completion = nil
        progress = nil
        completion(.success(summary))
    }
}

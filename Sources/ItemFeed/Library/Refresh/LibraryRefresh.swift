import Foundation

/// Refreshes a list of subscriptions: at most `maxLoads` feeds loading at
/// once, each result written to the store in batches (one transaction per
/// batch of feeds, not per item), one feed's failure never the others'.
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

    private let writer: LibraryWriter
    private let loader: (URL) -> ItemLoader
    private let maxLoads: Int
    private let batchSize: Int
    private let now: () -> Date

    private var waiting: [URL] = []
    /// Each load under way with its loader, held until it answers (a
    /// loader drops the answer of a load that outlived it).
    private var loading: [URL: (loader: ItemLoader, task: FeedLoadTask?)] = [:]
    /// Results not yet written, with what the printer is told once they are.
    private var unwritten: [(refresh: FeedRefresh, state: SubscriptionState)] = []
    /// A batch is being written: the next waits for it.
    private var isWriting = false
    private var summary = Summary()
    private var progress: ((FeedResult) -> Void)?
    private var completion: ((Result<Summary, Error>) -> Void)?
    /// Bumped by `cancel`, so an answer of a cancelled load is dropped.
    private var generation = 0

    public convenience init(store: LibraryStore, maxLoads: Int = 16, batchSize: Int = 16, now: @escaping () -> Date = Date.init, loader: @escaping (URL) -> ItemLoader) {
        self.init(writer: ImmediateLibraryWriter(store: store), maxLoads: maxLoads, batchSize: batchSize, now: now, loader: loader)
    }

    public init(writer: LibraryWriter, maxLoads: Int = 16, batchSize: Int = 16, now: @escaping () -> Date = Date.init, loader: @escaping (URL) -> ItemLoader) {
        self.writer = writer
        self.loader = loader
        self.maxLoads = max(1, maxLoads)
        self.batchSize = max(1, batchSize)
        self.now = now
    }

    /// Starts refreshing `feeds`; `progress` hears each feed once it is
    /// written, `completion` once all are, or the first write that failed
    /// (the library cannot be written: nothing more is tried).
    public func start(_ feeds: [URL], progress: @escaping (FeedResult) -> Void, completion: @escaping (Result<Summary, Error>) -> Void) {
        cancel()
        waiting = feeds.reversed()
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
        waiting = []
        unwritten = []
        isWriting = false
        progress = nil
        completion = nil
        tasks.forEach { $0.task?.cancel() }
    }

    private func startLoads() {
        while loading.count < maxLoads, let address = waiting.popLast() {
            let generation = generation
            let itemLoader = loader(address)
            loading[address] = (itemLoader, nil)
            let task = LoadStep.start({ done in itemLoader.load(completion: done) }, answer: { [weak self] (result: Result<Feed, Error>) in
                guard let self, self.generation == generation else { return }
                self.loaded(address, result)
            })
            if let task, loading[address] != nil { loading[address]?.task = task }
        }
    }

    private func loaded(_ address: URL, _ result: Result<Feed, Error>) {
        loading[address] = nil
        let date = now()
        switch result {
        case let .success(feed):
            unwritten.append((FeedRefresh(address: address, outcome: .loaded(title: feed.title, siteLink: nil, items: feed.items), date: date), .ok))
        case let .failure(error):
            let reason = (error as? LocalizedError)?.errorDescription ?? "\(error)"
            unwritten.append((FeedRefresh(address: address, outcome: .failed(reason: reason), date: date), .failed(reason: reason)))
        }
        startLoads()
        writeIfDue()
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
                    let result = FeedResult(address: refresh.address, added: added[refresh.address] ?? 0, state: state)
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

import Foundation

/// "Always Fetch Full Articles": after each refresh or sync, the new items'
/// pages of the feeds set so are fetched and read, a few at a time, hosts
/// taking turns (the refresh's `RefreshQueue`), each kept through the
/// library's writer so it is fetched once and reads offline. A refresh
/// that begins stops the pages under way (they are asked again after it),
/// so fetching never delays a refresh or a sync.
@MainActor
public final class FullArticleFetch: RefreshFollowing {
    /// Fetches and reads one page: the readability pass's HTML, or why not.
    public typealias Load = (URL, @escaping (Result<String, FullArticleError>) -> Void) -> FeedLoadTask

    private let writer: LibraryWriter
    private let load: Load
    private let maxLoads: Int
    private let perHost: Int
    private let pagesPerRound: Int
    private let now: () -> Date

    private var waiting: RefreshQueue<FullArticlePage>
    private var loading: [LibraryItem.Key: FeedLoadTask?] = [:]
    /// Pages written or being written, so a round read before they were is not asked twice.
    private var writing: Set<LibraryItem.Key> = []
    /// A refresh or a sync runs: nothing is asked until it ends.
    private var isPaused = false
    /// The list of pages is being read (off the UI thread).
    private var isReading = false
    /// Asked to start again while a round ran: one more round after it.
    private var again = false
    /// Bumped by a pause, so answers of stopped loads are dropped.
    private var generation = 0

    /// - Parameters:
    ///   - maxLoads: pages asked at once: a few, the refresh's connections come first.
    ///   - perHost: one page per host at a time: a site is not a feed server.
    ///   - pagesPerRound: newest first; the rest wait for the next refresh.
    public init(
        writer: LibraryWriter, maxLoads: Int = 4, perHost: Int = 1, pagesPerRound: Int = 100,
        now: @escaping () -> Date = Date.init, load: @escaping Load
    ) {
        self.writer = writer
        self.load = load
        self.maxLoads = max(1, maxLoads)
        self.perHost = max(1, perHost)
        self.pagesPerRound = max(1, pagesPerRound)
        self.now = now
        waiting = RefreshQueue([], perHost: perHost, address: \.address)
    }

    /// Whether pages are being read or fetched.
    public var isFetching: Bool { isReading || !loading.isEmpty || !waiting.isEmpty }

    public func refreshBegan() {
        isPaused = true
        generation += 1
        let tasks = loading.values
        loading = [:]
        waiting = RefreshQueue([], perHost: perHost, address: \.address)
        tasks.forEach { $0?.cancel() }
    }

    public func refreshEnded() {
        isPaused = false
        start()
    }

    /// Reads which pages are wanted and fetches them: after a refresh, and
    /// when a feed is set to fetch its full articles.
    public func start() {
        guard !isPaused else { return }
        guard !isFetching else {
            again = true
            return
        }
        again = false
        isReading = true
        let generation = generation
        let limit = pagesPerRound
        writer.write({ store in try store.pagesWantingFullArticles(limit: limit) }) { [weak self] result in
            guard let self else { return }
            isReading = false
            guard self.generation == generation, !isPaused else { return }
            let pages = ((try? result.get()) ?? []).filter { !self.writing.contains($0.key) }
            waiting = RefreshQueue(pages, perHost: perHost, address: \.address)
            startLoads()
        }
    }

    private func startLoads() {
        while loading.count < maxLoads, let page = waiting.next() {
            let generation = generation
            loading[page.key] = .some(nil)
            let task = LoadStep.start({ done in load(page.address, done) }, answer: { [weak self] (result: Result<String, FullArticleError>) in
                guard let self, self.generation == generation else { return }
                loaded(page, result)
            })
            if let task, loading[page.key] != nil { loading[page.key] = task }
        }
        if isFetching == false, again { start() }
    }

    private func loaded(_ page: FullArticlePage, _ result: Result<String, FullArticleError>) {
        loading[page.key] = nil
        waiting.finished(page.address)
        switch result {
        case let .success(html):
            keep(html, of: page.key)
        case let .failure(error) where Self.isLasting(error):
            keep(nil, of: page.key)
        case .failure:
            // The host is busy or down: its other pages wait for the next round.
            waiting.dropWaiting(onHostOf: page.address)
        }
        startLoads()
    }

    private func keep(_ html: String?, of key: LibraryItem.Key) {
        let fetched = now()
        writing.insert(key)
        writer.write({ store in try store.setFullArticle(html, fetched: fetched, of: key) }) { [weak self] _ in
            self?.writing.remove(key)
        }
    }

    /// Asking again would answer the same: the page is not HTML, has no
    /// article, is too large, or is missing (4xx other than 408 and 429).
    private static func isLasting(_ error: FullArticleError) -> Bool {
        switch error {
        case .notHTML, .tooLarge, .noArticle, .noPage: return true
        case let .http(status): return (400..<500).contains(status) && status != 408 && status != 429
        case .unreachable: return false
        }
    }
}

import Foundation
import ItemFeed

/// Loads the pictures of articles fetched while no one was reading them
/// ("Always Fetch Full Articles"), and those of an article read a while
/// that were never scrolled near, through the pane's own picture loader,
/// so they are kept with it and the article reads the same offline
/// (SPEC 19). A few at a time, each address once: a round of a hundred
/// pages must not take the window's connections or its memory.
@MainActor
public final class ArticlePicturePrefetch {
    /// Loads one picture as the pane would (and so keeps it); calls back when done, however it ended.
    public typealias Load = (URL, @escaping () -> Void) -> ItemImageLoaderTask

    private let load: Load
    private let atOnce: Int
    private let perArticle: Int
    private let maxWaiting: Int
    private var waiting: [URL] = []
    private var loading: [URL: ItemImageLoaderTask] = [:]
    /// Asked already, so an article fetched again does not load its pictures twice.
    private var asked: Set<URL> = []

    /// - Parameters:
    ///   - atOnce: pictures loaded at once: the window's own come first.
    ///   - perArticle: an article's first pictures; a gallery of hundreds is not read offline whole.
    ///   - maxWaiting: pictures waiting or loading at most; beyond, more are not asked: the cache would push them out anyway.
    public init(atOnce: Int = 2, perArticle: Int = 30, maxWaiting: Int = 1_000, load: @escaping Load) {
        self.load = load
        self.atOnce = max(1, atOnce)
        self.perArticle = max(0, perArticle)
        self.maxWaiting = max(0, maxWaiting)
    }

    /// Pictures waiting or loading.
    public var pending: Int { waiting.count + loading.count }

    /// Queues an article's pictures, web addresses only.
    public func keep(picturesOf article: Article) {
        keep(article.pictures)
    }

    /// Queues pictures of one article, in the order given.
    public func keep(_ pictures: [URL]) {
        let fresh = pictures
            .filter { ["http", "https"].contains($0.scheme?.lowercased() ?? "") && !asked.contains($0) }
            .prefix(perArticle)
            .prefix(max(0, maxWaiting - pending))
        asked.formUnion(fresh)
        waiting += fresh
        startWaiting()
    }

    /// Stops every load: quitting, or the library closed.
    public func stop() {
        waiting = []
        let tasks = loading.values
        loading = [:]
        tasks.forEach { $0.cancel() }
    }

    private func startWaiting() {
        while loading.count < atOnce, !waiting.isEmpty {
            let url = waiting.removeFirst()
            var finished = false
            let task = load(url) { [weak self] in
                finished = true
                guard let self, loading.removeValue(forKey: url) != nil else { return }
                startWaiting()
            }
            // A loader that answered at once (a picture already kept) is done.
            if !finished { loading[url] = task }
        }
    }
}

import Foundation
import ItemFeed

/// An entry read from an XML feed whose summary is still HTML.
protocol SummarisedEntry: Sendable {
    func item(html: HTMLText) -> Item?
    /// The entry's article as HTML (its full content, else its summary),
    /// for a reader that keeps articles (`FeedArticles`).
    var articleHTML: String? { get }
    /// The entry's enclosure, for the same reader.
    var enclosure: Enclosure? { get }
}

/// Turns entries into items — their summaries' HTML into plain text — on a
/// second thread while the reader goes on with the document: the HTML is
/// much of an RSS feed's mapping, and a second core was idle.
///
/// Entries cross in chunks, a few at a time in flight, so neither a thread
/// hop per entry nor a whole feed of raw HTML is paid for. When the second
/// thread is behind, the reader makes a chunk's items itself instead of
/// waiting: the second thread was the slower of the two, and the reader
/// sat idle behind it. Items reach the collector
/// (and its batches) in feed order, all on the pipeline's queue.
final class SummaryPipeline<Entry: SummarisedEntry>: @unchecked Sendable {
    // Safe: each mutable property below says whose it is (the queue's, the
    // reader's, or under `spentLock`), and the two meet only through the
    // queue's `async`/`sync` and the semaphore.
    private static var chunkSize: Int { 128 }
    private let queue = DispatchQueue(label: "ItemFeed feed summaries", qos: .userInitiated)
    /// Chunks handed over and not yet made items: beyond this the reader
    /// makes items itself, so a slow second thread never holds the feed's
    /// raw HTML.
    private let inFlight = DispatchSemaphore(value: 4)
    /// The queue's alone.
    private let html: HTMLText
    private var collector: FeedItemCollector
    /// The queue's: each item's article HTML, when the mapping keeps them.
    private var articles: [String: String] = [:]
    private var enclosures: [String: Enclosure] = [:]
    private let keepsArticles: Bool
    /// The reader's alone.
    private var readersOwnHTML: HTMLText?
    private var pending: [(Entry, String?)] = []
    /// Chunks the queue has made items of, handed back for the reader to
    /// free: their text was allocated on the reader's thread, and glibc
    /// frees a block under the lock of the arena it came from, the lock the
    /// reader takes for each of its own allocations: freed by the queue, the
    /// two threads took turns waiting on it.
    private var spent: [[(Entry, String?)]] = []
    private let spentLock = NSLock()

    init(batches: ItemBatches?, keepsArticles: Bool = false) throws {
        self.keepsArticles = keepsArticles
        html = try HTMLText()
        collector = FeedItemCollector(capacity: 64, batches: batches)
        pending.reserveCapacity(Self.chunkSize)
    }

    /// From the reader: an entry, and the image to show for it when it has
    /// none of its own (RSS's channel image).
    func add(_ entry: Entry, fallbackImage: String?) {
        pending.append((entry, fallbackImage))
        if pending.count == Self.chunkSize { handOver() }
    }

    /// From the reader, at the end of the document: every item, in order.
    func finish() -> (items: FeedItemCollector, articles: [String: String], enclosures: [String: Enclosure]) {
        handOver()
        let finished = queue.sync { (collector, articles, enclosures) }
        freeSpentChunks()
        return finished
    }

    /// Waits for what was handed over: a mapping that throws must not have
    /// batches arrive after its error.
    func drain() {
        queue.sync {}
    }

    private func handOver() {
        guard !pending.isEmpty else { return }
        let chunk = pending
        pending.removeAll(keepingCapacity: true)
        freeSpentChunks()
        let hasRoom = inFlight.wait(timeout: .now()) == .success
        if !hasRoom, let readersHTML = readersHTML() {
            // The second thread is behind: the reader makes this chunk's
            // items itself rather than wait, so both cores stay busy. The
            // queue keeps the order: this chunk is added after those
            // handed over before it.
            let items = Self.items(of: chunk, html: readersHTML, keepsArticles: keepsArticles)
            queue.async { [self] in
                for (item, article, enclosure) in items { add(item, article, enclosure) }
            }
            return
        }
        if !hasRoom { inFlight.wait() }
        queue.async { [self] in
            for (item, article, enclosure) in Self.items(of: chunk, html: html, keepsArticles: keepsArticles) { add(item, article, enclosure) }
            spentLock.withLock { spent.append(chunk) }
            inFlight.signal()
        }
    }

    /// On the reader.
    private func freeSpentChunks() {
        var chunks: [[(Entry, String?)]] = []
        spentLock.withLock { swap(&chunks, &spent) }
    }

    /// `nil` only when libxml2 cannot make a parser (out of memory): the
    /// reader then waits for the second thread instead.
    private func readersHTML() -> HTMLText? {
        if readersOwnHTML == nil { readersOwnHTML = try? HTMLText() }
        return readersOwnHTML
    }

    private static func items(of chunk: [(Entry, String?)], html: HTMLText, keepsArticles: Bool) -> [(Item?, String?, Enclosure?)] {
        chunk.map { entry, fallbackImage in
            (entry.item(html: html)?.withFallbackImage(fallbackImage), keepsArticles ? entry.articleHTML.map(FeedArticles.capped) : nil,
             keepsArticles ? entry.enclosure : nil)
        }
    }

    /// On the queue. The first entry with an id keeps it, as the collector
    /// keeps the first item.
    private func add(_ item: Item?, _ article: String?, _ enclosure: Enclosure?) {
        collector.add(item)
        guard let item else { return }
        if let article, articles[item.id] == nil { articles[item.id] = article }
        if let enclosure, enclosures[item.id] == nil { enclosures[item.id] = enclosure }
    }
}

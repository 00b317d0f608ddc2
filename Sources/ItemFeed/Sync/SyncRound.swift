import Foundation

/// One sync of one account, written once for every service: the changes
/// made here sent first (batched), then the server's folders and feeds, its
/// unread and starred ids, the contents of items not held yet (in batches),
/// and last the held items' marks made the server's, where no change made
/// here is still pending.
///
/// Runs on the caller's thread, blocking on the service's requests: call
/// it on a worker queue with a store connection of that queue's own. Every
/// step writes in its own transaction, so a round killed at any point
/// leaves the library whole and the next round finishes the job: a pending
/// change is forgotten only once the server took it.
public final class SyncRound {
    public struct Summary: Equatable, Sendable {
        /// Changes sent to the server.
        public var sent = 0
        public var feeds = 0
        public var newItems = 0
        /// Held items whose marks the server changed.
        public var marksChanged = 0
        /// Changes the server refused, and why: dropped, the server's
        /// feeds taken as they are.
        public var refused: [String] = []

        public init(sent: Int = 0, feeds: Int = 0, newItems: Int = 0, marksChanged: Int = 0) {
            (self.sent, self.feeds, self.newItems, self.marksChanged) = (sent, feeds, newItems, marksChanged)
        }
    }

    public enum Step: Equatable, Sendable {
        case sending(Int)
        case subscriptions
        case itemIDs
        /// Items fetched so far of those missing.
        case items(done: Int, of: Int)
        case marks
    }

    private let account: SyncAccount.ID
    private let service: SyncService
    private let store: SyncStore
    private let readSince: Date
    private let now: () -> Date
    private let progress: (Step) -> Void
    private let isCancelled: () -> Bool

    /// `readSince`: read items published before it are not asked for (the
    /// library's retention); unread and starred ones are, whatever their age.
    public init(
        account: SyncAccount.ID, service: SyncService, store: SyncStore, readSince: Date,
        now: @escaping () -> Date = Date.init, progress: @escaping (Step) -> Void = { _ in }, isCancelled: @escaping () -> Bool = { false }
    ) {
        (self.account, self.service, self.store, self.readSince) = (account, service, store, readSince)
        (self.now, self.progress, self.isCancelled) = (now, progress, isCancelled)
    }

    /// Throws `SyncError`; the store errors of a write as they are.
    public func run() throws -> Summary {
        var summary = Summary()
        (summary.sent, summary.refused) = try sendPendingChanges()

        try checkCancelled()
        progress(.subscriptions)
        let subscriptions = try service.subscriptions()
        try store.keep(subscriptions, of: account)
        summary.feeds = subscriptions.feeds.count

        switch service {
        case let service as ItemChangeListing: try listChanges(service, into: &summary)
        case let service as ItemIDListing: try listIDs(service, into: &summary)
        default: throw SyncError.refused(reason: tr("This service lists items in no way ItemFeed knows"))
        }
        return summary
    }

    /// The unread, starred and recent ids, compared with those held: the
    /// missing items fetched in batches, the held ones' marks made the
    /// server's.
    private func listIDs(_ service: ItemIDListing, into summary: inout Summary) throws {
        try checkCancelled()
        progress(.itemIDs)
        let held = try store.remoteItemIDs(of: account)
        let contents = ListedContents()
        service.willListItemIDs(holding: held.count, readSince: readSince, contents: contents)
        let unread = try service.unreadItemIDs()
        let starred = try service.starredItemIDs()
        let recent = try service.itemIDs(since: readSince)

        let missing = Array(unread.union(starred).union(recent).subtracting(held)).sorted()
        var done = 0
        for batch in missing.chunked(max(1, service.itemBatchSize)) {
            try checkCancelled()
            progress(.items(done: done, of: missing.count))
            let (came, toAsk) = contents.take(batch)
            let items = try came + (toAsk.isEmpty ? [] : service.items(withIDs: toAsk))
            summary.newItems += try store.add(items, of: account, unread: unread, starred: starred, seen: now())
            done += batch.count
        }

        try checkCancelled()
        progress(.marks)
        summary.marksChanged = try store.reconcileMarks(of: account, unread: unread, starred: starred)
    }

    /// What changed since the last listing, page by page: items not held
    /// stored (unless read, unstarred and older than the retention), held
    /// ones' marks made the server's. The first listing is whole, so every
    /// held item it left out is read and unstarred. The cursor is kept last:
    /// a round cut short lists the same changes again.
    private func listChanges(_ service: ItemChangeListing, into summary: inout Summary) throws {
        try checkCancelled()
        progress(.itemIDs)
        let cursor = try store.listingCursor(of: account)
        var held = try store.remoteItemIDs(of: account)
        var unread: Set<String> = [], starred: Set<String> = []
        var listed = 0
        let next = try service.listChanges(since: cursor, readSince: readSince) { page in
            try checkCancelled()
            listed += page.items.count
            progress(.items(done: listed, of: listed))
            let kept = page.items.filter { item in
                !held.contains(item.id) && (page.unread.contains(item.id) || page.starred.contains(item.id) || (item.published ?? .distantFuture) >= readSince)
            }
            summary.newItems += try store.add(kept, of: account, unread: page.unread, starred: page.starred, seen: now())
            let heldListed = Set(page.items.map(\.id)).intersection(held)
            if !heldListed.isEmpty {
                summary.marksChanged += try store.reconcileMarks(of: account, unread: page.unread, starred: page.starred, among: heldListed)
            }
            held.formUnion(kept.map(\.id))
            if cursor == nil { unread.formUnion(page.unread); starred.formUnion(page.starred) }
        }
        try checkCancelled()
        progress(.marks)
        if cursor == nil { summary.marksChanged += try store.reconcileMarks(of: account, unread: unread, starred: starred) }
        if let next, next != cursor { try store.setListingCursor(next, of: account) }
    }

    /// The oldest first, many ids a request; each batch forgotten once the
    /// server took all of it (a mark sent twice does no harm).
    private func sendPendingChanges() throws -> (sent: Int, refused: [String]) {
        var sent = 0
        var refused: [String] = []
        let batchSize = max(1, service.markBatchSize)
        while true {
            try checkCancelled()
            let pending = try store.pendingChanges(of: account, limit: batchSize * RemoteMark.allCases.count)
            guard !pending.isEmpty else { return (sent, refused) }
            progress(.sending(pending.count))
            var marks = PendingMarks()
            for change in pending {
                switch change.change {
                case let .mark(mark, itemID):
                    marks.add(mark, itemID)
                case let .feed(feedChange, feedID):
                    // What was marked before it goes first, in order.
                    try marks.send(to: service, batchSize: batchSize)
                    marks = PendingMarks()
                    do {
                        try send(feedChange, feedID)
                    } catch let SyncError.refused(reason) {
                        // It can never be taken: dropped, and said.
                        refused.append(reason)
                    }
                }
            }
            try marks.send(to: service, batchSize: batchSize)
            try store.removePendingChanges(pending.map(\.id))
            sent += pending.count
        }
    }

    private func send(_ change: FeedChange, _ feedID: String) throws {
        switch change {
        case .unsubscribe: try service.unsubscribe(feedID)
        case let .rename(title): try service.rename(feedID, to: title)
        }
    }

    private func checkCancelled() throws {
        if isCancelled() { throw SyncError.cancelled }
    }
}

/// Marks to send, the last of each item's read and star changes only (read
/// then unread is unread), in the order they were first made.
private struct PendingMarks {
    private var last: [String: RemoteMark] = [:]
    private var order: [String] = []

    mutating func add(_ mark: RemoteMark, _ itemID: String) {
        let key = (mark == .starred || mark == .unstarred ? "s" : "r") + itemID
        if last.updateValue(mark, forKey: key) == nil { order.append(key) }
    }

    func send(to service: SyncService, batchSize: Int) throws {
        for mark in RemoteMark.allCases {
            let ids = order.filter { last[$0] == mark }.map { String($0.dropFirst()) }
            for batch in ids.chunked(batchSize) { try service.mark(batch, mark) }
        }
    }
}

extension Array {
    /// Consecutive slices of at most `size` elements.
    public func chunked(_ size: Int) -> [[Element]] {
        stride(from: 0, to: count, by: size).map { Array(self[$0..<Swift.min($0 + size, count)]) }
    }
}

import Foundation
import ItemFeed
import ItemFeedGLib
import ItemFeedStore

/// The library's writer: a connection of its own to the library
/// file, used only on one worker queue, so a refresh's batches and the
/// reader's marks are written while the UI thread goes on reading (WAL lets
/// both run). The answer comes back on the UI thread.
public final class BackgroundLibraryWriter: LibraryWriter {
    /// The connection crosses to the queue once and is used only there.
    private final class Connection: @unchecked Sendable {
        // Safe: touched only on `work`'s serial queue after `init`.
        let store: SQLiteLibraryStore
        init(store: SQLiteLibraryStore) { self.store = store }
    }

    /// A write's answer and what it changed, crossing back to the UI thread.
    private struct Written<Value: Sendable>: Sendable {
        let result: Result<Value, Error>
        let change: LibraryChange
        init(_ written: (Result<Value, Error>, LibraryChange)) { (result, change) = written }
    }

    private let connection: Connection
    private let work = BackgroundWork(label: "ItemFeed library writer")

    /// Opens the file the window's store has open (so it exists, migrated).
    public init(file: URL, memory: LibraryMemory = .window) throws {
        connection = Connection(store: try SQLiteLibraryStore(path: file.path, memory: memory))
        settleReadMarks()
    }

    /// Items a batch settles at once: a few milliseconds of the queue.
    static let settledAtOnce = 2_000

    public var changed: (LibraryChange) -> Void = { _ in }

    public func apply(_ refreshes: [FeedRefresh], completion: @escaping (Result<[URL: Int], Error>) -> Void) {
        run({ try $0.apply(refreshes) }, then: completion)
    }

    public func mark(_ change: MarkChange, completion: @escaping (Result<[LibraryItem.Key], Error>) -> Void) {
        run({ try change.apply(to: $0) }, then: { [weak self] marked in
            completion(marked)
            if case .allRead = change { self?.settleReadMarks() }
        })
    }

    /// Mark All as Read marked feeds; their items get marks of their own a
    /// batch at a time, each behind whatever was asked meanwhile (a batch
    /// that fails waits for the next Mark All as Read or start).
    private func settleReadMarks() {
        work.run({ [connection] in (try? connection.store.settleReadMarks(limit: Self.settledAtOnce)) ?? 0 }, then: { [weak self] settled in
            if settled > 0 { self?.settleReadMarks() }
        })
    }

    public func write<Value: Sendable>(_ change: @escaping @Sendable (LibraryStore) throws -> Value, completion: @escaping (Result<Value, Error>) -> Void) {
        run({ store in try store.changing { try change(store) } }, then: completion)
    }

    /// On the queue; then, on the UI thread, what changed before the answer.
    private func run<Value: Sendable>(_ write: @escaping @Sendable (SQLiteLibraryStore) throws -> Value, then completion: @escaping (Result<Value, Error>) -> Void) {
        work.run({ [connection] in Written(connection.store.writing { try write(connection.store) }) }, then: { [weak self] written in
            if !written.change.isEmpty { self?.changed(written.change) }
            completion(written.result)
        })
    }

    public func versionOfOtherWrites(completion: @escaping (Int64?) -> Void) {
        work.run({ [connection] in try? connection.store.dataVersion() }, then: completion)
    }
}

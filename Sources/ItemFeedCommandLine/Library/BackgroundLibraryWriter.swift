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

    private let connection: Connection
    private let work = BackgroundWork(label: "ItemFeed library writer")

    /// Opens the file the window's store has open (so it exists, migrated).
    public init(file: URL, memory: LibraryMemory = .window) throws {
        connection = Connection(store: try SQLiteLibraryStore(path: file.path, memory: memory))
    }

    public func apply(_ refreshes: [FeedRefresh], completion: @escaping (Result<[URL: Int], Error>) -> Void) {
        work.run({ [connection] in Result { try connection.store.apply(refreshes) } }, then: completion)
    }

    public func mark(_ change: MarkChange, completion: @escaping (Result<[LibraryItem.Key], Error>) -> Void) {
        work.run({ [connection] in Result { try change.apply(to: connection.store) } }, then: completion)
    }

    public func write<Value: Sendable>(_ change: @escaping @Sendable (LibraryStore) throws -> Value, completion: @escaping (Result<Value, Error>) -> Void) {
        work.run({ [connection] in Result { try connection.store.changing { try change(connection.store) } } }, then: completion)
    }

    public func versionOfOtherWrites(completion: @escaping (Int64?) -> Void) {
        work.run({ [connection] in try? connection.store.dataVersion() }, then: completion)
    }
}

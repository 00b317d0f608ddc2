import Foundation

/// Where every change of the library is written: the store, on whatever
/// thread owns the writing connection, the answer back on the caller's
/// thread, in the order asked. The window's UI thread only reads.
public protocol LibraryWriter: AnyObject {
    func apply(_ refreshes: [FeedRefresh], completion: @escaping (Result<[URL: Int], Error>) -> Void)
    func mark(_ change: MarkChange, completion: @escaping (Result<[LibraryItem.Key], Error>) -> Void)
    /// Any other change (subscribe, rename, import…), made in one transaction.
    func write<Value: Sendable>(_ change: @escaping @Sendable (LibraryStore) throws -> Value, completion: @escaping (Result<Value, Error>) -> Void)
    /// A number that moves when another connection to the library commits
    /// (the command line, a second window), never for this writer's own
    /// writes: SQLite's `data_version` on its connection. `nil`: not known.
    func versionOfOtherWrites(completion: @escaping (Int64?) -> Void)
    /// Told after each write that changed something, on the caller's
    /// thread and before that write's own completion: what it changed.
    var changed: (LibraryChange) -> Void { get set }
}

extension LibraryStore {
    /// What `write` made, and what it changed (nothing when it threw: its
    /// transaction was rolled back, or it wrote nothing).
    public func writing<Value>(_ write: () throws -> Value) -> (Result<Value, Error>, LibraryChange) {
        let result = Result { try write() }
        let change = takeChanges()
        return (result, result.isSuccess ? change : [])
    }
}

extension Result {
    var isSuccess: Bool {
        if case .success = self { return true } else { return false }
    }
}

/// Writes in place, on the caller's thread: the command line (which has
/// nothing else to do meanwhile) and tests.
public final class ImmediateLibraryWriter: LibraryWriter {
    private let store: LibraryStore
    public var changed: (LibraryChange) -> Void = { _ in }

    public init(store: LibraryStore) {
        self.store = store
    }

    public func apply(_ refreshes: [FeedRefresh], completion: @escaping (Result<[URL: Int], Error>) -> Void) {
        answer(store.writing { try store.apply(refreshes) }, completion)
    }

    public func mark(_ change: MarkChange, completion: @escaping (Result<[LibraryItem.Key], Error>) -> Void) {
        answer(store.writing { try change.apply(to: store) }, completion)
    }

    public func write<Value: Sendable>(_ change: @escaping @Sendable (LibraryStore) throws -> Value, completion: @escaping (Result<Value, Error>) -> Void) {
        answer(store.writing { try store.changing { try change(store) } }, completion)
    }

    private func answer<Value>(_ written: (Result<Value, Error>, LibraryChange), _ completion: (Result<Value, Error>) -> Void) {
        if !written.1.isEmpty { changed(written.1) }
        completion(written.0)
    }

    /// Nothing writes beside the command line's one run that it must follow.
    public func versionOfOtherWrites(completion: @escaping (Int64?) -> Void) {
        completion(nil)
    }
}

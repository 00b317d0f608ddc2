import Foundation
import ItemFeed

/// A library writer that writes when the test says, in the order asked, as
/// one on another thread does; or fails, as one on a full disk does.
public final class HeldLibraryWriter: LibraryWriter {
    private enum Held {
        case refreshes([FeedRefresh], (Result<[URL: Int], Error>) -> Void)
        case mark(MarkChange, (Result<[LibraryItem.Key], Error>) -> Void)
        case other((Error?) -> Void)
    }

    private let store: LibraryStore
    private var held: [Held] = []
    public var changed: (LibraryChange) -> Void = { _ in }

    public init(store: LibraryStore) {
        self.store = store
    }

    /// The batches of refreshes waiting, oldest first.
    public var heldRefreshes: [[FeedRefresh]] {
        held.compactMap { if case let .refreshes(refreshes, _) = $0 { return refreshes } else { return nil } }
    }

    /// The mark changes waiting, oldest first.
    public var heldMarks: [MarkChange] {
        held.compactMap { if case let .mark(change, _) = $0 { return change } else { return nil } }
    }

    public func apply(_ refreshes: [FeedRefresh], completion: @escaping (Result<[URL: Int], Error>) -> Void) {
        held.append(.refreshes(refreshes, completion))
    }

    public func mark(_ change: MarkChange, completion: @escaping (Result<[LibraryItem.Key], Error>) -> Void) {
        held.append(.mark(change, completion))
    }

    /// No other process writes in these tests.
    public func versionOfOtherWrites(completion: @escaping (Int64?) -> Void) {
        completion(nil)
    }

    /// How many changes wait, of every kind.
    public var heldCount: Int { held.count }

    public func write<Value: Sendable>(_ change: @escaping @Sendable (LibraryStore) throws -> Value, completion: @escaping (Result<Value, Error>) -> Void) {
        held.append(.other { [store, weak self] error in
            if let error { return completion(.failure(error)) }
            self?.answer(store.writing { try store.changing { try change(store) } }, completion)
        })
    }

    /// Writes the oldest waiting; `failing` answers with it instead.
    public func finishNext(failing error: Error? = nil) {
        switch held.removeFirst() {
        case let .refreshes(_, completion) where error != nil:
            completion(.failure(error!))
        case let .mark(_, completion) where error != nil:
            completion(.failure(error!))
        case let .refreshes(refreshes, completion):
            answer(store.writing { try store.apply(refreshes) }, completion)
        case let .mark(change, completion):
            answer(store.writing { try change.apply(to: store) }, completion)
        case let .other(write):
            write(error)
        }
    }

    private func answer<Value>(_ written: (Result<Value, Error>, LibraryChange), _ completion: (Result<Value, Error>) -> Void) {
        if !written.1.isEmpty { changed(written.1) }
        completion(written.0)
    }
}

import Foundation

/// Stop, said to work under way from another thread (the header's Stop,
/// quitting, an import's Cancel): a sync's round checks it between its
/// steps and its requests stop waiting for their answers, so a slow server
/// cannot hold the sync; an import checks it between its batches.
public final class SyncStop: @unchecked Sendable {
    // Safe: `stopped` is read and written under `lock`.
    private let lock = NSLock()
    private var stopped = false

    public init() {}

    public var isStopped: Bool { lock.withLock { stopped } }

    public func stop() {
        lock.withLock { stopped = true }
    }
}

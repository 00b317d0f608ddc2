import Foundation

/// Stop, said to a sync under way from another thread (the header's Stop,
/// quitting): the round checks it between its steps and its requests stop
/// waiting for their answers, so a slow server cannot hold the sync.
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

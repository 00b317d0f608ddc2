import Foundation

/// A value shared between threads, read and written only under its lock.
///
/// An `NSLock` (a pthread mutex), not the Synchronization module's `Mutex`:
/// ThreadSanitizer follows pthread mutexes, and `Mutex` is a bare futex on
/// Linux, whose hand-offs it would report as races.
public final class Locked<Value: Sendable>: @unchecked Sendable {
    // Safe: `value` is touched only inside `withLock`, under `lock`.
    private let lock = NSLock()
    private var value: Value

    public init(_ value: Value) {
        self.value = value
    }

    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try lock.withLock { try body(&value) }
    }
}

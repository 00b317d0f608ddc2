import Foundation

/// A value shared between a test and the thread a client completes on.
public final class LockedBox<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value

    public init(_ value: Value) {
        stored = value
    }

    public var value: Value { lock.withLock { stored } }

    public func update(_ change: (inout Value) -> Void) {
        lock.withLock { change(&stored) }
    }
}

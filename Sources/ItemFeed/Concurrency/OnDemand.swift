import Foundation

/// A value made the first time it is asked for, on whichever thread asks,
/// and once only: what a process may never need (the accounts' libcurl
/// session, for a command that syncs nothing) is not started for it.
public final class OnDemand<Value: Sendable>: Sendable {
    private let make: @Sendable () -> Value
    private let made = Locked<Value?>(nil)

    public init(_ make: @escaping @Sendable () -> Value) {
        self.make = make
    }

    public var value: Value {
        made.withLock { made in
            if let made { return made }
            let value = make()
            made = value
            return value
        }
    }
}

internal import CGLib

/// A Swift value carried through a C callback's user data, retained by the
/// callback and released by GLib's destroy notify when it is disconnected.
final class ClosureBox<Value> {
    let value: Value
    init(_ value: Value) { self.value = value }

    static var release: GClosureNotify {
        { data, _ in Unmanaged<AnyObject>.fromOpaque(data!).release() }
    }
}

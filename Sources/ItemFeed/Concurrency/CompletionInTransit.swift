/// A completion made on one thread (the UI thread), carried through a
/// worker only to be run back on that thread by whoever carries it (the
/// GLib main context's delivery, libcurl's `deliver`).
public struct CompletionInTransit<Value>: @unchecked Sendable {
    // Safe: the closure is never called on the worker that carries it, only
    // inside the delivery that brings it back where it was made.
    public let call: (Value) -> Void

    public init(_ call: @escaping (Value) -> Void) {
        self.call = call
    }
}

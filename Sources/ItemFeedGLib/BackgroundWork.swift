import Dispatch
import ItemFeed

/// A worker queue whose answers come back on the UI thread: the disk
/// cache's reads and the thumbnails' decoding run on one each, so the
/// window keeps drawing while they work.
public struct BackgroundWork: Sendable {
    public typealias Deliver = @Sendable (@escaping @Sendable () -> Void) -> Void

    private let queue: DispatchQueue
    private let deliver: Deliver

    /// `.userInitiated`, not `.utility`: libdispatch on Linux lowers a
    /// utility thread's priority, and with the UI thread busy drawing, the
    /// disk cache's reads would wait behind it. `deliver` is the GLib
    /// main context's; tests pass their own.
    public init(label: String, concurrent: Bool = false, deliver: @escaping Deliver = MainContext.invoke) {
        queue = DispatchQueue(label: label, qos: .userInitiated, attributes: concurrent ? .concurrent : [])
        self.deliver = deliver
    }

    /// Runs `work` on the queue, then `completion` with its value on the
    /// thread `deliver` runs on (the UI thread).
    public func run<Value: Sendable>(_ work: @escaping @Sendable () -> Value, then completion: @escaping (Value) -> Void) {
        let completion = CompletionInTransit(completion)
        let deliver = self.deliver
        queue.async {
            let value = work()
            deliver { completion.call(value) }
        }
    }

    /// Runs `work` on the queue; nothing comes back.
    public func run(_ work: @escaping @Sendable () -> Void) {
        queue.async(execute: work)
    }
}

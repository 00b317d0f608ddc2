internal import CGLib
import ItemFeed
import Foundation

/// Hands a mapping's batches, then its result, to the UI thread one at a
/// time, each at least a frame after the one before, so GTK draws between
/// them: the loop is free for those 20 ms, and GTK's frame comes in them.
///
/// A batch makes GTK build and bind a row widget per new row, synchronously.
/// Queued back to back, a big feed's batches would run one after the other
/// with no frame between them, its first rows painted only after the last.
/// Not by queuing below GTK's drawing priority instead: while a spinner
/// turns GTK always has a frame due, and work queued below it waits.
final class FramePacedDelivery: Sendable {
    /// A little more than one frame at 60 Hz.
    private static let gapMilliseconds: guint = 20

    private struct Queue {
        var pending: [@Sendable () -> Void] = []
        var isScheduled = false
        var deliveredAny = false
    }

    private let queue = Locked(Queue())

    /// From any thread: queues `work` behind everything queued before.
    func deliver(_ work: @escaping @Sendable () -> Void) {
        let schedule = queue.withLock { queue in
            queue.pending.append(work)
            defer { queue.isScheduled = true }
            return !queue.isScheduled
        }
        if schedule { scheduleNext() }
    }

    private func scheduleNext() {
        let first = queue.withLock { !$0.deliveredAny }
        MainContext.invoke(after: first ? 0 : Self.gapMilliseconds) { [self] in
            let work = queue.withLock { queue in
                queue.deliveredAny = true
                return queue.pending.isEmpty ? nil : queue.pending.removeFirst()
            }
            work?()
            let more = queue.withLock { queue in
                queue.isScheduled = !queue.pending.isEmpty
                return queue.isScheduled
            }
            if more { scheduleNext() }
        }
    }
}

import CLibc
import Dispatch
import Foundation
import ItemFeed

/// Gives the memory a replaced feed freed back to the system.
///
/// glibc keeps freed memory inside its heaps for reuse, and a feed's
/// hundreds of thousands of small blocks are freed in a different order
/// from the next feed's allocations, so the heaps only grow (`make soak`
/// shows it). `malloc_trim` hands the free pages inside the heaps back
/// with `madvise`, not only the top of each heap as `free` does.
public enum FreedMemory {
    private static let queue = DispatchQueue(label: "itemfeed.freed-memory", qos: .utility)
    private static let isScheduled = Locked(false)

    /// A trim holds each heap's lock in turn for a while, so it runs on a
    /// worker thread, at most once a second: a filter reloads the
    /// list on every keystroke, and each reload asked for a trim of its own.
    public static func returnToSystem() {
        let schedule = isScheduled.withLock { scheduled in
            defer { scheduled = true }
            return !scheduled
        }
        guard schedule else { return }
        queue.asyncAfter(deadline: .now() + 1) {
            isScheduled.withLock { $0 = false }
            malloc_trim(0)
        }
    }
}

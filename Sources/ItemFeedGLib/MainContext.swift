internal import CGLib
import ItemFeed
import Foundation

/// Runs work on the GLib main context, the UI thread. On Linux, Swift's main
/// queue and main-actor jobs are not drained by GLib's loop, so everything
/// that must reach the UI from another thread comes through here.
///
/// Which thread owns what, in the whole app:
/// - The UI thread (the process's main thread, inside GLib's loop) owns GTK,
///   every controller and presenter, the list state, each `LoadTask` and
///   its cancellation. Everything `@MainActor` runs here.
/// - libcurl's worker thread (`CurlWorker`, in ItemFeedCurl) owns the multi
///   handle and the transfers' bytes; it hands responses over with the
///   `deliver` it was given, which is `MainContext.invoke`.
/// - Worker queues (`BackgroundWork`) map feeds, read and write the image
///   cache and decode thumbnails. They are given values and give values
///   back; they own nothing the UI thread touches.
///
/// The hand-offs are the types in this folder: `MainContext` (to the UI
/// thread), `FramePacedDelivery` (to the UI thread a frame apart, for a
/// mapping's batches), `BackgroundWork` (a queue there and back),
/// `MainContextTimer` (a delay on the UI thread). A completion crosses as
/// a `CompletionInTransit`, shared state sits in a `Locked`.
public enum MainContext {
    /// Queues `work` on the global default main context. Always queued: with
    /// `g_main_context_invoke`, a worker thread that finds the context free
    /// (the main thread between iterations) runs the work itself, on the
    /// wrong thread, which a test here caught.
    public static func invoke(_ work: @escaping @Sendable () -> Void) {
        invoke(after: 0, work)
    }

    /// The same, `milliseconds` from now (a GLib timeout instead of an idle),
    /// at GLib's default priority like everything else queued here.
    public static func invoke(after milliseconds: UInt32, _ work: @escaping @Sendable () -> Void) {
        let callback: GSourceFunc = { data in
            Unmanaged<WorkBox>.fromOpaque(data!).takeUnretainedValue().run()
            return gboolean(0) // G_SOURCE_REMOVE
        }
        let release: GDestroyNotify = { data in
            Unmanaged<WorkBox>.fromOpaque(data!).release()
        }
        let box = Unmanaged.passRetained(WorkBox(work)).toOpaque()
        if milliseconds > 0 {
            g_timeout_add_full(G_PRIORITY_DEFAULT, milliseconds, callback, box, release)
        } else {
            g_idle_add_full(G_PRIORITY_DEFAULT, callback, box, release)
        }
    }

    /// Runs the loop until `isDone` or the timeout: for command-line modes
    /// and tests that need GLib's sources served without a window.
    @MainActor
    public static func iterate(until isDone: () -> Bool, timeoutSeconds: Double) -> Bool {
        let deadline = g_get_monotonic_time() + gint64(timeoutSeconds * 1_000_000)
        // A blocking iteration returns on any event; this timer bounds the
        // wait so the deadline is noticed even when nothing happens.
        let tick = g_timeout_add(20, { _ in gboolean(1) }, nil)
        defer { g_source_remove(tick) }
        while !isDone() {
            if g_get_monotonic_time() > deadline { return false }
            g_main_context_iteration(nil, gboolean(1))
        }
        return true
    }

    /// Hands `work` over under a lock. GLib's own queue already orders the
    /// hand-off, but with futexes ThreadSanitizer cannot see, so without it
    /// every result a worker made (a decoded thumbnail, a mapped feed) was
    /// reported as a race on the UI thread; one uncontended lock per call.
    ///
    /// Not a `Locked`: the box itself crosses through GLib, so its own
    /// fields must be written under the lock too (a `Locked` field written
    /// in `init` was reported as a race under ThreadSanitizer).
    private final class WorkBox: @unchecked Sendable {
        // Safe: `work` is written and read only under `lock`.
        private let lock = NSLock()
        private var work: (@Sendable () -> Void)?
        init(_ work: @escaping @Sendable () -> Void) { lock.withLock { self.work = work } }
        func run() { lock.withLock { work }?() }
    }
}

internal import CGLib
import ItemFeed

/// `ScheduleWork` on a GLib timeout: the controllers' delays (the pause
/// before a server search) run on the UI thread's loop.
@MainActor
public final class MainContextTimer: ScheduledWork {
    private var source: guint = 0
    private let work: @MainActor () -> Void

    private init(work: @escaping @MainActor () -> Void) {
        self.work = work
    }

    public static let schedule: ScheduleWork = { seconds, work in
        add(MainContextTimer(work: work)) { callback, timer, release in
            g_timeout_add_full(G_PRIORITY_DEFAULT, guint(seconds * 1000), callback, timer, release)
        }
    }

    /// `work` once the loop has nothing more urgent, GTK's own idle work
    /// included (a text view laying out its lines, at a priority above
    /// this): what it reads of the layout is then final.
    @discardableResult
    public static func whenIdle(_ work: @escaping @MainActor () -> Void) -> ScheduledWork {
        add(MainContextTimer(work: work)) { callback, timer, release in
            g_idle_add_full(G_PRIORITY_LOW, callback, timer, release)
        }
    }

    private static func add(
        _ timer: MainContextTimer, _ source: (GSourceFunc, UnsafeMutableRawPointer, GDestroyNotify) -> guint
    ) -> MainContextTimer {
        let callback: GSourceFunc = { data in
            let timer = Unmanaged<MainContextTimer>.fromOpaque(data!).takeUnretainedValue()
            MainActor.assumeIsolated {
                timer.source = 0
                timer.work()
            }
            return gboolean(0) // G_SOURCE_REMOVE
        }
        let release: GDestroyNotify = { data in
            Unmanaged<MainContextTimer>.fromOpaque(data!).release()
        }
        timer.source = source(callback, Unmanaged.passRetained(timer).toOpaque(), release)
        return timer
    }

    public func cancel() {
        guard source != 0 else { return }
        g_source_remove(source)
        source = 0
    }
}

import CGtk4

/// A GObject signal to a Swift closure: the closure is kept in a box the
/// signal owns and frees when the widget goes. GTK emits on the main
/// thread, where the screen lives.
@MainActor
enum Signal {
    private final class Box {
        let handler: @MainActor (UInt32) -> Void
        init(_ handler: @escaping @MainActor (UInt32) -> Void) { self.handler = handler }
    }

    /// `handler` gets the signal's first argument when it is a number (a
    /// list's position), else 0.
    static func connect(_ instance: UnsafeMutablePointer<GtkWidget>, _ signal: String, _ handler: @escaping @MainActor (UInt32) -> Void) {
        let box = Unmanaged.passRetained(Box(handler)).toOpaque()
        let withPosition: @convention(c) (UnsafeMutableRawPointer?, UInt32, UnsafeMutableRawPointer?) -> Void = { _, position, data in
            let box = Unmanaged<Box>.fromOpaque(data!).takeUnretainedValue()
            MainActor.assumeIsolated { box.handler(position) }
        }
        let plain: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { _, data in
            let box = Unmanaged<Box>.fromOpaque(data!).takeUnretainedValue()
            MainActor.assumeIsolated { box.handler(0) }
        }
        let release: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<GClosure>?) -> Void = { data, _ in
            Unmanaged<Box>.fromOpaque(data!).release()
        }
        let callback = signal == "activate" ? unsafeBitCast(withPosition, to: GCallback.self) : unsafeBitCast(plain, to: GCallback.self)
        g_signal_connect_data(instance, signal, callback, box, release, GConnectFlags(0))
    }
}

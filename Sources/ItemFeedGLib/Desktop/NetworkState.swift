internal import CGLib

/// Whether the desktop says the network is there (GNetworkMonitor: in a
/// Flatpak, through the portal), and when that changes.
@MainActor
public final class NetworkState {
    private let monitor: OpaquePointer

    /// `changed` hears each change.
    public init(changed: @escaping @MainActor () -> Void) {
        monitor = g_network_monitor_get_default()
        // Passes whether it is available (a gboolean): the one-value form.
        let thunk: @convention(c) (gpointer?, gboolean, gpointer?) -> Void = { _, _, data in
            let box = Unmanaged<ClosureBox<@MainActor () -> Void>>.fromOpaque(data!).takeUnretainedValue()
            MainActor.assumeIsolated { box.value() }
        }
        g_signal_connect_data(
            UnsafeMutableRawPointer(monitor), "network-changed", unsafeBitCast(thunk, to: GCallback.self),
            Unmanaged.passRetained(ClosureBox(changed)).toOpaque(), ClosureBox<@MainActor () -> Void>.release, GConnectFlags(0)
        )
    }

    public var isAvailable: Bool {
        g_network_monitor_get_network_available(monitor) != 0
    }

    /// The desktop's one monitor, asked with no change to hear.
    public static var isAvailable: Bool {
        g_network_monitor_get_network_available(g_network_monitor_get_default()) != 0
    }
}

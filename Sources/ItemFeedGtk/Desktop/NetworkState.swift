import CGtk

/// Whether the desktop says the network is there (GNetworkMonitor: in a
/// Flatpak, through the portal), and when that changes.
@MainActor
public final class NetworkState {
    private let monitor: OpaquePointer

    /// `changed` hears each change.
    public init(changed: @escaping @MainActor () -> Void) {
        monitor = g_network_monitor_get_default()
        // Passes whether it is available (a gboolean): the one-value form.
        Signal.connect(UnsafeMutableRawPointer(monitor), "network-changed") { (_: UInt32) in changed() }
    }

    public var isAvailable: Bool {
        g_network_monitor_get_network_available(monitor) != 0
    }
}

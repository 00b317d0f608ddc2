import CGtk

/// Follows the desktop's light or dark preference, as the XDG Settings
/// portal publishes it (`org.freedesktop.appearance color-scheme`: 1 means
/// prefer dark). GTK 4 without libadwaita does not read it by itself; the
/// portal works on the host and inside a Flatpak alike. Without a session
/// bus or a portal, GTK's own default (light) stays.
@MainActor
public final class ColorSchemeFollower {
    private let connection: OpaquePointer
    private var subscription: guint = 0

    private static let portal = "org.freedesktop.portal.Desktop"
    private static let path = "/org/freedesktop/portal/desktop"
    private static let interface = "org.freedesktop.portal.Settings"
    private static let namespace = "org.freedesktop.appearance"
    private static let key = "color-scheme"

    /// Follows the portal on the session bus, if there is one.
    public convenience init?() {
        guard let connection = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, nil) else { return nil }
        self.init(connection: connection)
    }

    /// Takes over one reference to `connection`.
    public init(connection: OpaquePointer) {
        self.connection = connection
        // Subscribe first: the bus handles this connection's messages in
        // order, so by the time the Read below is answered the match rule is
        // in place and no change can fall between reading and listening.
        subscribe()
        readColorScheme()
    }

    public static var prefersDark: Bool {
        guard let settings = gtk_settings_get_default() else { return false }
        return itemfeed_object_get_boolean(UnsafeMutableRawPointer(settings), "gtk-application-prefer-dark-theme") != 0
    }

    isolated deinit {
        if subscription != 0 { g_dbus_connection_signal_unsubscribe(connection, subscription) }
        g_object_unref(UnsafeMutableRawPointer(connection))
    }

    /// Asynchronous, so start-up never waits on the bus or a slow portal;
    /// until the answer comes, GTK's default (light) is shown.
    private func readColorScheme() {
        let arguments = [g_variant_new_string(Self.namespace), g_variant_new_string(Self.key)]
        let parameters = arguments.withUnsafeBufferPointer { g_variant_new_tuple($0.baseAddress, 2) }
        let answered: GAsyncReadyCallback = { source, result, data in
            let follower = Unmanaged<ColorSchemeFollower>.fromOpaque(data!).takeRetainedValue()
            guard let reply = g_dbus_connection_call_finish(OpaquePointer(source), result, nil) else { return }
            defer { g_variant_unref(reply) }
            guard let value = g_variant_get_child_value(reply, 0) else { return }
            defer { g_variant_unref(value) }
            guard let scheme = ColorSchemeFollower.unsignedValue(of: value) else { return }
            MainActor.assumeIsolated { follower.apply(scheme) }
        }
        g_dbus_connection_call(
            connection, Self.portal, Self.path, Self.interface, "Read", parameters,
            nil, G_DBUS_CALL_FLAGS_NONE, -1, nil, answered, Unmanaged.passRetained(self).toOpaque()
        )
    }

    private func subscribe() {
        let callback: GDBusSignalCallback = { _, _, _, _, _, parameters, data in
            guard let parameters, let data, g_variant_n_children(parameters) == 3,
                  let value = g_variant_get_child_value(parameters, 2) else { return }
            defer { g_variant_unref(value) }
            guard let scheme = ColorSchemeFollower.unsignedValue(of: value) else { return }
            let follower = Unmanaged<ColorSchemeFollower>.fromOpaque(data).takeUnretainedValue()
            MainActor.assumeIsolated { follower.apply(scheme) }
        }
        subscription = g_dbus_connection_signal_subscribe(
            connection, Self.portal, Self.interface, "SettingChanged", Self.path, Self.namespace,
            G_DBUS_SIGNAL_FLAGS_NONE, callback, Unmanaged.passUnretained(self).toOpaque(), nil
        )
    }

    private func apply(_ scheme: UInt32) {
        guard let settings = gtk_settings_get_default() else { return }
        itemfeed_object_set_boolean(UnsafeMutableRawPointer(settings), "gtk-application-prefer-dark-theme", scheme == 1 ? 1 : 0)
    }

    /// The portal wraps the value in one or two variants, depending on its
    /// version; unwrap to the `u` inside.
    nonisolated private static func unsignedValue(of variant: OpaquePointer) -> UInt32? {
        var current = g_variant_ref(variant)!
        defer { g_variant_unref(current) }
        while String(cString: g_variant_get_type_string(current)) == "v" {
            let inner = g_variant_get_variant(current)!
            g_variant_unref(current)
            current = inner
        }
        guard String(cString: g_variant_get_type_string(current)) == "u" else { return nil }
        return g_variant_get_uint32(current)
    }
}

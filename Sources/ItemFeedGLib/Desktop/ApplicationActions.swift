internal import CGLib

/// A GApplication's actions (`app.NAME`) from Swift closures: what
/// notifications' buttons and the desktop call, with or without a window.
@MainActor
public enum ApplicationActions {
    /// An action that takes no parameter; `application` is a `GActionMap *`.
    public static func add(_ name: String, to application: UnsafeMutableRawPointer, _ handler: @escaping @MainActor () -> Void) {
        let thunk: @convention(c) (gpointer?, OpaquePointer?, gpointer?) -> Void = { _, _, data in
            let box = Unmanaged<ClosureBox<@MainActor () -> Void>>.fromOpaque(data!).takeUnretainedValue()
            MainActor.assumeIsolated { box.value() }
        }
        add(name, parameter: nil, to: application, thunk: unsafeBitCast(thunk, to: GCallback.self), box: ClosureBox(handler))
    }

    /// An action that takes a string (an item's key, an address).
    public static func add(_ name: String, to application: UnsafeMutableRawPointer, _ handler: @escaping @MainActor (String) -> Void) {
        let thunk: @convention(c) (gpointer?, OpaquePointer?, gpointer?) -> Void = { _, parameter, data in
            let box = Unmanaged<ClosureBox<@MainActor (String) -> Void>>.fromOpaque(data!).takeUnretainedValue()
            guard let parameter else { return }
            let value = String(cString: g_variant_get_string(parameter, nil))
            MainActor.assumeIsolated { box.value(value) }
        }
        add(name, parameter: "s", to: application, thunk: unsafeBitCast(thunk, to: GCallback.self), box: ClosureBox(handler))
    }

    private static func add(_ name: String, parameter: String?, to application: UnsafeMutableRawPointer, thunk: GCallback, box: AnyObject) {
        let type = parameter.map { g_variant_type_new($0) }
        let action = g_simple_action_new(name, type ?? nil)!
        if let type { g_variant_type_free(type) }
        g_signal_connect_data(
            UnsafeMutableRawPointer(action), "activate", thunk, Unmanaged.passRetained(box).toOpaque(), ClosureBox<Void>.release, GConnectFlags(0)
        )
        g_action_map_add_action(OpaquePointer(application), action)
        g_object_unref(UnsafeMutableRawPointer(action))
    }
}

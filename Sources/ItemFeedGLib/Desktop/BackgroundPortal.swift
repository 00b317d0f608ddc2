internal import CGLib
import Foundation
import ItemFeed

/// What the desktop said to running in the background.
public enum BackgroundAnswer: Equatable, Sendable {
    /// Allowed; `autostart`: started at login too.
    case allowed(autostart: Bool)
    /// Not allowed, and why, in words the preference can show.
    case refused(String)
}

/// The XDG Background portal (`org.freedesktop.portal.Background`), how an
/// app in a Flatpak asks to run with no window and to start at login: one
/// request, answered later by the request object's `Response` signal
/// (subscribed before asking, at the path the portal will use).
@MainActor
public final class BackgroundPortal {
    static let name = "org.freedesktop.portal.Desktop"
    static let path = "/org/freedesktop/portal/desktop"

    private let connection: OpaquePointer
    private var subscription: guint = 0
    private var answer: ((BackgroundAnswer) -> Void)?

    /// On the session bus; `nil` with none.
    public init?() {
        guard let bus = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, nil) else { return nil }
        connection = bus
    }

    isolated deinit {
        if subscription != 0 { g_dbus_connection_signal_unsubscribe(connection, subscription) }
        g_object_unref(UnsafeMutableRawPointer(connection))
    }

    /// Asks; `answer` is told once, on the main context. A request still
    /// waiting is forgotten.
    public func request(reason: String, autostart: Bool, commandLine: [String], answer: @escaping (BackgroundAnswer) -> Void) {
        forget()
        self.answer = answer
        let token = "itemfeed\(UInt32.random(in: 1...UInt32.max))"
        let sender = String(cString: g_dbus_connection_get_unique_name(connection)).dropFirst().replacingOccurrences(of: ".", with: "_")
        let handle = "\(Self.path)/request/\(sender)/\(token)"
        let this = Unmanaged.passUnretained(self).toOpaque()
        subscription = g_dbus_connection_signal_subscribe(
            connection, Self.name, "org.freedesktop.portal.Request", "Response", handle, nil, G_DBUS_SIGNAL_FLAGS_NONE,
            { _, _, _, _, _, parameters, data in
                guard let parameters, let data else { return }
                nonisolated(unsafe) let response = parameters
                MainActor.assumeIsolated {
                    let portal = Unmanaged<BackgroundPortal>.fromOpaque(data).takeUnretainedValue()
                    portal.finish(BackgroundPortal.answer(response))
                }
            }, this, nil
        )
        let options: [(String, OpaquePointer)] = [
            ("handle_token", g_variant_new_string(token)), ("reason", g_variant_new_string(reason)),
            ("autostart", g_variant_new_boolean(autostart ? 1 : 0)), ("commandline", Self.strings(commandLine)),
            ("dbus-activatable", g_variant_new_boolean(0)),
        ]
        var arguments: [OpaquePointer?] = [g_variant_new_string(""), Self.dictionary(options)]
        let replyType = g_variant_type_new("(o)")
        defer { g_variant_type_free(replyType) }
        // Retained until the call's answer: a refused call ends the request.
        g_dbus_connection_call(
            connection, Self.name, Self.path, "org.freedesktop.portal.Background", "RequestBackground", g_variant_new_tuple(&arguments, 2),
            replyType, G_DBUS_CALL_FLAGS_NONE, -1, nil, { source, result, data in
                guard let data else { return }
                var error: UnsafeMutablePointer<GError>?
                let reply = g_dbus_connection_call_finish(OpaquePointer(source), result, &error)
                if let reply { g_variant_unref(reply) }
                nonisolated(unsafe) let failure = error
                MainActor.assumeIsolated {
                    let portal = Unmanaged<BackgroundPortal>.fromOpaque(data).takeRetainedValue()
                    guard let failure else { return }
                    defer { g_error_free(failure) }
                    portal.finish(.refused(tr("The desktop could not be asked: {reason}", ["reason": String(cString: failure.pointee.message)])))
                }
            }, Unmanaged.passRetained(self).toOpaque()
        )
    }

    private func finish(_ answered: BackgroundAnswer) {
        let answer = self.answer
        forget()
        answer?(answered)
    }

    private func forget() {
        answer = nil
        if subscription != 0 { g_dbus_connection_signal_unsubscribe(connection, subscription) }
        subscription = 0
    }

    /// `(ua{sv})`: 0 and `background` true is allowed; anything else refused.
    private static func answer(_ response: OpaquePointer) -> BackgroundAnswer {
        let code = g_variant_get_child_value(response, 0)!, results = g_variant_get_child_value(response, 1)!
        defer { g_variant_unref(code); g_variant_unref(results) }
        func flag(_ key: String) -> Bool {
            let type = g_variant_type_new("b")
            defer { g_variant_type_free(type) }
            guard let value = g_variant_lookup_value(results, key, type) else { return false }
            defer { g_variant_unref(value) }
            return g_variant_get_boolean(value) != 0
        }
        switch g_variant_get_uint32(code) {
        case 0 where flag("background"): return .allowed(autostart: flag("autostart"))
        case 0, 1: return .refused(tr("Running in the background is turned off for ItemFeed in Settings, under Apps."))
        default: return .refused(tr("The desktop did not answer whether ItemFeed may run in the background."))
        }
    }

    private static func strings(_ values: [String]) -> OpaquePointer {
        let type = g_variant_type_new("s")
        defer { g_variant_type_free(type) }
        var children = values.map { g_variant_new_string($0) }
        return g_variant_new_array(type, &children, gsize(children.count))
    }

    private static func dictionary(_ entries: [(String, OpaquePointer)]) -> OpaquePointer {
        let type = g_variant_type_new("{sv}")
        defer { g_variant_type_free(type) }
        var children = entries.map { g_variant_new_dict_entry(g_variant_new_string($0.0), g_variant_new_variant($0.1)) }
        return g_variant_new_array(type, &children, gsize(children.count))
    }
}

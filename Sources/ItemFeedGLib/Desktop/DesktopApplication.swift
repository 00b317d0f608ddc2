internal import CGLib
import Foundation

/// A GApplication of GIO alone, as a service: it takes ItemFeed's name on
/// the session bus and holds it with no window, hearing the desktop's
/// activation, addresses opened and actions (`ApplicationActions`), so the
/// process that runs in the background never loads GTK.
@MainActor
public final class DesktopApplication {
    public enum Registration: Equatable {
        case primary
        /// Another process holds the name (a window, or another background run).
        case running
        case failed(String)
    }

    /// The `GApplication *`, for actions and notifications.
    public let pointer: UnsafeMutableRawPointer
    /// ItemFeed opened again (from the launcher, a second `item-feed`).
    public var activated: () -> Void = {}
    /// Addresses handed over (a `feed:` link, an OPML file).
    public var opened: ([String]) -> Void = { _ in }
    private var application: UnsafeMutablePointer<GApplication> { pointer.assumingMemoryBound(to: GApplication.self) }

    public init(id: String) {
        let application = g_application_new(id, GApplicationFlags(G_APPLICATION_IS_SERVICE.rawValue | G_APPLICATION_HANDLES_OPEN.rawValue))!
        pointer = UnsafeMutableRawPointer(application)
        let this = Unmanaged.passUnretained(self).toOpaque()
        let activate: @convention(c) (gpointer?, gpointer?) -> Void = { _, data in
            let app = Unmanaged<DesktopApplication>.fromOpaque(data!).takeUnretainedValue()
            MainActor.assumeIsolated { app.activated() }
        }
        g_signal_connect_data(pointer, "activate", unsafeBitCast(activate, to: GCallback.self), this, nil, GConnectFlags(0))
        let open: @convention(c) (gpointer?, UnsafeMutablePointer<OpaquePointer?>?, gint, UnsafePointer<CChar>?, gpointer?) -> Void = { _, files, count, _, data in
            let app = Unmanaged<DesktopApplication>.fromOpaque(data!).takeUnretainedValue()
            let uris = (0..<Int(count)).compactMap { index -> String? in
                guard let file = files?[index], let uri = g_file_get_uri(file) else { return nil }
                defer { g_free(uri) }
                return String(cString: uri)
            }
            MainActor.assumeIsolated { app.opened(uris) }
        }
        g_signal_connect_data(pointer, "open", unsafeBitCast(open, to: GCallback.self), this, nil, GConnectFlags(0))
    }

    /// Takes the name; a service's registration fails when another holds it.
    public func register() -> Registration {
        var error: UnsafeMutablePointer<GError>?
        guard g_application_register(application, nil, &error) == 0 else {
            return g_application_get_is_remote(application) != 0 ? .running : .primary
        }
        let reason = error.map { String(cString: $0.pointee.message) } ?? ""
        if let error { g_error_free(error) }
        // GApplication says the name is taken in its error's text only.
        return reason.contains("acquire") || reason.contains("exists") ? .running : .failed(reason)
    }

    /// Runs until `quit`, held: no window keeps it alive.
    public func run() -> Int32 {
        g_application_hold(application)
        return g_application_run(application, 0, nil)
    }

    public func quit() {
        g_application_quit(application)
    }

    /// Leaves the session bus, so the name is free for the process this one
    /// becomes (by exec) the moment it asks.
    public func leaveBus() {
        Self.leaveBus(pointer)
    }

    /// The same for any `GApplication *` (the window's, before it becomes the background's).
    public static func leaveBus(_ application: UnsafeMutableRawPointer) {
        guard let connection = g_application_get_dbus_connection(application.assumingMemoryBound(to: GApplication.self)) else { return }
        g_dbus_connection_flush_sync(connection, nil, nil)
        g_dbus_connection_close_sync(connection, nil, nil)
    }
}

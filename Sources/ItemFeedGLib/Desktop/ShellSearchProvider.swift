internal import CGLib
import Foundation

/// GNOME Shell's search provider interface (`org.gnome.Shell.SearchProvider2`)
/// on a D-Bus connection: the overview's terms in, result ids and their
/// names out, a result activated or the search opened in the app. The
/// answers come from `Handlers`, on the main context.
@MainActor
public final class ShellSearchProvider {
    public struct Meta: Sendable {
        public let id: String
        public let name: String
        public let description: String

        public init(id: String, name: String, description: String) {
            (self.id, self.name, self.description) = (id, name, description)
        }
    }

    public struct Handlers {
        let search: @MainActor ([String]) -> [String]
        let metas: @MainActor ([String]) -> [Meta]
        let activate: @MainActor (String, [String]) -> Void
        let launch: @MainActor ([String]) -> Void

        public init(
            search: @escaping @MainActor ([String]) -> [String], metas: @escaping @MainActor ([String]) -> [Meta],
            activate: @escaping @MainActor (String, [String]) -> Void, launch: @escaping @MainActor ([String]) -> Void
        ) {
            (self.search, self.metas, self.activate, self.launch) = (search, metas, activate, launch)
        }
    }

    public enum ExportError: Error {
        case refused(String)
    }

    static let interface = """
    <node>
      <interface name="org.gnome.Shell.SearchProvider2">
        <method name="GetInitialResultSet"><arg type="as" name="terms" direction="in"/><arg type="as" name="results" direction="out"/></method>
        <method name="GetSubsearchResultSet">
          <arg type="as" name="previous_results" direction="in"/><arg type="as" name="terms" direction="in"/><arg type="as" name="results" direction="out"/>
        </method>
        <method name="GetResultMetas"><arg type="as" name="identifiers" direction="in"/><arg type="aa{sv}" name="metas" direction="out"/></method>
        <method name="ActivateResult">
          <arg type="s" name="identifier" direction="in"/><arg type="as" name="terms" direction="in"/><arg type="u" name="timestamp" direction="in"/>
        </method>
        <method name="LaunchSearch"><arg type="as" name="terms" direction="in"/><arg type="u" name="timestamp" direction="in"/></method>
      </interface>
    </node>
    """

    private let handlers: Handlers
    private var registration: (connection: OpaquePointer, id: guint)?

    public init(_ handlers: Handlers) {
        self.handlers = handlers
    }

    /// On the session bus's shared connection, the one GApplication takes
    /// its name on; a process with no session bus has no search (`false`).
    public func exportOnSessionBus(at path: String) throws -> Bool {
        var error: UnsafeMutablePointer<GError>?
        guard let connection = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, &error) else {
            if let error { g_error_free(error) }
            return false
        }
        defer { g_object_unref(UnsafeMutableRawPointer(connection)) }
        try export(on: UnsafeMutableRawPointer(connection), at: path)
        return true
    }

    /// Answers on `connection` (a `GDBusConnection`) at `path` until `unexport`.
    public func export(on connection: UnsafeMutableRawPointer, at path: String) throws {
        unexport()
        var error: UnsafeMutablePointer<GError>?
        guard let node = g_dbus_node_info_new_for_xml(Self.interface, &error), let interface = node.pointee.interfaces[0] else {
            throw ExportError.refused(Self.message(error))
        }
        defer { g_dbus_node_info_unref(node) }
        let bus = OpaquePointer(connection)
        let id = g_dbus_connection_register_object(bus, path, interface, &Self.vtable, Unmanaged.passRetained(self).toOpaque(), { data in
            Unmanaged<ShellSearchProvider>.fromOpaque(data!).release()
        }, &error)
        guard id != 0 else { throw ExportError.refused(Self.message(error)) }
        g_object_ref(UnsafeMutableRawPointer(bus))
        registration = (bus, id)
    }

    public func unexport() {
        guard let registration else { return }
        self.registration = nil
        g_dbus_connection_unregister_object(registration.connection, registration.id)
        g_object_unref(UnsafeMutableRawPointer(registration.connection))
    }

    /// Every method's call, on the thread that exported (the main one).
    nonisolated(unsafe) private static var vtable: GDBusInterfaceVTable = {
        var vtable = GDBusInterfaceVTable()
        vtable.method_call = { _, _, _, _, method, parameters, invocation, data in
            guard let method, let parameters, let invocation, let data else { return }
            let provider = Unmanaged<ShellSearchProvider>.fromOpaque(data).takeUnretainedValue()
            let name = String(cString: method)
            // GDBus calls on the context the object was exported from: the main one.
            nonisolated(unsafe) let call = (parameters: parameters, invocation: invocation)
            MainActor.assumeIsolated {
                g_dbus_method_invocation_return_value(call.invocation, provider.answer(name, call.parameters))
            }
        }
        return vtable
    }()

    /// The reply's tuple (floating, taken by the invocation); `nil` for none.
    private func answer(_ method: String, _ parameters: OpaquePointer) -> OpaquePointer? {
        switch method {
        case "GetInitialResultSet": return Self.tuple(Self.strings(handlers.search(Self.strings(parameters, at: 0))))
        case "GetSubsearchResultSet": return Self.tuple(Self.strings(handlers.search(Self.strings(parameters, at: 1))))
        case "GetResultMetas": return Self.tuple(Self.metas(handlers.metas(Self.strings(parameters, at: 0))))
        case "ActivateResult":
            let id = g_variant_get_child_value(parameters, 0)!
            defer { g_variant_unref(id) }
            handlers.activate(String(cString: g_variant_get_string(id, nil)), Self.strings(parameters, at: 1))
            return nil
        case "LaunchSearch":
            handlers.launch(Self.strings(parameters, at: 0))
            return nil
        default: return nil
        }
    }

    // MARK: GVariant

    private static func strings(_ tuple: OpaquePointer, at index: Int) -> [String] {
        let child = g_variant_get_child_value(tuple, gsize(index))!
        defer { g_variant_unref(child) }
        var count: gsize = 0
        guard let strings = g_variant_get_strv(child, &count) else { return [] }
        defer { g_free(strings) }
        return (0..<Int(count)).compactMap { strings[$0].map { String(cString: $0) } }
    }

    private static func strings(_ values: [String]) -> OpaquePointer {
        let type = g_variant_type_new("s")
        defer { g_variant_type_free(type) }
        var children = values.map { g_variant_new_string($0) }
        return g_variant_new_array(type, &children, gsize(children.count))
    }

    private static func metas(_ metas: [Meta]) -> OpaquePointer {
        let (entryType, metaType) = (g_variant_type_new("{sv}"), g_variant_type_new("a{sv}"))
        defer { g_variant_type_free(entryType); g_variant_type_free(metaType) }
        var dictionaries = metas.map { meta -> OpaquePointer? in
            var entries: [OpaquePointer?] = [("id", meta.id), ("name", meta.name), ("description", meta.description)].map { entry in
                g_variant_new_dict_entry(g_variant_new_string(entry.0), g_variant_new_variant(g_variant_new_string(entry.1)))
            }
            return g_variant_new_array(entryType, &entries, gsize(entries.count))
        }
        return g_variant_new_array(metaType, &dictionaries, gsize(dictionaries.count))
    }

    private static func tuple(_ value: OpaquePointer) -> OpaquePointer {
        var children: [OpaquePointer?] = [value]
        return g_variant_new_tuple(&children, 1)
    }

    private static func message(_ error: UnsafeMutablePointer<GError>?) -> String {
        guard let error else { return "unknown" }
        defer { g_error_free(error) }
        return String(cString: error.pointee.message)
    }
}

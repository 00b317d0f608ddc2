import CGtkTestKit

/// The event controllers a widget carries, of one type, as GTK holds them:
/// where a click's gesture and a key's shortcuts are looked for.
@MainActor
enum Controllers {
    /// Each controller of `type` on `widget`, in order, until `body`
    /// returns a result.
    static func first<Result>(of type: GType, on widget: Widget, _ body: (UnsafeMutableRawPointer) -> Result?) -> Result? {
        guard let controllers = gtk_widget_observe_controllers(widget.pointer) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(controllers)) }
        for index in 0..<g_list_model_get_n_items(controllers) {
            guard let controller = g_list_model_get_item(controllers, index) else { continue }
            defer { g_object_unref(controller) }
            guard gtktestkit_is_a(controller, type) != 0, let result = body(controller) else { continue }
            return result
        }
        return nil
    }
}

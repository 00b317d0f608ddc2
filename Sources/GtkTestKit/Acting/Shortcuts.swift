import CGtkTestKit

/// A shortcut found where GTK would look for it: the shortcut controllers
/// of the focus and its ancestors (any scope), then those of the window
/// whose scope is global or managed; its action run as GTK runs it.
@MainActor
enum Shortcuts {
    static func activate(_ trigger: OpaquePointer, from focus: Widget, in window: Widget) throws -> Bool {
        var widget: Widget? = focus
        while let current = widget {
            if activate(trigger, in: current, onlyGlobal: false) { return true }
            widget = current.parent
        }
        return WidgetQuery(window).all().contains { activate(trigger, in: $0, onlyGlobal: true) }
    }

    private static func activate(_ trigger: OpaquePointer, in widget: Widget, onlyGlobal: Bool) -> Bool {
        Controllers.first(of: gtk_shortcut_controller_get_type(), on: widget) { controller -> Bool? in
            if onlyGlobal, gtk_shortcut_controller_get_scope(gtktestkit_shortcut_controller(controller)) == GTK_SHORTCUT_SCOPE_LOCAL { return nil }
            let model = OpaquePointer(controller)
            for position in 0..<g_list_model_get_n_items(model) {
                guard let item = g_list_model_get_item(model, position) else { continue }
                defer { g_object_unref(item) }
                let shortcut = gtktestkit_shortcut(item)
                guard let own = gtk_shortcut_get_trigger(shortcut), matches(own, trigger), let action = gtk_shortcut_get_action(shortcut) else { continue }
                if gtk_shortcut_action_activate(action, GTK_SHORTCUT_ACTION_EXCLUSIVE, widget.pointer, gtk_shortcut_get_arguments(shortcut)) != 0 { return true }
            }
            return nil
        } ?? false
    }

    private static func matches(_ own: OpaquePointer, _ pressed: OpaquePointer) -> Bool {
        if gtk_shortcut_trigger_equal(UnsafeRawPointer(own), UnsafeRawPointer(pressed)) != 0 { return true }
        guard gtktestkit_is_a(UnsafeMutableRawPointer(own), gtk_alternative_trigger_get_type()) != 0 else { return false }
        return [gtk_alternative_trigger_get_first(own), gtk_alternative_trigger_get_second(own)].compactMap { $0 }.contains { matches($0, pressed) }
    }
}

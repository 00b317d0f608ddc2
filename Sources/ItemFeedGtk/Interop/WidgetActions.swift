import CGtk

/// A widget's own actions ("row.open-link", "feed.rename") and the keys
/// that trigger them while the focus is inside it (or anywhere in its
/// window): one GAction per command, as GNOME apps make them.
@MainActor
final class WidgetActions {
    private let widget: UnsafeMutablePointer<GtkWidget>
    private let prefix: String
    private let group: UnsafeMutablePointer<GSimpleActionGroup>
    private var shortcuts: OpaquePointer?
    private let scope: GtkShortcutScope

    /// `scope`: where the focus may be for the keys to work; the window
    /// whole (`GTK_SHORTCUT_SCOPE_GLOBAL`) for a command about what the
    /// window shows rather than the widget.
    init(on widget: UnsafeMutablePointer<GtkWidget>, prefix: String, scope: GtkShortcutScope = GTK_SHORTCUT_SCOPE_LOCAL) {
        self.widget = widget
        self.prefix = prefix
        self.scope = scope
        group = g_simple_action_group_new()!
        gtk_widget_insert_action_group(widget, prefix, itemfeed_action_group(UnsafeMutableRawPointer(group)))
    }

    isolated deinit {
        g_object_unref(UnsafeMutableRawPointer(group))
    }

    /// Adds `prefix.name`, run by `keys` too when given (GTK's trigger
    /// syntax, "Menu|<Shift>F10"). The action lives as long as this.
    @discardableResult
    func add(_ name: String, keys: String? = nil, checked: Bool? = nil, _ handler: @escaping @MainActor () -> Void) -> OpaquePointer {
        // A boolean state draws the menu's entry as a check box; the handler says what it turns into.
        let action = checked.map { g_simple_action_new_stateful(name, nil, g_variant_new_boolean($0 ? 1 : 0))! } ?? g_simple_action_new(name, nil)!
        Signal.connectActivate(UnsafeMutableRawPointer(action), handler)
        g_action_map_add_action(itemfeed_action_map(UnsafeMutableRawPointer(group)), itemfeed_action(UnsafeMutableRawPointer(action)))
        g_object_unref(UnsafeMutableRawPointer(action))
        if let keys {
            let controller = shortcuts ?? {
                let controller = gtk_shortcut_controller_new()!
                gtk_shortcut_controller_set_scope(itemfeed_shortcut_controller(UnsafeMutableRawPointer(controller)), scope)
                gtk_widget_add_controller(widget, controller)
                shortcuts = controller
                return controller
            }()
            gtk_shortcut_controller_add_shortcut(
                itemfeed_shortcut_controller(UnsafeMutableRawPointer(controller)),
                gtk_shortcut_new(gtk_shortcut_trigger_parse_string(keys), gtk_named_action_new("\(prefix).\(name)"))
            )
        }
        return action
    }
}

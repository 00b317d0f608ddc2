import CGtkTestKit
import GtkTestKit

/// A window of the controls the kit finds and drives, made with GTK's C API
/// alone: a Refresh button, an icon button named for screen readers, a
/// search entry, a 4×3 picture, an expander around a text view, a list of 1,000 rows from GTK's builder
/// factory with a menu on a right click, Ctrl+R and `win.refresh`. Each signal a user's action should reach is counted.
@MainActor
final class DemoWindow {
    let window: UnsafeMutablePointer<GtkWidget>
    let content: UnsafeMutablePointer<GtkWidget>
    let list: UnsafeMutablePointer<GtkWidget>
    /// Unparented on closing, as GTK wants of a popover.
    private let menu: UnsafeMutablePointer<GtkWidget>
    let clicks = Counter(), refreshes = Counter(), edits = Counter(), activations = Counter(), searches = Counter()

    init(rows: Int = 1_000) {
        window = gtk_window_new()
        gtk_window_set_default_size(gtktestkit_window(window), 360, 400)
        content = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)

        let refresh = gtk_button_new_with_label("Refresh")!
        Counter.connect(refresh, "clicked", clicks)
        gtk_actionable_set_action_name(OpaquePointer(refresh), "win.refresh")
        let add = gtk_button_new_from_icon_name("list-add-symbolic")!
        setAccessibleLabel(add, "Add Feed")
        gtk_widget_add_css_class(add, "suggested-action")
        let search = gtk_search_entry_new()!
        setAccessibleLabel(search, "Search")
        Counter.connect(search, "changed", edits)
        Counter.connect(search, "activate", searches)

        let names = (0..<rows).map { "Row \($0)" }
        let model = names.withCStringArray { gtk_string_list_new($0) }
        let factory = gtk_builder_list_item_factory_new_from_bytes(nil, g_bytes_new(Self.rowTemplate, gsize(Self.rowTemplate.utf8.count)))
        list = gtk_list_view_new(gtk_single_selection_new(model), factory)
        Counter.connect(list, "activate", activations, arguments: 3)
        let scrolled = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_child(gtktestkit_scrolled_window(scrolled), list)
        gtk_widget_set_vexpand(scrolled, 1)

        let logo = gtk_picture_new_for_paintable(Self.texture(width: 4, height: 3))!
        setAccessibleLabel(logo, "Logo")
        menu = Self.contextMenu(on: scrolled)

        let notes = gtk_text_view_new()!
        gtk_text_buffer_set_text(gtk_text_view_get_buffer(cast(notes)), "Some notes\non two lines", -1)
        let more = gtk_expander_new("More")!
        gtk_expander_set_child(OpaquePointer(raw(more)), notes)

        for child in [refresh, add, search, logo, more, scrolled] { gtk_box_append(cast(content), child) }
        gtk_window_set_child(gtktestkit_window(window), content)

        let actions = g_simple_action_group_new()
        let action = g_simple_action_new("refresh", nil)
        Counter.connect(raw(action), "activate", refreshes, arguments: 3)
        g_action_map_add_action(OpaquePointer(raw(actions)), OpaquePointer(raw(action)))
        g_object_unref(raw(action))
        gtk_widget_insert_action_group(window, "win", OpaquePointer(raw(actions)))
        g_object_unref(raw(actions))
        let shortcuts = gtk_shortcut_controller_new()!
        gtk_shortcut_controller_add_shortcut(
            gtktestkit_shortcut_controller(raw(shortcuts)),
            gtk_shortcut_new(gtk_shortcut_trigger_parse_string("<Control>r"), gtk_named_action_new("win.refresh"))
        )
        gtk_widget_add_controller(window, shortcuts)
        gtk_window_present(gtktestkit_window(window))
    }

    var root: Widget { Widget(window) }

    func close() {
        gtk_widget_unparent(menu)
        gtk_window_destroy(gtktestkit_window(window))
    }

    /// A right click on the list opens a menu whose one entry is `win.refresh`.
    private static func contextMenu(on widget: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget> {
        let model = g_menu_new()!
        g_menu_append(model, "Refresh Now", "win.refresh")
        let popover = gtk_popover_menu_new_from_model(raw(model).assumingMemoryBound(to: GMenuModel.self))!
        g_object_unref(raw(model))
        gtk_widget_set_parent(popover, widget)
        let click = gtk_gesture_click_new()!
        gtk_gesture_single_set_button(gtktestkit_gesture_single(raw(click)), 3)
        let pressed: @convention(c) (UnsafeMutableRawPointer?, Int32, Double, Double, UnsafeMutableRawPointer?) -> Void = { _, _, _, _, popover in
            gtk_popover_popup(popover!.assumingMemoryBound(to: GtkPopover.self))
        }
        g_signal_connect_data(raw(click), "pressed", unsafeBitCast(pressed, to: GCallback.self), raw(popover), nil, GConnectFlags(0))
        gtk_widget_add_controller(widget, click)
        return popover
    }

    /// A plain grey image of that size.
    private static func texture(width: Int32, height: Int32) -> OpaquePointer {
        let pixels = [UInt8](repeating: 0x80, count: Int(width * height * 4))
        let bytes = g_bytes_new(pixels, gsize(pixels.count))
        defer { g_bytes_unref(bytes) }
        return gdk_memory_texture_new(width, height, GDK_MEMORY_R8G8B8A8, bytes, gsize(width * 4))
    }

    private static let rowTemplate = """
        <?xml version="1.0" encoding="UTF-8"?>
        <interface>
          <template class="GtkListItem">
            <property name="child">
              <object class="GtkLabel">
                <binding name="label"><lookup name="string" type="GtkStringObject"><lookup name="item">GtkListItem</lookup></lookup></binding>
              </object>
            </property>
          </template>
        </interface>
        """

}

/// Names a widget for screen readers, as an app does an icon button.
@MainActor func setAccessibleLabel(_ widget: UnsafeMutablePointer<GtkWidget>, _ label: String) {
    var property = GTK_ACCESSIBLE_PROPERTY_LABEL
    var value = GValue()
    g_value_init(&value, gtype(G_TYPE_STRING))
    g_value_set_string(&value, label)
    gtk_accessible_update_property_value(gtktestkit_accessible(widget), 1, &property, &value)
    g_value_unset(&value)
}

/// GTK's cast macros check a type and change nothing else.
func cast<T>(_ widget: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<T> {
    UnsafeMutableRawPointer(widget).assumingMemoryBound(to: T.self)
}

func raw(_ pointer: OpaquePointer?) -> UnsafeMutableRawPointer { UnsafeMutableRawPointer(pointer!) }
func raw<T>(_ pointer: UnsafeMutablePointer<T>?) -> UnsafeMutableRawPointer { UnsafeMutableRawPointer(pointer!) }

/// GLib's fundamental types are macros Swift cannot see; their numbers are fixed.
func gtype(_ fundamental: Int32) -> GType { GType(fundamental) << 2 }
let G_TYPE_STRING: Int32 = 16

/// How many times a signal was emitted.
final class Counter {
    var count = 0

    static func connect(_ instance: UnsafeMutableRawPointer, _ signal: String, _ counter: Counter, arguments: Int = 2) {
        let data = Unmanaged.passUnretained(counter).toOpaque()
        let two: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { _, data in
            Unmanaged<Counter>.fromOpaque(data!).takeUnretainedValue().count += 1
        }
        let three: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { _, _, data in
            Unmanaged<Counter>.fromOpaque(data!).takeUnretainedValue().count += 1
        }
        let callback = arguments == 2 ? unsafeBitCast(two, to: GCallback.self) : unsafeBitCast(three, to: GCallback.self)
        g_signal_connect_data(instance, signal, callback, data, nil, GConnectFlags(0))
    }
}

extension Array where Element == String {
    /// A NULL-terminated C array of the strings, for as long as `body` runs.
    func withCStringArray<Result>(_ body: (UnsafePointer<UnsafePointer<CChar>?>) -> Result) -> Result {
        let copies = map { strdup($0) }
        defer { copies.forEach { free($0) } }
        let pointers = copies.map { UnsafePointer<CChar>($0) } + [nil]
        return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
    }
}

/// A window made from GtkBuilder XML whose root object has the id
/// "window", shown until `close`; `object(_:)` finds its parts by id.
@MainActor
final class BuilderWindow {
    private let builder: OpaquePointer
    let root: Widget

    init(_ ui: String) {
        builder = gtk_builder_new_from_string(ui, -1)!
        root = Widget(raw(gtk_builder_get_object(builder, "window")))
        gtk_window_present(gtktestkit_window(root.pointer))
    }

    func object(_ id: String) -> OpaquePointer { OpaquePointer(raw(gtk_builder_get_object(builder, id))) }

    func close() {
        gtk_window_destroy(gtktestkit_window(root.pointer))
        g_object_unref(raw(builder))
    }
}

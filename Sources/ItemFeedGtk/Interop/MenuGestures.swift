import CGtk

/// How a GNOME list opens a row's menu with the pointer: a right click, or a
/// finger held on the row (touch only), both at the point pressed.
@MainActor
enum MenuGestures {
    /// `open` is told where in `widget` the menu was asked for.
    static func attach(to widget: UnsafeMutablePointer<GtkWidget>, open: @escaping @MainActor (_ x: Double, _ y: Double) -> Void) {
        let click = gtk_gesture_click_new()!
        gtk_gesture_single_set_button(itemfeed_gesture_single(UnsafeMutableRawPointer(click)), guint(GDK_BUTTON_SECONDARY))
        Signal.connect(UnsafeMutableRawPointer(click), "pressed") { (_: Int32, x: Double, y: Double) in open(x, y) }
        gtk_widget_add_controller(widget, click)

        let hold = gtk_gesture_long_press_new()!
        gtk_gesture_single_set_touch_only(itemfeed_gesture_single(UnsafeMutableRawPointer(hold)), 1)
        Signal.connect(UnsafeMutableRawPointer(hold), "pressed") { (x: Double, y: Double) in open(x, y) }
        gtk_widget_add_controller(widget, hold)
    }
}

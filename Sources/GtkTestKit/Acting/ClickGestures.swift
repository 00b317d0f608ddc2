import CGtkTestKit

/// The click gestures a widget carries, pressed as GTK presses them when a
/// pointer's button goes down and up (its `pressed` and `released`).
@MainActor
enum ClickGestures {
    /// A `GtkGestureClick` on `widget` set to the secondary button, if it
    /// has one. A gesture for any button (a window's, a button's) asks GTK
    /// which button went down, and with no real press there is none.
    static func secondary(on widget: Widget) -> UnsafeMutableRawPointer? {
        Controllers.first(of: gtk_gesture_click_get_type(), on: widget) { gesture in
            gtk_gesture_single_get_button(gtktestkit_gesture_single(gesture)) == 3 ? gesture : nil
        }
    }

    /// `point` is in the coordinates of the gesture's widget.
    static func pressAndRelease(_ gesture: UnsafeMutableRawPointer, at point: (x: Double, y: Double)) {
        for signal in ["pressed", "released"] {
            emit(signal, on: gesture, presses: 1, x: point.x, y: point.y)
        }
    }

    private static func emit(_ signal: String, on gesture: UnsafeMutableRawPointer, presses: Int32, x: Double, y: Double) {
        var values = [GValue](repeating: GValue(), count: 4)
        g_value_init(&values[0], gtk_gesture_click_get_type())
        g_value_set_object(&values[0], gesture)
        g_value_init(&values[1], GType(6 << 2))  // G_TYPE_INT
        g_value_set_int(&values[1], presses)
        g_value_init(&values[2], GType(15 << 2))  // G_TYPE_DOUBLE
        g_value_set_double(&values[2], x)
        g_value_init(&values[3], GType(15 << 2))
        g_value_set_double(&values[3], y)
        g_signal_emitv(&values, g_signal_lookup(signal, gtk_gesture_click_get_type()), 0, nil)
        for index in values.indices { g_value_unset(&values[index]) }
    }
}

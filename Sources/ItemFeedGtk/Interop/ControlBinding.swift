import CGtk
import ItemFeedUI

/// Forwards a GtkButton's `clicked` to a target–action `Control`, so the
/// real button and the tests' `simulateTap()` reach the same targets.
@MainActor
func forwardClicks(of button: UnsafeMutablePointer<GtkWidget>, to control: Control, as event: ControlEvent) {
    Signal.connect(button, "clicked") { [weak control] in
        control?.sendActions(for: event)
    }
}

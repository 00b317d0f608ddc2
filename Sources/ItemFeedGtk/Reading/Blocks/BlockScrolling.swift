import CGtk
import Foundation

/// A table or a code block scrolls only sideways: the wheel over it
/// scrolls the article, as a browser's does (GTK would turn it into the
/// block's own sideways scroll, and the page would stop under the pointer).
@MainActor
enum BlockScrolling {
    static func passVerticalScrolls(over block: UnsafeMutablePointer<GtkWidget>, to article: @escaping @MainActor () -> UnsafeMutablePointer<GtkWidget>?) {
        guard let controller = gtk_event_controller_scroll_new(GTK_EVENT_CONTROLLER_SCROLL_VERTICAL) else { return }
        gtk_event_controller_set_propagation_phase(itemfeed_event_controller(UnsafeMutableRawPointer(controller)), GTK_PHASE_CAPTURE)
        Signal.connectScroll(UnsafeMutableRawPointer(controller)) { dx, dy in
            guard abs(dy) > abs(dx), let scrolled = article(),
                  let adjustment = gtk_scrolled_window_get_vadjustment(itemfeed_scrolled_window(scrolled)) else { return false }
            let step = pow(gtk_adjustment_get_page_size(adjustment), 2.0 / 3.0)
            gtk_adjustment_set_value(adjustment, gtk_adjustment_get_value(adjustment) + dy * step)
            return true
        }
        gtk_widget_add_controller(block, itemfeed_event_controller(UnsafeMutableRawPointer(controller)))
    }
}

import CGtk
import ItemFeedGLib

/// The article scrolls to what the keyboard focuses, and only as far as
/// it must. GTK's own scrolling to the focus (the viewport's) scrolled to
/// the top of the whole text view whenever a click in it gave it the focus
/// (opening a disclosure at the end of an article jumped back 240 pixels).
@MainActor
enum FocusScrolling {
    static func follow(in scrolled: UnsafeMutablePointer<GtkWidget>, content: UnsafeMutablePointer<GtkWidget>) {
        if let viewport = gtk_scrolled_window_get_child(itemfeed_scrolled_window(scrolled)) {
            gtk_viewport_set_scroll_to_focus(itemfeed_viewport(viewport), 0)
        }
        // The window's focus is followed while the article is shown, and
        // let go when it is not (the window outlives a pane it changed).
        var followed: (root: UnsafeMutableRawPointer, handler: gulong)?
        Signal.connect(UnsafeMutableRawPointer(scrolled), "map") {
            guard followed == nil, let root = gtk_widget_get_root(scrolled) else { return }
            // Not inside GTK's focus change: the focus moves while GTK
            // takes widgets away (a focused block, with the article it
            // stood in), no time to scroll. Once idle, if still shown.
            var isScheduled = false
            let handler = Signal.connect(UnsafeMutableRawPointer(root), "notify::focus-widget") { (_: UnsafeMutableRawPointer) in
                guard !isScheduled else { return }
                isScheduled = true
                _ = MainContextTimer.whenIdle {
                    isScheduled = false
                    guard followed != nil, let focus = gtk_root_get_focus(root), gtk_widget_is_ancestor(focus, content) != 0 else { return }
                    reveal(focus, in: scrolled, content: content)
                }
            }
            followed = (UnsafeMutableRawPointer(root), handler)
        }
        Signal.connect(UnsafeMutableRawPointer(scrolled), "unmap") {
            guard let current = followed else { return }
            g_signal_handler_disconnect(current.root, current.handler)
            followed = nil
        }
    }

    /// Scrolled just enough that `focus` shows whole, or its top if it is
    /// taller than the page (the text itself, which has the focus to be read).
    private static func reveal(_ focus: UnsafeMutablePointer<GtkWidget>, in scrolled: UnsafeMutablePointer<GtkWidget>, content: UnsafeMutablePointer<GtkWidget>) {
        guard let adjustment = gtk_scrolled_window_get_vadjustment(itemfeed_scrolled_window(scrolled)) else { return }
        var x = 0.0, y = 0.0
        guard gtk_widget_translate_coordinates(focus, content, 0, 0, &x, &y) != 0 else { return }
        let top = y, bottom = y + Double(gtk_widget_get_height(focus))
        let value = gtk_adjustment_get_value(adjustment), page = gtk_adjustment_get_page_size(adjustment)
        guard bottom - top < page else { return }
        if top < value {
            gtk_adjustment_set_value(adjustment, top - 12)
        } else if bottom > value + page {
            gtk_adjustment_set_value(adjustment, bottom - page + 12)
        }
    }
}

import CGtk

/// A widget we point at but do not own, which reads as `nil` once GTK has
/// finalized it. A row's popover belongs to the row widget: when GTK
/// disposes a row it unparents (and so frees) the popover before the list
/// tells us the row is gone, and a plain pointer then reached a freed
/// widget (`gtk_popover_get_autohide: assertion 'GTK_IS_POPOVER'`).
@MainActor
final class WeakWidget {
    /// GLib writes NULL here when the widget is finalized; it needs an
    /// address that does not move, so it is allocated, not a stored property.
    private let location = UnsafeMutablePointer<gpointer?>.allocate(capacity: 1)

    init(_ widget: UnsafeMutablePointer<GtkWidget>) {
        location.initialize(to: UnsafeMutableRawPointer(widget))
        g_object_add_weak_pointer(itemfeed_object(widget), location)
    }

    var widget: UnsafeMutablePointer<GtkWidget>? {
        location.pointee?.assumingMemoryBound(to: GtkWidget.self)
    }

    isolated deinit {
        if let widget = location.pointee {
            g_object_remove_weak_pointer(itemfeed_object(widget), location)
        }
        location.deallocate()
    }
}

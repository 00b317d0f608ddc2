import CGtkTestKit

/// Where a scrolled window stands, as its scroll bar shows it: how far
/// down, of how much, with how much in view.
public struct ScrollPosition: Equatable {
    /// From the top of the content to the top of the view.
    public let offset: Double
    /// The content's whole length.
    public let length: Double
    /// The view's own length.
    public let pageLength: Double

    /// 0 at the top, 1 at the end (1 when everything fits).
    public var fraction: Double { length > pageLength ? offset / (length - pageLength) : 1 }
}

@MainActor
extension Widget {
    /// The scrolled window this widget is, or is inside.
    public var enclosingScrolledWindow: Widget? {
        var current: Widget? = self
        while let candidate = current, !candidate.isA(gtk_scrolled_window_get_type()) { current = candidate.parent }
        return current
    }

    /// Where the scrolled window around it stands vertically.
    public var verticalScroll: ScrollPosition? {
        guard let scrolled = enclosingScrolledWindow else { return nil }
        return Self.position(gtk_scrolled_window_get_vadjustment(gtktestkit_scrolled_window(scrolled.pointer)))
    }

    /// Where the scrolled window around it stands sideways: a wide table's,
    /// a code block's.
    public var horizontalScroll: ScrollPosition? {
        guard let scrolled = enclosingScrolledWindow else { return nil }
        return Self.position(gtk_scrolled_window_get_hadjustment(gtktestkit_scrolled_window(scrolled.pointer)))
    }

    private static func position(_ adjustment: UnsafeMutablePointer<GtkAdjustment>?) -> ScrollPosition? {
        guard let adjustment else { return nil }
        let lower = gtk_adjustment_get_lower(adjustment)
        return ScrollPosition(
            offset: gtk_adjustment_get_value(adjustment) - lower,
            length: gtk_adjustment_get_upper(adjustment) - lower,
            pageLength: gtk_adjustment_get_page_size(adjustment)
        )
    }
}

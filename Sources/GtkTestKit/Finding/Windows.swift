import CGtkTestKit

/// The windows a user sees: dialogs an action opened are windows of their
/// own, not in the tree of the window that opened them.
@MainActor
public enum Windows {
    /// Every shown toplevel window, the newest last.
    public static var shown: [Widget] {
        guard let toplevels = gtk_window_get_toplevels() else { return [] }
        return (0..<g_list_model_get_n_items(toplevels)).compactMap { index in
            guard let window = g_list_model_get_item(toplevels, index) else { return nil }
            defer { g_object_unref(window) }
            let widget = Widget(window)
            return widget.isShown ? widget : nil
        }
    }

    /// The one shown window that matches, as a user finds a dialog by what
    /// it asks; throws with every shown window's tree when none or several do.
    public static func one(_ wanted: String, where matches: (Widget) -> Bool) throws -> Widget {
        let found = shown.filter(matches)
        guard found.count == 1 else {
            throw WidgetQueryError(wanted: wanted, found: found, tree: shown.map { WidgetTreePrinter.print($0) }.joined(separator: "\n"))
        }
        return found[0]
    }
}

import CGtkTestKit

/// A `GtkListView` driven as a user drives it, through the actions its
/// own clicks and keys end in (`list.scroll-to-item`, `list.select-item`,
/// `list.activate-item`), then waited on until its rows are bound.
@MainActor
public enum ListViewRows {
    /// Scrolls `list` until the row at `position` is in view, and spins the
    /// main loop until `bound` says its row is there (a label with its
    /// text, a row widget the test knows).
    public static func scroll(
        _ list: Widget, toRow position: Int, until bound: () -> Bool, timeout: Double = 5,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        try run("list.scroll-to-item", on: list, g_variant_new_uint32(guint32(position)))
        MainLoop.spin(until: bound, timeout: timeout, "row \(position) of \(list) to be bound", file: file, line: line)
    }

    /// How many rows the list's model holds, bound or not: what its
    /// scroll bar stands for.
    public static func count(_ list: Widget) throws -> Int {
        guard list.isA(gtk_list_view_get_type()), let model = gtk_list_view_get_model(gtktestkit_list_view(list.pointer)) else {
            throw UserActionError("\(list) is not a list view with a model")
        }
        return Int(g_list_model_get_n_items(model))
    }

    /// Selects the row at `position` alone, as a click on it does.
    public static func select(_ list: Widget, row position: Int) throws {
        var parts = [g_variant_new_uint32(guint32(position)), g_variant_new_boolean(0), g_variant_new_boolean(0)]
        try run("list.select-item", on: list, g_variant_new_tuple(&parts, 3))
    }

    /// Activates the row at `position`, as a double click (or a single
    /// one, in a list that activates on it) or Enter does.
    public static func activate(_ list: Widget, row position: Int) throws {
        try run("list.activate-item", on: list, g_variant_new_uint32(guint32(position)))
    }

    private static func run(_ action: String, on list: Widget, _ parameter: OpaquePointer?) throws {
        guard list.isA(gtk_list_base_get_type()) else { throw UserActionError("\(list) is not a list view or a grid view") }
        try User.activate(action: action, from: list, parameter: parameter)
    }
}

import CGtk4

/// The screen in GTK 4: a Refresh button, the rows in a `GtkListView`, and
/// a detail page for the row activated, with Back. It renders the
/// controller's state and tells the controller what the user did; nothing
/// else.
@MainActor
public final class ListScreenView {
    public let root: UnsafeMutablePointer<GtkWidget>
    private let controller: ListScreenController
    private let model: OpaquePointer
    private let stack: UnsafeMutablePointer<GtkWidget>
    private let refresh: UnsafeMutablePointer<GtkWidget>
    private let status: UnsafeMutablePointer<GtkWidget>
    private let detail: UnsafeMutablePointer<GtkWidget>
    private var shownRows: [String] = []

    public init(controller: ListScreenController) {
        self.controller = controller
        model = gtk_string_list_new(nil)
        root = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)
        refresh = gtk_button_new_with_label("Refresh")
        status = gtk_label_new(nil)
        stack = gtk_stack_new()
        detail = gtk_label_new(nil)

        let factory = gtk_builder_list_item_factory_new_from_bytes(nil, g_bytes_new(Self.row, gsize(Self.row.utf8.count)))
        let list = gtk_list_view_new(gtk_no_selection_new(model), factory)!
        let scrolled = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_child(list_screen_scrolled_window(scrolled), list)
        gtk_widget_set_vexpand(scrolled, 1)
        let back = gtk_button_new_with_label("Back")!
        let page = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)!
        gtk_box_append(list_screen_box(page), back)
        gtk_box_append(list_screen_box(page), detail)
        _ = gtk_stack_add_named(list_screen_stack(stack), scrolled, "list")
        _ = gtk_stack_add_named(list_screen_stack(stack), page, "detail")
        for child in [refresh, status, stack] { gtk_box_append(list_screen_box(root), child) }

        Signal.connect(refresh, "clicked") { [weak controller] _ in controller?.refresh() }
        Signal.connect(back, "clicked") { [weak controller] _ in controller?.close() }
        Signal.connect(list, "activate") { [weak controller] position in controller?.open(Int(position)) }
        controller.changed = { [weak self] in self?.render() }
        render()
    }

    private func render() {
        gtk_widget_set_sensitive(refresh, controller.isLoading ? 0 : 1)
        gtk_label_set_text(list_screen_label(status), controller.isLoading ? "Loading…" : controller.problem ?? "")
        gtk_widget_set_visible(status, controller.isLoading || controller.problem != nil ? 1 : 0)
        if controller.rows != shownRows {
            // Replaced in one splice, so the list binds only the rows it shows.
            let strings = controller.rows.map { strdup($0) } + [nil]
            strings.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: UnsafePointer<CChar>?.self) { gtk_string_list_splice(model, 0, guint(shownRows.count), $0.baseAddress) }
            }
            strings.forEach { free($0) }
            shownRows = controller.rows
        }
        if let opened = controller.opened {
            gtk_label_set_text(list_screen_label(detail), controller.rows[opened])
            gtk_stack_set_visible_child_name(list_screen_stack(stack), "detail")
        } else {
            gtk_stack_set_visible_child_name(list_screen_stack(stack), "list")
        }
    }

    private static let row = """
        <?xml version="1.0" encoding="UTF-8"?>
        <interface>
          <template class="GtkListItem">
            <property name="child">
              <object class="GtkLabel">
                <property name="xalign">0</property>
                <binding name="label"><lookup name="string" type="GtkStringObject"><lookup name="item">GtkListItem</lookup></lookup></binding>
              </object>
            </property>
          </template>
        </interface>
        """
}

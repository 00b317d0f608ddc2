import CGtkTestKit

/// Acting on widgets as a user does, through the same signals and actions
/// GTK's own input handling ends in: a click activates a control (as a
/// pointer's click or the space bar does), typing inserts at the cursor a
/// character at a time, a shortcut goes to the controller or accelerator
/// that owns it. Each throws, saying why, when a user could not do it.
@MainActor
public enum User {
    public static func click(_ widget: Widget) throws {
        try reachable(widget, "click")
        if widget.isA(gtk_list_box_row_get_type()) {
            try clickRow(widget)
        } else if widget.role == .listItem {
            // A list view's row, as GTK's press and release on it: it takes
            // the focus and is selected alone, then activated in a list that
            // activates on one click (a drop-down's list reads the selection).
            _ = gtk_widget_grab_focus(widget.pointer)
            var parts = [g_variant_new_boolean(0), g_variant_new_boolean(0)]
            try activate(action: "listitem.select", from: widget, parameter: g_variant_new_tuple(&parts, 2))
            if let list = widget.parent, list.isA(gtk_list_view_get_type()),
               gtk_list_view_get_single_click_activate(gtktestkit_list_view(list.pointer)) != 0,
               gtk_widget_activate(widget.pointer) == 0 {
                throw UserActionError("\(widget) does not activate")
            }
        } else if widget.isA(gtk_switch_get_type()) {
            // A switch slides before its state changes: wait, as a user
            // sees it move, so the next action meets the new state.
            let switchWidget = gtktestkit_switch(widget.pointer), wasActive = gtk_switch_get_active(switchWidget)
            _ = gtk_widget_activate(widget.pointer)
            guard MainLoop.iterate(until: { gtk_switch_get_active(switchWidget) != wasActive }, timeout: 2) else {
                throw UserActionError("\(widget) did not switch")
            }
        } else if widget.isA(gtk_menu_button_get_type()) {
            gtk_menu_button_popup(gtktestkit_menu_button(widget.pointer))
        } else if widget.isA(gtk_button_get_type()) {
            // What a pointer's release ends in; `activate` would wait out
            // the button's pressed look (250 ms) first.
            var instance = GValue()
            g_value_init(&instance, gtk_button_get_type())
            g_value_set_object(&instance, widget.pointer)
            g_signal_emitv(&instance, g_signal_lookup("clicked", gtk_button_get_type()), 0, nil)
            g_value_unset(&instance)
        } else if gtk_widget_activate(widget.pointer) == 0 {
            throw UserActionError("cannot click \(widget): it is not a control that activates")
        }
    }

    /// A right click in the widget's middle: as GTK does with the pointer's
    /// event, the widget drawn there and then each one around it are asked,
    /// and the first with a secondary-button click gesture has it pressed
    /// and released at that point, which is where apps open a context menu.
    public static func rightClick(_ widget: Widget) throws {
        try reachable(widget, "right-click")
        let x = Double(gtk_widget_get_width(widget.pointer)) / 2, y = Double(gtk_widget_get_height(widget.pointer)) / 2
        var current = gtk_widget_pick(widget.pointer, x, y, GTK_PICK_DEFAULT).map(Widget.init) ?? widget
        while true {
            var point = (x: 0.0, y: 0.0)
            if let gesture = ClickGestures.secondary(on: current),
               gtk_widget_translate_coordinates(widget.pointer, current.pointer, x, y, &point.x, &point.y) != 0 {
                return ClickGestures.pressAndRelease(gesture, at: point)
            }
            guard let parent = current.parent else { break }
            current = parent
        }
        throw UserActionError("nothing answers a right click on \(widget) or around it")
    }

    /// A double click: a list view's row is activated (its list's
    /// `activate`); any other control is clicked twice.
    public static func doubleClick(_ widget: Widget) throws {
        try reachable(widget, "double-click")
        guard widget.role == .listItem else {
            try click(widget)
            return try click(widget)
        }
        // A row's activation signal, which its list view answers with `activate`.
        guard gtk_widget_activate(widget.pointer) != 0 else { throw UserActionError("\(widget) does not activate") }
    }

    /// Types `text` into an entry, a search field or any editable, a
    /// character at a time at the cursor, after focusing it.
    public static func type(_ text: String, into widget: Widget) throws {
        try reachable(widget, "type into")
        guard widget.isA(gtk_editable_get_type()) else { throw UserActionError("cannot type into \(widget): it takes no text") }
        _ = gtk_widget_grab_focus(widget.pointer)
        let editable = gtktestkit_editable(widget.pointer)
        for character in text {
            var position = gtk_editable_get_position(editable)
            gtk_editable_insert_text(editable, String(character), -1, &position)
            gtk_editable_set_position(editable, position)
        }
    }

    /// Empties an editable, as selecting all and deleting does.
    public static func clear(_ widget: Widget) throws {
        try reachable(widget, "clear")
        guard widget.isA(gtk_editable_get_type()) else { throw UserActionError("cannot clear \(widget): it takes no text") }
        gtk_editable_delete_text(gtktestkit_editable(widget.pointer), 0, -1)
    }

    /// Activates a GAction by its detailed name (`win.refresh`,
    /// `app.quit`, `row.open::2`) from `widget`, as a menu entry or a
    /// button with that action does.
    public static func activate(action name: String, from widget: Widget, parameter: OpaquePointer? = nil) throws {
        var actionName: UnsafeMutablePointer<gchar>?
        var target: OpaquePointer?
        guard g_action_parse_detailed_name(name, &actionName, &target, nil) != 0, let actionName else {
            throw UserActionError("\"\(name)\" is not an action's name")
        }
        defer { g_free(actionName) }
        let found = gtk_widget_activate_action_variant(widget.pointer, actionName, parameter ?? target)
        if let target { g_variant_unref(target) }
        guard found != 0 else { throw UserActionError("no action \"\(name)\" is reachable from \(widget)") }
    }

    /// Presses a shortcut (`<Control>r`, `F5`, `j`) in `widget`'s window:
    /// the focused widget's and its ancestors' shortcut controllers first,
    /// then any global one in the window, then the application's
    /// accelerators.
    public static func press(_ accelerator: String, in widget: Widget) throws {
        guard let trigger = gtk_shortcut_trigger_parse_string(accelerator) else {
            throw UserActionError("\"\(accelerator)\" is not a shortcut GTK can read")
        }
        defer { g_object_unref(UnsafeMutableRawPointer(trigger)) }
        guard let root = gtk_widget_get_root(widget.pointer) else { throw UserActionError("\(widget) is in no window") }
        let window = Widget(UnsafeMutableRawPointer(root))
        let focus = gtk_root_get_focus(root).map(Widget.init) ?? widget
        if try Shortcuts.activate(trigger, from: focus, in: window) { return }
        if let application = gtk_window_get_application(gtktestkit_window(window.pointer)),
           let actions = gtk_application_get_actions_for_accel(application, accelerator), let first = actions[0] {
            defer { g_strfreev(actions) }
            try activate(action: String(cString: first), from: focus)
            return
        }
        throw UserActionError("nothing in \(window) answers \(accelerator)")
    }

    /// Scrolls a scrolled window (or the one around `widget`) to a
    /// fraction of its length: 0 the top, 1 the end.
    public static func scroll(_ widget: Widget, toFraction fraction: Double) throws {
        try scroll(widget, fraction, "", gtk_scrolled_window_get_vadjustment)
    }

    /// Scrolls a scrolled window (or the one around `widget`) sideways to a
    /// fraction of its width: 0 the start, 1 the end.
    public static func scroll(_ widget: Widget, sidewaysToFraction fraction: Double) throws {
        try scroll(widget, fraction, " sideways", gtk_scrolled_window_get_hadjustment)
    }

    private static func scroll(
        _ widget: Widget, _ fraction: Double, _ direction: String,
        _ adjustmentOf: (OpaquePointer?) -> UnsafeMutablePointer<GtkAdjustment>?
    ) throws {
        guard let scrolled = widget.enclosingScrolledWindow, let adjustment = adjustmentOf(gtktestkit_scrolled_window(scrolled.pointer)) else {
            throw UserActionError("\(widget) does not scroll")
        }
        // A user scrolls what is laid out: wait for the first layout.
        let scrollable = { gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_lower(adjustment) > gtk_adjustment_get_page_size(adjustment) }
        guard MainLoop.iterate(until: scrollable, timeout: 2) else { throw UserActionError("\(scrolled) has nothing to scroll\(direction): its content fits") }
        let lower = gtk_adjustment_get_lower(adjustment), upper = gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment)
        gtk_adjustment_set_value(adjustment, lower + max(0, min(1, fraction)) * (upper - lower))
    }

    /// A list box's row: selected where the box selects, and activated
    /// where one click activates (GTK's default), as GtkListBox does.
    private static func clickRow(_ row: Widget) throws {
        guard let box = row.parent, box.isA(gtk_list_box_get_type()) else { throw UserActionError("\(row) is in no list box") }
        let listBox = gtktestkit_list_box(box.pointer), listRow = gtktestkit_list_box_row(row.pointer)
        if gtk_list_box_get_selection_mode(listBox) != GTK_SELECTION_NONE, gtk_list_box_row_get_selectable(listRow) != 0 {
            gtk_list_box_select_row(listBox, listRow)
        }
        _ = gtk_widget_grab_focus(row.pointer)
        if gtk_list_box_get_activate_on_single_click(listBox) != 0, gtk_list_box_row_get_activatable(listRow) != 0 {
            _ = gtk_widget_activate(row.pointer)
        }
    }

    private static func reachable(_ widget: Widget, _ verb: String) throws {
        guard widget.isShown else { throw UserActionError("cannot \(verb) \(widget): it is not shown") }
        guard widget.isSensitive else { throw UserActionError("cannot \(verb) \(widget): it is insensitive") }
    }
}

/// Why a user could not do what the test asked.
public struct UserActionError: Error, CustomStringConvertible {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}

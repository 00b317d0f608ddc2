import CGtkTestKit

/// A widget as a test sees it: what a screen reader is told (its role and
/// name) and what a user sees (its text, its style classes), read back from
/// GTK rather than from the code that made it.
public struct Widget: Equatable, CustomStringConvertible {
    public let pointer: UnsafeMutablePointer<GtkWidget>

    public init(_ pointer: UnsafeMutablePointer<GtkWidget>) {
        self.pointer = pointer
    }

    /// From any GObject that is a widget (a `GtkWindow`, a `GtkButton`…).
    public init(_ instance: UnsafeMutableRawPointer) {
        pointer = gtktestkit_widget(instance)
    }

    public static func == (lhs: Widget, rhs: Widget) -> Bool { lhs.pointer == rhs.pointer }

    /// One line: role, name, type, style classes and text. GTK is read on
    /// the main thread only, where tests run.
    public var description: String {
        nonisolated(unsafe) let widget = self
        return MainActor.assumeIsolated { widget.line }
    }
}

@MainActor
extension Widget {

    /// The GObject type's name, as `GtkButton`.
    public var typeName: String { String(cString: gtktestkit_type_name(pointer)) }

    public func isA(_ type: GType) -> Bool { gtktestkit_is_a(pointer, type) != 0 }

    public var role: AccessibleRole { AccessibleRole(gtk_accessible_get_accessible_role(gtktestkit_accessible(pointer))) }

    /// The name a screen reader reads (see `AccessibleName`).
    public var name: String { AccessibleName.of(self) }

    /// The accessible description, when one was given.
    public var accessibleDescription: String? {
        let accessible = gtktestkit_accessible(pointer)
        guard gtktestkit_has_description(accessible) != 0 else { return nil }
        return AccessibleName.read { gtktestkit_check_description(accessible, $0) }
    }

    /// Whether it tells screen readers it is busy (a spinner spinning).
    public var isBusy: Bool { AccessibleName.read { _ in gtktestkit_check_busy(gtktestkit_accessible(pointer), 1) } == nil }

    /// Whether it is hidden from screen readers while shown.
    public var isHiddenFromScreenReaders: Bool { AccessibleName.read { _ in gtktestkit_check_hidden(gtktestkit_accessible(pointer), 1) } == nil }

    /// A label's text, an editable's, or a text view's whole buffer.
    public var text: String? {
        if isA(gtk_label_get_type()) { return gtk_label_get_text(gtktestkit_label(pointer)).map { String(cString: $0) } }
        if isA(gtk_editable_get_type()) { return gtk_editable_get_text(gtktestkit_editable(pointer)).map { String(cString: $0) } }
        if isA(gtk_text_view_get_type()), let buffer = gtk_text_view_get_buffer(gtktestkit_text_view(pointer)) {
            var start = GtkTextIter(), end = GtkTextIter()
            gtk_text_buffer_get_bounds(buffer, &start, &end)
            guard let text = gtk_text_buffer_get_text(buffer, &start, &end, 0) else { return nil }
            defer { g_free(text) }
            return String(cString: text)
        }
        return nil
    }

    /// Whether it tells screen readers it is pressed (a toggle button on).
    public var isPressed: Bool {
        AccessibleName.read { _ in gtktestkit_check_pressed(gtktestkit_accessible(pointer), GTK_ACCESSIBLE_TRISTATE_TRUE) } == nil
    }

    /// Whether it tells screen readers it is checked (a switch on, a check box ticked).
    public var isChecked: Bool {
        AccessibleName.read { _ in gtktestkit_check_checked(gtktestkit_accessible(pointer), GTK_ACCESSIBLE_TRISTATE_TRUE) } == nil
    }

    /// Whether it tells screen readers it is expanded (an expander open, a
    /// menu button's menu shown).
    public var isExpanded: Bool { AccessibleName.read { _ in gtktestkit_check_expanded(gtktestkit_accessible(pointer), 1) } == nil }

    public var cssClasses: [String] {
        guard let classes = gtk_widget_get_css_classes(pointer) else { return [] }
        defer { g_strfreev(classes) }
        var found: [String] = []
        var index = 0
        while let name = classes[index] {
            found.append(String(cString: name))
            index += 1
        }
        return found
    }

    public var children: [Widget] {
        var found: [Widget] = []
        var child = gtk_widget_get_first_child(pointer)
        while let current = child {
            found.append(Widget(current))
            child = gtk_widget_get_next_sibling(current)
        }
        return found
    }

    public var parent: Widget? { gtk_widget_get_parent(pointer).map(Widget.init) }

    /// Shown: visible, its parent showing it (a stack's other pages are
    /// not), and every ancestor too.
    public var isShown: Bool {
        var widget: Widget? = self
        while let current = widget {
            guard gtk_widget_get_visible(current.pointer) != 0, gtk_widget_get_child_visible(current.pointer) != 0 else { return false }
            widget = current.parent
        }
        return true
    }

    public var isSensitive: Bool { gtk_widget_is_sensitive(pointer) != 0 }

    /// Whether it has the keyboard focus, where a screen reader starts reading.
    public var hasFocus: Bool { gtk_widget_has_focus(pointer) != 0 }

    /// Whether the keyboard focus is on it or on a widget inside it.
    public var containsFocus: Bool {
        guard let root = gtk_widget_get_root(pointer), let focus = gtk_root_get_focus(root) else { return false }
        return focus == pointer || gtk_widget_is_ancestor(focus, pointer) != 0
    }

    /// The size of the image a `GtkPicture`, or a `GtkImage` given an image
    /// rather than an icon, shows, in its own pixels; nil when it shows none.
    /// The size the widget is drawn at, in logical pixels (its allocation).
    public var drawnSize: (width: Int, height: Int) { (Int(gtk_widget_get_width(pointer)), Int(gtk_widget_get_height(pointer))) }

    public var pictureSize: (width: Int, height: Int)? {
        let paintable: OpaquePointer?
        if isA(gtk_picture_get_type()) {
            paintable = gtk_picture_get_paintable(gtktestkit_picture(pointer))
        } else if isA(gtk_image_get_type()), gtk_image_get_storage_type(gtktestkit_image(pointer)) == GTK_IMAGE_PAINTABLE {
            paintable = gtk_image_get_paintable(gtktestkit_image(pointer))
        } else {
            paintable = nil
        }
        return paintable.map { (Int(gdk_paintable_get_intrinsic_width($0)), Int(gdk_paintable_get_intrinsic_height($0))) }
    }

    var line: String {
        var parts = [role.rawValue]
        let name = self.name
        if !name.isEmpty { parts.append("\"\(name)\"") }
        parts.append("(\(typeName))")
        let classes = cssClasses
        if !classes.isEmpty { parts.append("." + classes.joined(separator: ".")) }
        if let text, !text.isEmpty, text != name { parts.append("text: \"\(text)\"") }
        if !isSensitive { parts.append("[insensitive]") }
        return parts.joined(separator: " ")
    }
}

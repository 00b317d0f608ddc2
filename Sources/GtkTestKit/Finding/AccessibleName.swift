import CGtkTestKit

/// The name a screen reader reads for a widget, worked out as GTK 4.8 does
/// for the widgets apps use: the label given to it for accessibility
/// first, else the label it is labelled by, else a label's or a button's
/// own text, else, for a control named by what it holds (a button with an
/// icon and a label, a list row), the text of the labels it shows.
@MainActor
enum AccessibleName {
    static func of(_ widget: Widget) -> String {
        let accessible = gtktestkit_accessible(widget.pointer)
        if gtktestkit_has_label(accessible) != 0, let label = read({ gtktestkit_check_label(accessible, $0) }) { return label }
        if gtktestkit_has_labelled_by(accessible) != 0, let label = labelling(widget) { return label }
        if widget.isA(gtk_label_get_type()) { return widget.text ?? "" }
        if widget.isA(gtk_button_get_type()), let label = gtk_button_get_label(gtktestkit_button(widget.pointer)) {
            return String(cString: label)
        }
        if widget.isA(gtk_menu_button_get_type()), let label = gtk_menu_button_get_label(gtktestkit_menu_button(widget.pointer)) {
            return String(cString: label)
        }
        guard namedByContent.contains(widget.role) else { return "" }
        return shownLabels(in: widget).joined(separator: " ")
    }

    /// The label a widget is labelled by (a libadwaita row by its title):
    /// GTK 4.8 cannot say which, but can say whether it is a given one, so
    /// the labels inside the widget are asked first, then those in its window.
    private static func labelling(_ widget: Widget) -> String? {
        let accessible = gtktestkit_accessible(widget.pointer)
        func labels(under root: Widget) -> [Widget] {
            var found: [Widget] = []
            func visit(_ current: Widget) {
                if current.isA(gtk_label_get_type()) { found.append(current) }
                current.children.forEach(visit)
            }
            visit(root)
            return found
        }
        let window = gtk_widget_get_root(widget.pointer).map { Widget(UnsafeMutableRawPointer($0)) }
        for candidate in labels(under: widget) + (window.map(labels) ?? []) {
            guard let differs = gtktestkit_check_labelled_by(accessible, candidate.pointer) else { return candidate.text }
            g_free(differs)
        }
        return nil
    }

    /// A property's value through GTK's test API, the only reader GTK 4.8
    /// has: asked whether it equals a value it never has, GTK answers with
    /// the value it has.
    static func read(_ check: (String) -> UnsafeMutablePointer<CChar>?) -> String? {
        guard let value = check("\u{1}gtktestkit-never") else { return nil }
        defer { g_free(value) }
        return String(cString: value)
    }

    private static let namedByContent: Set<AccessibleRole> = [
        .button, .checkbox, .radio, .link, .menuItem, .menuItemCheckbox, .menuItemRadio, .tab, .listItem, .row, .option, .treeItem, .cell,
    ]

    private static func shownLabels(in widget: Widget) -> [String] {
        widget.children.filter(\.isShownByParent).flatMap { child -> [String] in
            if child.isA(gtk_label_get_type()) { return (child.text ?? "").isEmpty ? [] : [child.text!] }
            return shownLabels(in: child)
        }
    }
}

extension Widget {
    var isShownByParent: Bool { gtk_widget_get_visible(pointer) != 0 && gtk_widget_get_child_visible(pointer) != 0 }
}

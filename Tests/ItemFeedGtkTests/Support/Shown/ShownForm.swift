import CGtk
import GtkTestKit

/// A libadwaita form (a Preferences page, a dialog) filled in as a user
/// fills it: fields and choices found by their titles, as a screen reader
/// names them, typed into, picked from and switched.
@MainActor
struct ShownForm {
    let root: Widget

    init(_ window: UnsafeMutablePointer<GtkWidget>) {
        root = Widget(window)
    }

    private var screen: WidgetQuery { WidgetQuery(root) }

    func field(_ title: String) throws -> Widget { try screen.widget(role: .textBox, named: title) }

    /// Empties the field titled `title`, then types `text` into it.
    func type(_ text: String, into title: String) throws {
        let field = try field(title)
        try User.clear(field)
        try User.type(text, into: field)
    }

    /// Opens the choice titled `title` and clicks `option` in its list.
    func choose(_ option: String, in title: String) throws {
        try User.click(screen.widget(role: .comboBox, named: title))
        let offered = { screen.all { $0.role == .listItem && $0.name == option && $0.isInPopover } }
        MainLoop.spin(until: { !offered().isEmpty }, "\"\(option)\" offered by \(title)")
        try User.click(screen.one("\"\(option)\" in the list of \(title)") { $0.role == .listItem && $0.name == option && $0.isInPopover })
    }

    /// What the choice titled `title` shows as chosen.
    func choice(_ title: String) throws -> String? {
        try WidgetQuery(screen.widget(role: .comboBox, named: title)).all { $0.role == .listItem }.first?.name
    }

    func toggle(_ title: String) throws { try User.click(screen.widget(role: .switch, named: title)) }

    /// The line under a row's title (a count, a problem).
    func subtitle(of title: String) throws -> String? {
        let row = try screen.one("a row titled \"\(title)\"") { $0.isA(adw_preferences_row_get_type()) && $0.name == title }
        return WidgetQuery(row).all { $0.isA(gtk_label_get_type()) && $0.cssClasses.contains("subtitle") }.first?.text
    }

    /// The form's status line: what its last send did, or why it could not.
    var status: Widget? { screen.all { $0.role == .status }.first }

    func click(_ button: String) throws { try User.click(screen.button(button)) }
}

@MainActor
private extension Widget {
    var isInPopover: Bool {
        var current = parent
        while let widget = current {
            if widget.isA(gtk_popover_get_type()) { return true }
            current = widget.parent
        }
        return false
    }
}

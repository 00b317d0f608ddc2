import CGtkTestKit

/// Finding widgets as a user or a screen reader does, under a root (a
/// window, a page): by role and name, by a label's text, by style class, by
/// type. Only shown widgets are found, as only they are seen. A finder of
/// one widget throws when none or several match, with the tree printed.
@MainActor
public struct WidgetQuery {
    public let root: Widget

    public init(_ root: Widget) {
        self.root = root
    }

    /// Every shown widget under the root (the root too), in tree order.
    public func all(where matches: (Widget) -> Bool = { _ in true }) -> [Widget] {
        var found: [Widget] = []
        func visit(_ widget: Widget) {
            guard widget.isShownByParent else { return }
            if matches(widget) { found.append(widget) }
            widget.children.forEach(visit)
        }
        visit(root)
        return found
    }

    /// The one shown widget that matches; `wanted` says what was looked for.
    public func one(_ wanted: String, where matches: (Widget) -> Bool) throws -> Widget {
        let found = all(where: matches)
        guard found.count == 1 else {
            throw WidgetQueryError(wanted: wanted, found: found, tree: WidgetTreePrinter.print(root))
        }
        return found[0]
    }

    public func widget(role: AccessibleRole, named name: String) throws -> Widget {
        try one("a \(role.rawValue) named \"\(name)\"") { $0.role == role && $0.name == name }
    }

    /// A button, a toggle or a menu button, by the name it is read by.
    public func button(_ name: String) throws -> Widget {
        try widget(role: .button, named: name)
    }

    public func listItem(named name: String) throws -> Widget {
        try widget(role: .listItem, named: name)
    }

    /// A label showing exactly `text`.
    public func label(_ text: String) throws -> Widget {
        try one("a label showing \"\(text)\"") { $0.isA(gtk_label_get_type()) && $0.text == text }
    }

    public func widgets(cssClass: String) -> [Widget] {
        all { $0.cssClasses.contains(cssClass) }
    }

    public func widget(cssClass: String) throws -> Widget {
        try one("a widget of style class .\(cssClass)") { $0.cssClasses.contains(cssClass) }
    }

    public func widgets(ofType type: GType) -> [Widget] {
        all { $0.isA(type) }
    }

    public func widget(ofType type: GType) throws -> Widget {
        try one("a \(String(cString: g_type_name(type)))") { $0.isA(type) }
    }

    /// Whether a widget that matches is shown (for waiting on one).
    public func contains(where matches: (Widget) -> Bool) -> Bool {
        !all(where: matches).isEmpty
    }
}

/// None or several widgets where one was wanted; the message prints the
/// tree, so the test's author sees what there was instead.
public struct WidgetQueryError: Error, CustomStringConvertible {
    public let wanted: String
    public let foundCount: Int
    public let description: String

    @MainActor init(wanted: String, found: [Widget], tree: String) {
        self.wanted = wanted
        foundCount = found.count
        let what = found.isEmpty ? "none is shown" : "\(found.count) match:\n" + found.map { "  " + $0.description }.joined(separator: "\n")
        description = "Expected \(wanted), but \(what)\nThe widgets shown:\n\(tree)"
    }
}

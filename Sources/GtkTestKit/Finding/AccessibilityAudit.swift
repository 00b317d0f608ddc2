import XCTest

/// What a screen reader's user would stumble on: a control with no name,
/// one named by GTK's class name (a widget that was never given one), one
/// whose name keeps a mnemonic's underscore.
@MainActor
public enum AccessibilityAudit {
    /// Each problem, one line naming the widget.
    public static func problems(under root: Widget) -> [String] {
        WidgetQuery(root).all { $0.role.isInteractive }.compactMap { widget in
            let name = widget.name
            if name.trimmingCharacters(in: .whitespaces).isEmpty { return "no name: \(widget)" }
            if name.range(of: #"^(Gtk|Adw|Gdk)[A-Z]"#, options: .regularExpression) != nil { return "a class name for a name: \(widget)" }
            if name.range(of: #"(^|[^_])_[\p{L}\p{N}]"#, options: .regularExpression) != nil { return "a mnemonic's underscore in its name: \(widget)" }
            return nil
        }
    }

    /// Fails with every problem and the tree when there is any.
    public static func assertEveryControlNamed(under root: Widget, file: StaticString = #filePath, line: UInt = #line) {
        let found = problems(under: root)
        guard !found.isEmpty else { return }
        XCTFail("\(found.count) control(s) a screen reader cannot name:\n\(found.joined(separator: "\n"))\nThe widgets shown:\n\(WidgetTreePrinter.print(root))", file: file, line: line)
    }
}

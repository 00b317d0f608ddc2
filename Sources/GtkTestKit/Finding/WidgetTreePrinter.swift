/// A widget tree as text, one widget a line, indented by depth: what a
/// failing finder prints, and what a test can print while it is written.
@MainActor
public enum WidgetTreePrinter {
    public static func print(_ root: Widget, includingHidden: Bool = false) -> String {
        var lines: [String] = []
        func visit(_ widget: Widget, depth: Int) {
            let shown = widget.isShownByParent
            guard shown || includingHidden else { return }
            lines.append(String(repeating: "  ", count: depth) + widget.description + (shown ? "" : " [hidden]"))
            for child in widget.children { visit(child, depth: depth + 1) }
        }
        visit(root, depth: 0)
        return lines.joined(separator: "\n")
    }
}

import CGtk
import CSourceView
import Foundation
import ItemFeed

/// A code block anchored in the article's text: GtkSourceView in the
/// monospace font on a background of its own, highlighted in the language
/// the page named with GNOME's style scheme, never clipped (it scrolls
/// sideways), and a Copy button that copies the code as written.
@MainActor
enum CodeBlock {
    /// Lines past this are drawn cut (and copied whole): one line of a
    /// megabyte is no line anyone reads, and costs a frame to lay out.
    static let maxDrawnLine = 4_000
    static let maxDrawnLines = 5_000

    /// GtkSourceView 5 loads its languages and schemes once, before first use.
    private static let initialized: Bool = {
        gtk_source_init()
        return true
    }()

    static func make(code: String, language: String?, dark: Bool) -> (block: UnsafeMutablePointer<GtkWidget>, buffer: UnsafeMutablePointer<GtkSourceBuffer>) {
        _ = initialized
        let buffer = gtk_source_buffer_new(nil)!
        if let language = language.flatMap(sourceLanguage) {
            gtk_source_buffer_set_language(buffer, language)
            gtk_source_buffer_set_highlight_syntax(buffer, 1)
        }
        style(buffer, dark: dark)
        let drawn = drawnText(code)
        let text = UnsafeMutableRawPointer(buffer).assumingMemoryBound(to: GtkTextBuffer.self)
        gtk_text_buffer_set_text(text, drawn, -1)
        // The first screenful highlighted now, not a frame after it shows.
        var start = GtkTextIter(), end = GtkTextIter()
        gtk_text_buffer_get_start_iter(text, &start)
        gtk_text_buffer_get_iter_at_offset(text, &end, 8_000)
        gtk_source_buffer_ensure_highlight(buffer, &start, &end)
        let view = gtk_source_view_new_with_buffer(buffer)!
        g_object_unref(UnsafeMutableRawPointer(buffer))
        let textView = itemfeed_text_view(view)
        gtk_text_view_set_editable(textView, 0)
        gtk_text_view_set_cursor_visible(textView, 0)
        gtk_text_view_set_monospace(textView, 1)
        gtk_text_view_set_wrap_mode(textView, GTK_WRAP_NONE)
        gtk_text_view_set_left_margin(textView, 12)
        gtk_text_view_set_right_margin(textView, 12)
        gtk_text_view_set_top_margin(textView, 10)
        gtk_text_view_set_bottom_margin(textView, 10)
        itemfeed_accessible_set_label(itemfeed_accessible(view), language.map { tr("Code in {language}", ["language": $0]) } ?? tr("Code"))

        let scrolled = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_policy(itemfeed_scrolled_window(scrolled), GTK_POLICY_AUTOMATIC, GTK_POLICY_NEVER)
        gtk_scrolled_window_set_propagate_natural_height(itemfeed_scrolled_window(scrolled), 1)
        gtk_scrolled_window_set_child(itemfeed_scrolled_window(scrolled), view)
        gtk_widget_set_hexpand(scrolled, 1)

        let copy = gtk_button_new_from_icon_name("edit-copy-symbolic")!
        gtk_widget_set_focus_on_click(copy, 0)
        gtk_widget_set_tooltip_text(copy, tr("Copy Code"))
        itemfeed_accessible_set_label(itemfeed_accessible(copy), tr("Copy Code"))
        gtk_widget_add_css_class(copy, "flat")
        gtk_widget_set_valign(copy, GTK_ALIGN_START)
        gtk_widget_set_margin_top(copy, 4)
        gtk_widget_set_margin_end(copy, 4)
        Signal.connect(UnsafeMutableRawPointer(copy), "clicked") { [code] in
            gdk_clipboard_set_text(gtk_widget_get_clipboard(copy), code)
        }

        let block = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
        gtk_widget_add_css_class(block, "code-block")
        gtk_widget_add_css_class(block, "article-block")
        gtk_box_append(itemfeed_box(block), scrolled)
        gtk_box_append(itemfeed_box(block), copy)
        return (block, buffer)
    }

    /// GNOME's own schemes, swapped as the style turns dark or light.
    static func style(_ buffer: UnsafeMutablePointer<GtkSourceBuffer>, dark: Bool) {
        let schemes = gtk_source_style_scheme_manager_get_default()
        if let scheme = gtk_source_style_scheme_manager_get_scheme(schemes, dark ? "Adwaita-dark" : "Adwaita") {
            gtk_source_buffer_set_style_scheme(buffer, scheme)
        }
    }

    /// The language's definition, by the page's name for it or a common alias.
    static func sourceLanguage(_ name: String) -> OpaquePointer? {
        let id = aliases[name] ?? name
        guard id.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "+") }) else { return nil }
        return gtk_source_language_manager_get_language(gtk_source_language_manager_get_default(), id)
    }

    private static let aliases: [String: String] = [
        "js": "js", "javascript": "js", "jsx": "jsx", "mjs": "js", "ts": "typescript", "tsx": "typescript-jsx", "py": "python3", "python": "python3",
        "rb": "ruby", "sh": "sh", "bash": "sh", "shell": "sh", "zsh": "sh", "console": "sh", "c++": "cpp", "cxx": "cpp",
        "cs": "c-sharp", "csharp": "c-sharp", "objc": "objc", "objective-c": "objc", "yml": "yaml", "html": "html", "xml": "xml",
        "kt": "kotlin", "rs": "rust", "golang": "go", "md": "markdown", "dockerfile": "dockerfile", "make": "makefile", "diff": "diff",
        "patch": "diff", "sql": "sql", "json": "json", "swift": "swift", "java": "java", "css": "css", "scss": "scss",
    ]

    /// The code as drawn: a line past `maxDrawnLine` cut with an ellipsis, past `maxDrawnLines` lines the rest left to Copy.
    static func drawnText(_ code: String) -> String {
        var lines: [Substring] = []
        for line in code.split(separator: "\n", omittingEmptySubsequences: false) {
            if lines.count == maxDrawnLines {
                lines.append("…")
                break
            }
            lines.append(line.count > maxDrawnLine ? line.prefix(maxDrawnLine) + "…" : line)
        }
        return lines.joined(separator: "\n")
    }
}

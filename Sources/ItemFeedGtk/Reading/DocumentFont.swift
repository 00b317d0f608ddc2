import CGtk
import Foundation

/// The desktop's document font (GNOME's `document-font-name`, which people
/// set for what they read), followed as they change it; the article's text
/// sizes are relative to it. Where the setting's schema is absent (no GNOME
/// settings installed), GTK's own font stands.
@MainActor
enum DocumentFont {
    static let cssClass = "article-column"
    private static let schema = "org.gnome.desktop.interface"
    private static let key = "document-font-name"

    /// Sets `column`'s text in the document font, the first call reading it
    /// and following its changes for every column.
    static func apply(to column: UnsafeMutablePointer<GtkWidget>) {
        if provider == nil { follow() }
        gtk_widget_add_css_class(column, cssClass)
    }

    private static var provider: UnsafeMutablePointer<GtkCssProvider>?
    /// Kept for the process: it is what tells of the changes.
    private static var settings: UnsafeMutablePointer<GSettings>?

    private static func follow() {
        let provider = gtk_css_provider_new()!
        self.provider = provider
        gtk_style_context_add_provider_for_display(gdk_display_get_default(), itemfeed_style_provider(UnsafeMutableRawPointer(provider)), guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
        guard let source = g_settings_schema_source_get_default(), let found = g_settings_schema_source_lookup(source, schema, 1) else { return }
        defer { g_settings_schema_unref(found) }
        guard g_settings_schema_has_key(found, key) != 0, let settings = g_settings_new(schema) else { return }
        self.settings = settings
        Signal.connect(UnsafeMutableRawPointer(settings), "changed::\(key)") { (_: UnsafeMutableRawPointer) in load() }
        load()
    }

    private static func load() {
        guard let settings, let provider, let value = g_settings_get_string(settings, key) else { return }
        defer { g_free(value) }
        gtk_css_provider_load_from_data(provider, css(for: String(cString: value)), -1)
    }

    /// "Cantarell 11" as CSS for the column; nothing for a name Pango reads no family in.
    static func css(for name: String) -> String {
        guard let description = pango_font_description_from_string(name) else { return "" }
        defer { pango_font_description_free(description) }
        guard let family = pango_font_description_get_family(description).map({ String(cString: $0) }), !family.isEmpty else { return "" }
        let quoted = family.filter { $0 != "\"" && $0 != "\\" && $0 != "\n" }
        let size = Double(pango_font_description_get_size(description)) / Double(PANGO_SCALE)
        let sizeRule = size > 0 && size < 200 ? " font-size: \(size)pt;" : ""
        return ".\(cssClass) { font-family: \"\(quoted)\";\(sizeRule) }"
    }
}

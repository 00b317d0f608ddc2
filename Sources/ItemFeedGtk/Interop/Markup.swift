import CGtk

/// Text for libadwaita fields that parse Pango markup (1.2's status page
/// descriptions and toast titles have no plain-text switch) and for
/// GtkBuilder XML: a feed's or server's `<b>` or `&`, or a translation's,
/// must show as typed, and a stray `<` must not make the whole text vanish.
public enum Markup {
    public static func escaped(_ text: String) -> String {
        guard let escaped = g_markup_escape_text(text, -1) else { return "" }
        defer { g_free(escaped) }
        return String(cString: escaped)
    }
}

import CGtk
import ItemFeed

/// The text view's styles for an article's blocks and runs: made once per
/// buffer, by name.
@MainActor
enum ArticleTags {
    static func install(in buffer: UnsafeMutablePointer<GtkTextBuffer>) {
        let table = gtk_text_buffer_get_tag_table(buffer)
        func tag(_ name: String, _ set: (UnsafeMutableRawPointer) -> Void) {
            let tag = gtk_text_tag_new(name)!
            set(UnsafeMutableRawPointer(tag))
            gtk_text_tag_table_add(table, tag)
            g_object_unref(UnsafeMutableRawPointer(tag))
        }
        for level in 1...6 {
            tag("h\(level)") {
                itemfeed_object_set_int($0, "weight", 700)
                itemfeed_object_set_double($0, "scale", [1.6, 1.4, 1.25, 1.1, 1.0, 1.0][level - 1])
                itemfeed_object_set_int($0, "pixels-above-lines", 12)
            }
        }
        tag("bold") { itemfeed_object_set_int($0, "weight", 700) }
        tag("italic") { itemfeed_object_set_int($0, "style", Int32(PANGO_STYLE_ITALIC.rawValue)) }
        tag("code") { itemfeed_object_set_string($0, "family", "monospace") }
        tag("sub") {
            itemfeed_object_set_int($0, "rise", -3 * PANGO_SCALE)
            itemfeed_object_set_double($0, "scale", 0.75)
        }
        tag("sup") {
            itemfeed_object_set_int($0, "rise", 6 * PANGO_SCALE)
            itemfeed_object_set_double($0, "scale", 0.75)
        }
        tag("struck") { itemfeed_object_set_int($0, "strikethrough", 1) }
        tag("underlined") { itemfeed_object_set_int($0, "underline", Int32(PANGO_UNDERLINE_SINGLE.rawValue)) }
        tag("marked") { itemfeed_object_set_string($0, "background", "rgba(248,228,92,0.5)") }
        tag("caption") {
            itemfeed_object_set_double($0, "scale", 0.9)
            itemfeed_object_set_string($0, "foreground", "#808080")
            itemfeed_object_set_int($0, "justification", Int32(GTK_JUSTIFY_CENTER.rawValue))
        }
        // A picture stands in the middle of the column, over its caption.
        tag("centred") { itemfeed_object_set_int($0, "justification", Int32(GTK_JUSTIFY_CENTER.rawValue)) }
        tag("rtl") { itemfeed_object_set_int($0, "direction", Int32(GTK_TEXT_DIR_RTL.rawValue)) }
        tag("link") {
            itemfeed_object_set_int($0, "underline", Int32(PANGO_UNDERLINE_SINGLE.rawValue))
            itemfeed_object_set_string($0, "foreground", "#3584e4")
        }
        tag("dim") { itemfeed_object_set_string($0, "foreground", "#808080") }
        tag("block") { itemfeed_object_set_int($0, "pixels-below-lines", 10) }
        for depth in 1...8 {
            tag("quote\(depth)") {
                itemfeed_object_set_int($0, "left-margin", Int32(18 * depth))
                itemfeed_object_set_int($0, "style", Int32(PANGO_STYLE_ITALIC.rawValue))
            }
            tag("list\(depth)") {
                itemfeed_object_set_int($0, "left-margin", Int32(22 * depth))
                itemfeed_object_set_int($0, "indent", -14)
                itemfeed_object_set_int($0, "pixels-below-lines", 4)
            }
        }
    }

    /// The tags of a block's text, before its runs' own.
    static func names(of block: ArticleBlock) -> [String] {
        var names: [String] = []
        switch block.kind {
        case let .heading(level): names += ["h\(min(max(level, 1), 6))", "block"]
        case .caption: names += ["caption", "block"]
        case .listItem: names.append("list\(min(max(block.listDepth, 1), 8))")
        default: names.append("block")
        }
        if block.quoteDepth > 0 { names.append("quote\(min(block.quoteDepth, 8))") }
        if block.isRightToLeft { names.append("rtl") }
        return names
    }

    static func names(of run: ArticleRun) -> [String] {
        var names: [String] = []
        if run.style.contains(.bold) { names.append("bold") }
        if run.style.contains(.italic) { names.append("italic") }
        if run.style.contains(.code) { names.append("code") }
        if run.style.contains(.lowered) { names.append("sub") }
        if run.style.contains(.raised) { names.append("sup") }
        if run.style.contains(.struck) { names.append("struck") }
        if run.style.contains(.underlined) { names.append("underlined") }
        if run.style.contains(.marked) { names.append("marked") }
        if run.link != nil { names.append("link") }
        return names
    }
}

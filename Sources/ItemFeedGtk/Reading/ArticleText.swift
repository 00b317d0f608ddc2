import CGtk
import CSourceView
import Foundation
import ItemFeed
import ItemFeedGLib

/// An article's text in a read-only GtkTextView: every block with its tags
/// (`ArticleTags`), each link a tag of its own that remembers its address,
/// pictures, tables, code and cards anchored where they stood (`Blocks/`),
/// as wide as the column, each picture loaded once it is scrolled near.
/// A page's text is filled into the one buffer, emptied first, a screenful
/// first and the rest a frame apart.
@MainActor
final class ArticleText {
    let textView: UnsafeMutablePointer<GtkWidget>
    /// The text shown, the view's own for every page.
    private let buffer: UnsafeMutablePointer<GtkTextBuffer>
    private let tags: OpaquePointer
    /// Each link's tag in the buffer shown, by the tag.
    private var links: [UnsafeMutablePointer<GtkTextTag>: URL] = [:]
    /// Bumped for each page, so the rest of a long one stops when another shows.
    private var generation = 0
    /// The page's pictures and their loads.
    private let pictures: ArticlePictures
    private var unanchored: [(UnsafeMutablePointer<GtkWidget>, UnsafeMutablePointer<GtkTextChildAnchor>)] = []
    /// The scrolled window the text moves in (`follow`).
    private var scrolled: UnsafeMutablePointer<GtkWidget>?
    private let openLink: (URL) -> Void
    /// Tables, code and cards: as wide as the column, which they scroll within.
    private var blockWidgets: [UnsafeMutablePointer<GtkWidget>] = []
    /// The code blocks' buffers, restyled when the desktop turns dark or light.
    private var codeBuffers: [UnsafeMutablePointer<GtkSourceBuffer>] = []
    /// The text's width: the window's, up to the reading column's.
    private(set) var columnWidth = ArticleView.imageWidth

    /// `keepPictures`: given the pictures of a page read a while that were never scrolled near.
    init(
        loadImage: ArticleView.LoadImage?, loadWholeImage: ArticleView.LoadImage? = nil, keepPictures: ArticleView.KeepPictures? = nil,
        openLink: @escaping (URL) -> Void
    ) {
        self.openLink = openLink
        textView = gtk_text_view_new()
        pictures = ArticlePictures(
            textView: textView, loadImage: loadImage, loadWholeImage: loadWholeImage, keep: keepPictures?.keep, keptAfter: keepPictures?.after ?? 0
        )
        gtk_text_view_set_editable(itemfeed_text_view(textView), 0)
        gtk_text_view_set_cursor_visible(itemfeed_text_view(textView), 0)
        gtk_text_view_set_wrap_mode(itemfeed_text_view(textView), GTK_WRAP_WORD_CHAR)
        gtk_text_view_set_pixels_below_lines(itemfeed_text_view(textView), 2)
        gtk_widget_add_css_class(textView, "article")
        Self.installRules
        itemfeed_accessible_set_label(itemfeed_accessible(textView), tr("Article"))
        buffer = gtk_text_view_get_buffer(itemfeed_text_view(textView))!
        ArticleTags.install(in: buffer)
        tags = gtk_text_buffer_get_tag_table(buffer)!
        let click = gtk_gesture_click_new()!
        Signal.connect(UnsafeMutableRawPointer(click), "released") { [weak self] (_: Int32, x: Double, y: Double) in
            if let url = self?.link(x: x, y: y) { openLink(url) }
        }
        gtk_widget_add_controller(textView, itemfeed_event_controller(UnsafeMutableRawPointer(click)))
        if let styles = adw_style_manager_get_default() {
            Signal.connect(UnsafeMutableRawPointer(styles), "notify::dark") { [weak self] (_: UnsafeMutableRawPointer) in self?.restyleCode() }
        }
    }

    /// The text's size (Ctrl+plus, Ctrl+minus, Ctrl+0): a style class of the
    /// text view, whose size its tables, code and cards inherit.
    func setTextSize(_ size: ArticleTextSize) {
        Self.installRules
        for other in ArticleTextSize.allCases { gtk_widget_remove_css_class(textView, Self.cssClass(other)) }
        gtk_widget_add_css_class(textView, Self.cssClass(size))
    }

    static func cssClass(_ size: ArticleTextSize) -> String { "text-size-\(size.percent)" }

    /// The sizes' rules, once for the display, and the pictures': a button
    /// that draws nothing around its picture, nor holds a place while it loads.
    private static let installRules: Void = {
        let css = ArticleTextSize.allCases.map { "textview.article.\(cssClass($0)) { font-size: \($0.percent)%; }" }.joined(separator: "\n")
            + "\nbutton.article-picture { padding: 0; min-width: 0; min-height: 0; background: none; box-shadow: none; }"
        let provider = gtk_css_provider_new()!
        gtk_css_provider_load_from_data(provider, css, -1)
        gtk_style_context_add_provider_for_display(gdk_display_get_default(), itemfeed_style_provider(UnsafeMutableRawPointer(provider)), guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
    }()

    private var isDark: Bool { adw_style_manager_get_dark(adw_style_manager_get_default()) != 0 }

    private func restyleCode() {
        let dark = isDark
        for buffer in codeBuffers { CodeBlock.style(buffer, dark: dark) }
    }

    /// Pictures load as `scrolled` brings them near; blocks follow its width.
    func follow(_ scrolled: UnsafeMutablePointer<GtkWidget>) {
        self.scrolled = scrolled
        pictures.follow(scrolled)
        guard let sideways = gtk_scrolled_window_get_hadjustment(itemfeed_scrolled_window(scrolled)) else { return }
        // GTK lays an anchored child out at its minimum size, so the blocks
        // are told the column's width, and follow it (only on a change:
        // the page size is set some twenty times as a window opens).
        Signal.connect(UnsafeMutableRawPointer(sideways), "notify::page-size") { [weak self] (_: UnsafeMutableRawPointer) in
            guard let self else { return }
            let page = gtk_adjustment_get_page_size(sideways)
            guard page > 0 else { return }
            let width = max(Self.narrowest, min(Int(page), ArticleView.columnWidth) - ArticleView.columnMargins)
            guard width != columnWidth else { return }
            columnWidth = width
            // Not while the window is being laid out: a size asked for then
            // leaves the column unallocated for the frame.
            MainContextTimer.whenIdle { [weak self] in self?.resizeBlocks() }
        }
    }

    /// The narrowest column the blocks are laid out for.
    static let narrowest = 120

    private func resizeBlocks() {
        for block in blockWidgets { gtk_widget_set_size_request(block, Int32(columnWidth), -1) }
        pictures.columnWidth = columnWidth
    }

    /// The article's blocks in a new buffer, shown once its first screenful is in.
    func show(_ blocks: [ArticleBlock]) {
        generation += 1
        pictures.reset()
        unanchored = []
        blockWidgets = []
        codeBuffers = []
        // The one buffer emptied and filled again: a new buffer for each
        // article crashed GTK 4.8's text layout (its display cache kept
        // lines of the buffer let go, with blocks anchored in them).
        var start = GtkTextIter(), end = GtkTextIter()
        gtk_text_buffer_get_bounds(buffer, &start, &end)
        gtk_text_buffer_delete(buffer, &start, &end)
        for tag in links.keys { gtk_text_tag_table_remove(tags, tag) }
        links = [:]
        let rest = fill(blocks, from: 0)
        anchorPictures()
        if rest < blocks.count { fillLater(blocks, from: rest, generation: generation) } else { pictures.pageMade() }
    }

    /// Inserts blocks from `start` until about a screenful of text is in
    /// (2,500 characters), or, after the first, 8,000; returns where it
    /// stopped. The text view stands in the page's column, so it lays out
    /// all the text it has before a frame is painted: a long article is
    /// shown at once and the rest added after each frame, a part small
    /// enough to keep the frames coming while the reader starts.
    private func fill(_ blocks: [ArticleBlock], from start: Int) -> Int {
        var index = start, characters = 0
        let limit = start == 0 ? Self.firstFill : Self.laterFill
        while index < blocks.count, characters < limit {
            if index > 0 { insert("\n", tags: []) }
            insert(blocks[index])
            characters += blocks[index].text.utf8.count + 1
            index += 1
        }
        return index
    }

    static let firstFill = 2_500
    static let laterFill = 8_000

    /// A frame apart (20 ms): a timeout at once runs ahead of GTK's drawing.
    private func fillLater(_ blocks: [ArticleBlock], from start: Int, generation: Int) {
        _ = MainContextTimer.schedule(0.02) { [weak self] in
            guard let self, self.generation == generation else { return }
            let rest = fill(blocks, from: start)
            anchorPictures()
            if rest < blocks.count { fillLater(blocks, from: rest, generation: generation) } else { pictures.pageMade() }
        }
    }

    private func insert(_ block: ArticleBlock) {
        let blockTags = ArticleTags.names(of: block)
        switch block.kind {
        case let .listItem(marker):
            insert(marker + " ", tags: blockTags)
        case .rule:
            insert("⸻", tags: blockTags + ["dim"])
            return
        case let .image(source, alternative, width, height):
            guard pictures.canShowPictures else {
                insert(PictureWords.line(alternative), tags: blockTags + ["dim", "italic"])
                return
            }
            anchor(pictures.make(source, alternative: alternative, width: width, height: height), tags: ["centred"])
            return
        case let .code(language):
            let code = CodeBlock.make(code: block.text, language: language, dark: isDark)
            codeBuffers.append(code.buffer)
            anchorBlock(code.block)
            return
        case let .table(table):
            anchorBlock(TableGrid.make(table, openLink: openLink))
            return
        case let .details(details):
            let disclosure = DetailsExpander.make(summary: block.runs, details: details, dark: isDark, openLink: openLink)
            codeBuffers += disclosure.codeBuffers
            anchorBlock(disclosure.expander)
            return
        case let .media(media):
            let card = MediaCard.make(media, openLink: openLink)
            anchorBlock(card.card)
            if let poster = card.poster, let source = media.poster, pictures.canShowPictures { pictures.addPoster(poster, source: source) }
            return
        default:
            break
        }
        for run in block.runs {
            let tags = blockTags + ArticleTags.names(of: run)
            if let link = run.link {
                let tag = gtk_text_tag_new(nil)!
                gtk_text_tag_table_add(gtk_text_buffer_get_tag_table(buffer), tag)
                links[tag] = link
                g_object_unref(UnsafeMutableRawPointer(tag))
                insert(run.text, tags: tags, extra: tag)
                continue
            }
            insert(run.text, tags: tags)
        }
    }

    /// A table, code or card: as wide as the column, a line of its own.
    private func anchorBlock(_ widget: UnsafeMutablePointer<GtkWidget>) {
        BlockScrolling.passVerticalScrolls(over: widget) { [weak self] in self?.scrolled }
        gtk_widget_set_size_request(widget, Int32(columnWidth), -1)
        gtk_widget_set_margin_top(widget, 4)
        gtk_widget_set_margin_bottom(widget, 8)
        blockWidgets.append(widget)
        anchor(widget)
    }

    /// Anchored once the part being filled is in (`anchorPictures`): a
    /// child is added to the view, at an anchor the fill has made.
    private func anchor(_ widget: UnsafeMutablePointer<GtkWidget>, tags: [String] = []) {
        var end = GtkTextIter()
        gtk_text_buffer_get_end_iter(buffer, &end)
        let offset = gtk_text_iter_get_offset(&end)
        guard let anchor = gtk_text_buffer_create_child_anchor(buffer, &end) else { return }
        unanchored.append((widget, anchor))
        var start = GtkTextIter()
        gtk_text_buffer_get_iter_at_offset(buffer, &start, offset)
        gtk_text_buffer_get_end_iter(buffer, &end)
        for name in tags { gtk_text_buffer_apply_tag_by_name(buffer, name, &start, &end) }
    }

    private func anchorPictures() {
        for (picture, anchor) in unanchored { gtk_text_view_add_child_at_anchor(itemfeed_text_view(textView), picture, anchor) }
        unanchored = []
        pictures.loadNearSoon()
    }

    private func insert(_ text: String, tags: [String], extra: UnsafeMutablePointer<GtkTextTag>? = nil) {
        var end = GtkTextIter()
        gtk_text_buffer_get_end_iter(buffer, &end)
        let offset = gtk_text_iter_get_offset(&end)
        gtk_text_buffer_insert(buffer, &end, text, -1)
        var start = GtkTextIter()
        gtk_text_buffer_get_iter_at_offset(buffer, &start, offset)
        gtk_text_buffer_get_end_iter(buffer, &end)
        for name in tags { gtk_text_buffer_apply_tag_by_name(buffer, name, &start, &end) }
        if let extra { gtk_text_buffer_apply_tag(buffer, extra, &start, &end) }
    }

    /// The link under a click (none after a drag that selected text).
    private func link(x: Double, y: Double) -> URL? {
        var start = GtkTextIter(), end = GtkTextIter()
        if gtk_text_buffer_get_selection_bounds(buffer, &start, &end) != 0 { return nil }
        var bufferX: Int32 = 0, bufferY: Int32 = 0
        gtk_text_view_window_to_buffer_coords(itemfeed_text_view(textView), GTK_TEXT_WINDOW_WIDGET, Int32(x), Int32(y), &bufferX, &bufferY)
        var iter = GtkTextIter()
        guard gtk_text_view_get_iter_at_location(itemfeed_text_view(textView), &iter, bufferX, bufferY) != 0 else { return nil }
        return link(at: &iter)
    }

    private func link(at iter: inout GtkTextIter) -> URL? {
        guard let tags = gtk_text_iter_get_tags(&iter) else { return nil }
        defer { g_slist_free(tags) }
        var node: UnsafeMutablePointer<GSList>? = tags
        while let current = node {
            if let tag = current.pointee.data, let url = links[tag.assumingMemoryBound(to: GtkTextTag.self)] { return url }
            node = current.pointee.next
        }
        return nil
    }

    /// What the tests read of the links, which no widget shows.
    var shownLinks: [URL] { Array(links.values) }
}

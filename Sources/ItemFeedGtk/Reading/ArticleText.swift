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
    private let loadImage: ArticleView.LoadImage?
    /// The loads of the page's images, stopped when another page shows.
    private var imageLoads: [ItemImageLoaderTask] = []
    /// The textures the page's pictures show, kept while it shows.
    private var pictures: [UnsafeMutablePointer<GtkWidget>: Thumbnail] = [:]
    /// The picture the reader opened whole, while its window is open.
    private(set) var viewer: PictureViewer?
    /// Where each picture's image came from, to load it again once near
    /// after it was let go far behind.
    private var pictureSources: [UnsafeMutablePointer<GtkWidget>: (source: URL, isPoster: Bool)] = [:]
    /// Pictures farther than this many screens from what shows give their
    /// texture back: a long article's twenty pictures held 25 MiB.
    static let keptScreens = 3.0
    /// Each picture's description, shown until its image is in.
    private var pictureCaptions: [UnsafeMutablePointer<GtkWidget>: UnsafeMutablePointer<GtkWidget>] = [:]
    private let loadWholeImage: ArticleView.LoadImage?
    private var unanchored: [(UnsafeMutablePointer<GtkWidget>, UnsafeMutablePointer<GtkTextChildAnchor>)] = []
    /// The page's pictures not loaded yet: loaded once scrolled within a
    /// screen of the view, so an article of fifty photos asks for the few
    /// its reader sees (as a browser's lazy images do).
    /// A card's poster keeps the card's size; an article's picture takes its own.
    private var waitingImages: [(picture: UnsafeMutablePointer<GtkWidget>, source: URL, isPoster: Bool)] = []
    /// The scrolled window the text moves in (`follow`).
    private var scrolled: UnsafeMutablePointer<GtkWidget>?
    private let openLink: (URL) -> Void
    /// Tables, code and cards: as wide as the column, which they scroll within.
    private var blockWidgets: [UnsafeMutablePointer<GtkWidget>] = []
    /// Pictures with their size in logical pixels, drawn at most the column's width.
    private var sizedPictures: [UnsafeMutablePointer<GtkWidget>: (width: Int, height: Int)] = [:]
    /// The code blocks' buffers, restyled when the desktop turns dark or light.
    private var codeBuffers: [UnsafeMutablePointer<GtkSourceBuffer>] = []
    /// The text's width: the window's, up to the reading column's.
    private(set) var columnWidth = ArticleView.imageWidth

    init(loadImage: ArticleView.LoadImage?, loadWholeImage: ArticleView.LoadImage? = nil, openLink: @escaping (URL) -> Void) {
        self.loadImage = loadImage
        self.loadWholeImage = loadWholeImage ?? loadImage
        self.openLink = openLink
        textView = gtk_text_view_new()
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
        // On a narrow window the article is a page shown after the list's.
        Signal.connect(UnsafeMutableRawPointer(textView), "map") { [weak self] in self?.loadImagesNearSoon() }
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

    /// Images load as `scrolled` brings them near: its adjustment moves, or
    /// the text's height changes as it is laid out.
    func follow(_ scrolled: UnsafeMutablePointer<GtkWidget>) {
        self.scrolled = scrolled
        guard let adjustment = gtk_scrolled_window_get_vadjustment(itemfeed_scrolled_window(scrolled)).map(UnsafeMutableRawPointer.init) else { return }
        Signal.connect(adjustment, "value-changed") { [weak self] in self?.loadImagesNearSoon() }
        Signal.connect(adjustment, "changed") { [weak self] in self?.loadImagesNearSoon() }
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
        for (picture, sized) in sizedPictures { size(picture, width: sized.width, height: sized.height) }
    }

    /// A picture at its logical size, or the column's width in its shape.
    private func size(_ picture: UnsafeMutablePointer<GtkWidget>, width: Int, height: Int) {
        let drawn = min(width, columnWidth)
        gtk_widget_set_size_request(picture, Int32(drawn), Int32(width > 0 ? height * drawn / width : 0))
    }

    /// The article's blocks in a new buffer, shown once its first screenful is in.
    func show(_ blocks: [ArticleBlock]) {
        generation += 1
        imageLoads.forEach { $0.cancel() }
        imageLoads = []
        pictures = [:]
        pictureCaptions = [:]
        pictureSources = [:]
        unanchored = []
        waitingImages = []
        blockWidgets = []
        sizedPictures = [:]
        codeBuffers = []
        placementChecksLeft = 20
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
        if rest < blocks.count { fillLater(blocks, from: rest, generation: generation) }
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
            if rest < blocks.count { fillLater(blocks, from: rest, generation: generation) }
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
            guard loadImage != nil else {
                insert(PictureWords.line(alternative), tags: blockTags + ["dim", "italic"])
                return
            }
            insertImage(source, alternative: alternative, width: width, height: height)
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
            if let poster = card.poster, let source = media.poster, loadImage != nil { waitingImages.append((poster, source, true)) }
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

    /// An image where it stands: a picture anchored in the text, named by
    /// its description for screen readers, loaded once scrolled near and
    /// drawn at most the column's width; a button that opens it whole.
    private func insertImage(_ source: URL, alternative: String, width: Int, height: Int) {
        guard loadImage != nil else { return }
        let picture = gtk_picture_new()!
        // Its description stands where it will be while it loads, and stays if it cannot be.
        let name = PictureWords.name(alternative)
        let caption = gtk_label_new(name)!
        gtk_label_set_wrap(itemfeed_label(caption), 1)
        gtk_widget_add_css_class(caption, "dim-label")
        gtk_widget_set_valign(caption, GTK_ALIGN_CENTER)
        itemfeed_accessible_set_hidden(itemfeed_accessible(caption), 1)
        let overlay = gtk_overlay_new()!
        gtk_overlay_set_child(itemfeed_overlay(overlay), picture)
        gtk_overlay_add_overlay(itemfeed_overlay(overlay), caption)
        pictureCaptions[picture] = caption
        let button = gtk_button_new()!
        gtk_widget_set_focus_on_click(button, 0)
        gtk_button_set_child(itemfeed_button(button), overlay)
        gtk_widget_add_css_class(button, "article-picture")
        gtk_widget_set_halign(button, GTK_ALIGN_START)
        gtk_widget_set_tooltip_text(button, tr("Open the Picture Whole"))
        Signal.connect(UnsafeMutableRawPointer(button), "clicked") { [weak self] in
            self?.openWhole(picture, source: source, alternative: alternative)
        }
        gtk_picture_set_can_shrink(itemfeed_picture(picture), 1)
        gtk_picture_set_alternative_text(itemfeed_picture(picture), alternative.isEmpty ? nil : alternative)
        itemfeed_accessible_set_label(itemfeed_accessible(picture), name)
        itemfeed_accessible_set_label(itemfeed_accessible(button), name)
        // The size the page gives holds its place while it loads.
        if width > 0, height > 0 {
            sizedPictures[picture] = (width, height)
            size(picture, width: width, height: height)
        } else {
            gtk_widget_set_size_request(picture, 1, 1)
        }
        anchor(button, tags: ["centred"])
        waitingImages.append((picture, source, false))
    }

    /// A picture that could not be loaded or decoded: its description in
    /// its place, the room kept for it given back, nothing to open.
    private func cannotShow(_ picture: UnsafeMutablePointer<GtkWidget>) {
        guard let caption = pictureCaptions[picture], let overlay = gtk_widget_get_parent(picture) else { return }
        sizedPictures[picture] = nil
        gtk_widget_set_size_request(picture, -1, -1)
        gtk_overlay_set_measure_overlay(itemfeed_overlay(overlay), caption, 1)
        if let button = gtk_widget_get_parent(overlay) {
            gtk_widget_set_sensitive(button, 0)
            gtk_widget_set_tooltip_text(button, nil)
        }
    }

    private func openWhole(_ picture: UnsafeMutablePointer<GtkWidget>, source: URL, alternative: String) {
        guard let loadWholeImage else { return }
        let viewer = PictureViewer(source: source, alternative: alternative, shown: pictures[picture], parent: textView, load: loadWholeImage)
        Signal.connect(UnsafeMutableRawPointer(viewer.window), "destroy") { [weak self, weak viewer] in
            if self?.viewer === viewer { self?.viewer = nil }
        }
        self.viewer = viewer
        viewer.present()
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

    /// Once the text view has laid out what it was given: until then, it
    /// places the pictures of lines it has not laid out at its top (a
    /// picture 300 paragraphs down was loaded with the first).
    private func loadImagesNearSoon() {
        guard !isImageCheckScheduled, !waitingImages.isEmpty || !pictures.isEmpty else { return }
        isImageCheckScheduled = true
        // After the next frame, once its layout has placed the pictures
        // where the scroll put them: read before it, idle, they stood where
        // they were (scrolled back up, a picture 13,000 pixels away then
        // was never loaded again).
        guard let clock = gtk_widget_get_frame_clock(textView) else {
            MainContextTimer.whenIdle { [weak self] in
                self?.isImageCheckScheduled = false
                self?.loadImagesNear()
            }
            return
        }
        let once = OneFrame()
        once.handler = Signal.connect(UnsafeMutableRawPointer(clock), "after-paint") { [weak self] in
            g_signal_handler_disconnect(UnsafeMutableRawPointer(clock), once.handler)
            self?.isImageCheckScheduled = false
            self?.loadImagesNear()
        }
        gtk_widget_queue_draw(textView)
    }

    private var isImageCheckScheduled = false
    /// A frame clock's handler that lets itself go after one frame.
    @MainActor private final class OneFrame { var handler: gulong = 0 }
    /// Checks left before pictures not placed yet are given up on.
    private var placementChecksLeft = 0

    /// Starts the waiting images that stand within a screen of what the
    /// scrolled window shows; the others wait for the next move. Mapped but
    /// not yet laid out (the page just shown), it looks again a frame later.
    private func loadImagesNear() {
        guard let scrolled, let loadImage, gtk_widget_get_mapped(textView) != 0 else { return }
        let height = Double(gtk_widget_get_height(scrolled))
        var unplaced = height <= 0
        let generation = generation
        if height > 0 { letGoFarPictures(in: scrolled, height: height) }
        waitingImages.removeAll { waiting in
            guard height > 0, let top = self.top(of: waiting.picture, in: scrolled) else {
                unplaced = true
                return false
            }
            guard top > -height, top < height * 2 else { return false }
            let (picture, isPoster) = (waiting.picture, waiting.isPoster)
            pictureSources[picture] = (waiting.source, isPoster)
            imageLoads.append(loadImage(waiting.source) { [weak self] image in
                guard let self, self.generation == generation else { return }
                guard let image else { return cannotShow(picture) }
                if let caption = pictureCaptions[picture] { gtk_widget_set_visible(caption, 0) }
                if !isPoster {
                    // Decoded at the screen's scale: drawn at its logical size, at most the column's.
                    let scale = max(1, Int(gtk_widget_get_scale_factor(picture)))
                    let (width, height) = (image.pixelWidth / scale, image.pixelHeight / scale)
                    sizedPictures[picture] = (width, height)
                    size(picture, width: width, height: height)
                }
                gtk_picture_set_paintable(itemfeed_picture(picture), itemfeed_paintable(UnsafeMutableRawPointer(image.texture)))
                pictures[picture] = image
            })
            return true
        }
        if unplaced, placementChecksLeft > 0 {
            placementChecksLeft -= 1
            _ = MainContextTimer.schedule(0.05) { [weak self] in
                guard let self, self.generation == generation else { return }
                loadImagesNearSoon()
            }
        }
    }

    /// The pictures more than `keptScreens` away let their texture go and
    /// wait to be near again (their place kept, their bytes on disk).
    private func letGoFarPictures(in scrolled: UnsafeMutablePointer<GtkWidget>, height: Double) {
        for picture in Array(pictures.keys) {
            guard let top = top(of: picture, in: scrolled), top < -height * Self.keptScreens || top > height * (Self.keptScreens + 1),
                  let origin = pictureSources[picture] else { continue }
            gtk_picture_set_paintable(itemfeed_picture(picture), nil)
            pictures[picture] = nil
            waitingImages.append((picture, origin.source, origin.isPoster))
        }
    }

    /// Where a picture stands, in the scrolled window's coordinates; nil
    /// until the text view has placed it.
    private func top(of picture: UnsafeMutablePointer<GtkWidget>, in scrolled: UnsafeMutablePointer<GtkWidget>) -> Double? {
        guard gtk_widget_get_width(picture) > 0 else { return nil }
        var x = 0.0, y = 0.0
        guard gtk_widget_translate_coordinates(picture, scrolled, 0, 0, &x, &y) != 0 else { return nil }
        return y
    }

    private func anchorPictures() {
        for (picture, anchor) in unanchored { gtk_text_view_add_child_at_anchor(itemfeed_text_view(textView), picture, anchor) }
        unanchored = []
        loadImagesNearSoon()
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

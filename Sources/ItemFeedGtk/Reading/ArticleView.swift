import CGtk
import Foundation
import ItemFeed
import ItemFeedUI

/// The article pane (SPEC 13): the feed's name, the title as a heading,
/// the byline, then the article as native formatted text in a read-only
/// GtkTextView (selectable, copyable, read by screen readers as text),
/// width clamped for reading; its links open through `openLink` (the
/// portal). Its header bar has Open in Browser, Star, Mark Unread and
/// Copy Link. With no item open, a page says how to open one.
@MainActor
public final class ArticleView {
    public let root: UnsafeMutablePointer<GtkWidget>
    let headerBar: UnsafeMutablePointer<GtkWidget>
    private let stack: UnsafeMutablePointer<GtkWidget>
    private let scrolled: UnsafeMutablePointer<GtkWidget>
    private let feedLabel: UnsafeMutablePointer<GtkWidget>
    private let titleLabel: UnsafeMutablePointer<GtkWidget>
    private let bylineLabel: UnsafeMutablePointer<GtkWidget>
    /// Play (a podcast's or a video's file), with how long and how big.
    private let playButton: UnsafeMutablePointer<GtkWidget>
    private var playing: URL?
    let textView: UnsafeMutablePointer<GtkWidget>
    /// The text shown; a new one, on the same tags, for each page.
    private var buffer: UnsafeMutablePointer<GtkTextBuffer>
    private let tags: OpaquePointer
    private let starButton: UnsafeMutablePointer<GtkWidget>
    private let actionButtons: [UnsafeMutablePointer<GtkWidget>]
    /// Each link's tag in the buffer shown, by the tag.
    private var links: [UnsafeMutablePointer<GtkTextTag>: URL] = [:]
    /// Bumped for each page, so the rest of a long one stops when another shows.
    private var generation = 0
    private let reader: ReadingController<Thumbnail>
    private let openLink: (URL) -> Void
    /// Loads an article's image (the thumbnails' libcurl, gdk-pixbuf and
    /// caps, at the column's size); `nil`: images show as their description.
    public typealias LoadImage = (URL, @escaping (Thumbnail?) -> Void) -> ItemImageLoaderTask
    private let loadImage: LoadImage?
    /// The loads of the page's images, stopped when another page shows.
    private var imageLoads: [ItemImageLoaderTask] = []
    /// The widest an image is drawn: the column's width.
    public static let imageWidth = 680
    private var keys: WidgetActions?
    /// The Back button's place: shown while the pane takes the window.
    public let backButton: UnsafeMutablePointer<GtkWidget>

    public init(reader: ReadingController<Thumbnail>, loadImage: LoadImage? = nil, openLink: @escaping (URL) -> Void) {
        self.reader = reader
        self.openLink = openLink
        self.loadImage = loadImage
        headerBar = adw_header_bar_new()
        // No title: the article's own heading is below (an empty title was
        // read as "GtkLabel").
        adw_header_bar_set_title_widget(itemfeed_adw_header_bar(headerBar), gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0))
        func button(_ icon: String, _ name: String, tooltip: String? = nil, _ action: @escaping @MainActor () -> Void) -> UnsafeMutablePointer<GtkWidget> {
            let button = gtk_button_new_from_icon_name(icon)!
            gtk_widget_set_tooltip_text(button, tooltip ?? name)
            itemfeed_accessible_set_label(itemfeed_accessible(button), name)
            Signal.connect(UnsafeMutableRawPointer(button), "clicked") { action() }
            return button
        }
        let browser = button("web-browser-symbolic", tr("Open in Browser"), tooltip: tr("Open in Browser (Ctrl+Enter)")) { [weak reader] in reader?.openInBrowser() }
        starButton = button("non-starred-symbolic", tr("Star")) { [weak reader] in reader?.toggleStarred() }
        let unread = button("mail-unread-symbolic", tr("Mark as Unread")) { [weak reader] in reader?.markUnread() }
        let copy = button("edit-copy-symbolic", tr("Copy Link")) { [weak reader] in reader?.copyLink() }
        actionButtons = [browser, starButton, unread, copy]
        backButton = gtk_button_new_from_icon_name("go-previous-symbolic")
        gtk_widget_set_tooltip_text(backButton, tr("Back to the List (Escape)"))
        itemfeed_accessible_set_label(itemfeed_accessible(backButton), tr("Back to the list"))
        adw_header_bar_pack_start(itemfeed_adw_header_bar(headerBar), backButton)
        for part in actionButtons.reversed() { adw_header_bar_pack_end(itemfeed_adw_header_bar(headerBar), part) }

        feedLabel = gtk_label_new(nil)
        gtk_widget_add_css_class(feedLabel, "dim-label")
        gtk_widget_add_css_class(feedLabel, "caption-heading")
        titleLabel = itemfeed_label_new_with_role(GTK_ACCESSIBLE_ROLE_HEADING)
        gtk_widget_add_css_class(titleLabel, "title-1")
        bylineLabel = gtk_label_new(nil)
        gtk_widget_add_css_class(bylineLabel, "dim-label")
        for label in [feedLabel, titleLabel, bylineLabel] {
            gtk_label_set_xalign(itemfeed_label(label), 0)
            gtk_label_set_wrap(itemfeed_label(label), 1)
            gtk_label_set_wrap_mode(itemfeed_label(label), PANGO_WRAP_WORD_CHAR)
            gtk_label_set_selectable(itemfeed_label(label), 1)
        }
        textView = gtk_text_view_new()
        gtk_text_view_set_editable(itemfeed_text_view(textView), 0)
        gtk_text_view_set_cursor_visible(itemfeed_text_view(textView), 0)
        gtk_text_view_set_wrap_mode(itemfeed_text_view(textView), GTK_WRAP_WORD_CHAR)
        gtk_text_view_set_pixels_below_lines(itemfeed_text_view(textView), 2)
        gtk_widget_add_css_class(textView, "article")
        itemfeed_accessible_set_label(itemfeed_accessible(textView), tr("Article"))
        buffer = gtk_text_view_get_buffer(itemfeed_text_view(textView))!
        ArticleTags.install(in: buffer)
        tags = gtk_text_buffer_get_tag_table(buffer)!

        let column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)!
        gtk_widget_set_margin_top(column, 24)
        gtk_widget_set_margin_bottom(column, 36)
        gtk_widget_set_margin_start(column, 18)
        gtk_widget_set_margin_end(column, 18)
        playButton = gtk_button_new()
        gtk_widget_add_css_class(playButton, "pill")
        gtk_widget_set_halign(playButton, GTK_ALIGN_START)
        gtk_widget_set_margin_top(playButton, 6)
        for part in [feedLabel, titleLabel, bylineLabel, playButton] { gtk_box_append(itemfeed_box(column), part) }
        gtk_widget_set_margin_top(textView, 12)
        gtk_box_append(itemfeed_box(column), textView)
        let clamp = adw_clamp_new()!
        adw_clamp_set_maximum_size(itemfeed_adw_clamp(clamp), 720)
        adw_clamp_set_child(itemfeed_adw_clamp(clamp), column)
        scrolled = gtk_scrolled_window_new()
        gtk_scrolled_window_set_policy(itemfeed_scrolled_window(scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(itemfeed_scrolled_window(scrolled), clamp)

        let empty = adw_status_page_new()!
        adw_status_page_set_icon_name(itemfeed_adw_status_page(empty), "view-reveal-symbolic")
        adw_status_page_set_title(itemfeed_adw_status_page(empty), tr("No Item Open"))
        adw_status_page_set_description(itemfeed_adw_status_page(empty), tr("Choose an item in the list, or press Enter on it, to read it here."))
        stack = gtk_stack_new()
        gtk_stack_add_titled(itemfeed_stack(stack), empty, "empty", tr("No Item Open"))
        gtk_stack_add_titled(itemfeed_stack(stack), scrolled, "article", tr("Article"))
        gtk_widget_set_vexpand(stack, 1)
        gtk_widget_set_hexpand(stack, 1)

        root = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
        g_object_ref_sink(UnsafeMutableRawPointer(root))
        gtk_widget_add_css_class(root, "article-pane")
        gtk_box_append(itemfeed_box(root), headerBar)
        gtk_box_append(itemfeed_box(root), stack)
        gtk_widget_set_size_request(root, 360, -1)

        let click = gtk_gesture_click_new()!
        Signal.connect(UnsafeMutableRawPointer(click), "released") { [weak self] (_: Int32, x: Double, y: Double) in
            self?.clicked(x: x, y: y)
        }
        gtk_widget_add_controller(textView, itemfeed_event_controller(UnsafeMutableRawPointer(click)))
        Signal.connect(UnsafeMutableRawPointer(playButton), "clicked") { [weak self] in
            if let url = self?.playing { openLink(url) }
        }
        reader.pageChanged = { [weak self] page in self?.show(page) }
        show(reader.page)
    }

    isolated deinit {
        g_object_unref(UnsafeMutableRawPointer(root))
    }

    /// Draws the page: every block's text with its tags, links as tags of
    /// their own that remember where they go.
    public func show(_ page: ReadingController<Thumbnail>.Page?) {
        // A new buffer on the same tags, filled before the view shows it.
        generation += 1
        imageLoads.forEach { $0.cancel() }
        imageLoads = []
        pictures = []
        let filling = gtk_text_buffer_new(tags)!
        for tag in links.keys { gtk_text_tag_table_remove(tags, tag) }
        links = [:]
        buffer = filling
        for part in actionButtons { gtk_widget_set_sensitive(part, page == nil ? 0 : 1) }
        guard let page else {
            gtk_stack_set_visible_child_name(itemfeed_stack(stack), "empty")
            return
        }
        gtk_widget_set_sensitive(actionButtons[0], page.item.hasLink ? 1 : 0)
        gtk_widget_set_sensitive(actionButtons[3], page.item.hasLink ? 1 : 0)
        gtk_button_set_icon_name(itemfeed_button(starButton), page.isStarred ? "starred-symbolic" : "non-starred-symbolic")
        gtk_widget_set_tooltip_text(starButton, page.isStarred ? tr("Unstar") : tr("Star"))
        itemfeed_accessible_set_label(itemfeed_accessible(starButton), page.isStarred ? tr("Unstar") : tr("Star"))
        gtk_widget_set_sensitive(actionButtons[2], page.isRead ? 1 : 0)
        gtk_label_set_text(itemfeed_label(feedLabel), page.feed ?? "")
        gtk_widget_set_visible(feedLabel, page.feed == nil ? 0 : 1)
        gtk_label_set_text(itemfeed_label(titleLabel), page.item.name)
        gtk_label_set_text(itemfeed_label(bylineLabel), page.byline)
        gtk_widget_set_visible(bylineLabel, page.byline.isEmpty ? 0 : 1)
        showPlay(page.enclosure)
        unanchored = []
        let rest = fill(page.article.blocks, from: 0)
        gtk_text_view_set_buffer(itemfeed_text_view(textView), filling)
        g_object_unref(UnsafeMutableRawPointer(filling))
        anchorPictures()
        if rest < page.article.blocks.count { fillLater(page.article.blocks, from: rest, generation: generation) }
        gtk_stack_set_visible_child_name(itemfeed_stack(stack), "article")
        let adjustment = gtk_scrolled_window_get_vadjustment(itemfeed_scrolled_window(scrolled))
        gtk_adjustment_set_value(adjustment, 0)
    }

    /// "Play · 42 min · 38 MB": opened with the desktop's player through
    /// the portal; another file ("Open the Attachment") with what opens it.
    private func showPlay(_ enclosure: Enclosure?) {
        playing = enclosure?.url
        gtk_widget_set_visible(playButton, enclosure == nil ? 0 : 1)
        guard let enclosure else { return }
        var parts = [enclosure.isPlayable ? tr("Play") : tr("Open the Attachment")]
        if let duration = enclosure.duration {
            parts.append(Duration.seconds(duration).formatted(.units(allowed: [.hours, .minutes], width: .abbreviated)))
        }
        if let length = enclosure.length { parts.append(ByteCountFormatter.string(fromByteCount: Int64(length), countStyle: .file)) }
        gtk_button_set_label(itemfeed_button(playButton), parts.joined(separator: " · "))
    }

    var shownPlayLabel: String? {
        gtk_widget_get_visible(playButton) == 0 ? nil : gtk_button_get_label(itemfeed_button(playButton)).map { String(cString: $0) }
    }

    /// Inserts blocks from `start` until about a screenful of text is in
    /// (16 KB); returns where it stopped. A long article is shown at once
    /// and the rest added after each frame: GTK 4.8 shaped the whole of a
    /// 200 KB article before painting its first lines (250–470 ms).
    private func fill(_ blocks: [ArticleBlock], from start: Int) -> Int {
        var index = start, characters = 0
        while index < blocks.count, characters < 16_000 {
            if index > 0 { insert("\n", tags: []) }
            insert(blocks[index])
            characters += blocks[index].text.utf8.count + 1
            index += 1
        }
        return index
    }

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
        case let .image(source, alternative):
            guard loadImage != nil else {
                insert(alternative.isEmpty ? tr("Image") : tr("Image: {description}", ["description": alternative]), tags: blockTags + ["dim", "italic"])
                return
            }
            insertImage(source, alternative: alternative)
            return
        default:
            break
        }
        for run in block.runs {
            var tags = blockTags + ArticleTags.names(of: run)
            if let link = run.link {
                let tag = gtk_text_tag_new(nil)!
                gtk_text_tag_table_add(gtk_text_buffer_get_tag_table(buffer), tag)
                links[tag] = link
                g_object_unref(UnsafeMutableRawPointer(tag))
                insert(run.text, tags: tags, extra: tag)
                continue
            }
            if block.kind == .preformatted { tags.removeAll { $0 == "code" } }
            insert(run.text, tags: tags)
        }
    }

    /// An image where it stands: a picture anchored in the text, named by
    /// its description for screen readers, loaded once it is mapped and
    /// drawn at most the column's width.
    private func insertImage(_ source: URL, alternative: String) {
        guard let loadImage else { return }
        var end = GtkTextIter()
        gtk_text_buffer_get_end_iter(buffer, &end)
        guard let anchor = gtk_text_buffer_create_child_anchor(buffer, &end) else { return }
        let picture = gtk_picture_new()!
        gtk_picture_set_can_shrink(itemfeed_picture(picture), 1)
        gtk_picture_set_alternative_text(itemfeed_picture(picture), alternative.isEmpty ? nil : alternative)
        itemfeed_accessible_set_label(itemfeed_accessible(picture), alternative.isEmpty ? tr("Image") : alternative)
        gtk_widget_set_size_request(picture, 1, 1)
        // Anchored once the view shows this buffer: a child belongs to a
        // view, and the buffer is filled before the view has it.
        unanchored.append((picture, anchor))
        let generation = generation
        var started = false
        Signal.connect(UnsafeMutableRawPointer(picture), "map") { [weak self] in
            guard let self, !started, self.generation == generation else { return }
            started = true
            imageLoads.append(loadImage(source) { [weak self] image in
                guard let self, self.generation == generation, let image else { return }
                let width = min(image.pixelWidth, Self.imageWidth)
                let height = image.pixelWidth > 0 ? image.pixelHeight * width / image.pixelWidth : 0
                gtk_widget_set_size_request(picture, Int32(width), Int32(height))
                gtk_picture_set_paintable(itemfeed_picture(picture), itemfeed_paintable(UnsafeMutableRawPointer(image.texture)))
                pictures.append(image)
            })
        }
    }

    /// The textures the page's pictures show, kept while it shows.
    private var pictures: [Thumbnail] = []
    private var unanchored: [(UnsafeMutablePointer<GtkWidget>, UnsafeMutablePointer<GtkTextChildAnchor>)] = []

    private func anchorPictures() {
        for (picture, anchor) in unanchored { gtk_text_view_add_child_at_anchor(itemfeed_text_view(textView), picture, anchor) }
        unanchored = []
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

    /// A click on a link opens it (a drag that selected text does not).
    private func clicked(x: Double, y: Double) {
        var start = GtkTextIter(), end = GtkTextIter()
        if gtk_text_buffer_get_selection_bounds(buffer, &start, &end) != 0 { return }
        var bufferX: Int32 = 0, bufferY: Int32 = 0
        gtk_text_view_window_to_buffer_coords(itemfeed_text_view(textView), GTK_TEXT_WINDOW_WIDGET, Int32(x), Int32(y), &bufferX, &bufferY)
        var iter = GtkTextIter()
        guard gtk_text_view_get_iter_at_location(itemfeed_text_view(textView), &iter, bufferX, bufferY) != 0,
              let url = link(at: &iter) else { return }
        openLink(url)
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

    /// The reading keys, while the focus is anywhere in `widget` (the list
    /// and the pane): j or n the next item, k or p the previous, Escape
    /// back to the list, Ctrl+Enter the browser; Space in the pane pages
    /// down, then moves on. Typing in the search entry keeps its letters.
    public func addKeys(to widget: UnsafeMutablePointer<GtkWidget>, back: @escaping @MainActor () -> Void) {
        let keys = WidgetActions(on: widget, prefix: "reading")
        keys.add("next", keys: "j|n") { [weak reader] in reader?.next() }
        keys.add("previous", keys: "k|p") { [weak reader] in reader?.previous() }
        keys.add("back", keys: "Escape", back)
        keys.add("open-in-browser", keys: "<Control>Return|<Control>KP_Enter") { [weak reader] in reader?.openInBrowser() }
        Signal.connect(UnsafeMutableRawPointer(backButton), "clicked") { back() }
        let space = WidgetActions(on: root, prefix: "article")
        space.add("page-down", keys: "space") { [weak self] in self?.pageDown() }
        self.keys = keys
        pageKeys = space
    }

    private var pageKeys: WidgetActions?

    /// Space: a page down while there is more of the article, then the next item.
    func pageDown() {
        let adjustment = gtk_scrolled_window_get_vadjustment(itemfeed_scrolled_window(scrolled))
        let value = gtk_adjustment_get_value(adjustment), page = gtk_adjustment_get_page_size(adjustment)
        if value + page < gtk_adjustment_get_upper(adjustment) - 1 {
            gtk_adjustment_set_value(adjustment, min(value + page * 0.9, gtk_adjustment_get_upper(adjustment) - page))
        } else {
            reader.next()
        }
    }

    // MARK: For the tests

    var shownText: String {
        var start = GtkTextIter(), end = GtkTextIter()
        gtk_text_buffer_get_bounds(buffer, &start, &end)
        return String(cString: gtk_text_buffer_get_text(buffer, &start, &end, 0))
    }

    var shownTitle: String { String(cString: gtk_label_get_text(itemfeed_label(titleLabel))) }
    var isShowingArticle: Bool { String(cString: gtk_stack_get_visible_child_name(itemfeed_stack(stack))) == "article" }
    var shownLinks: [URL] { Array(links.values) }
    var shownImageCount: Int { pictures.count }
}

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
    let text: ArticleText
    private let starButton: UnsafeMutablePointer<GtkWidget>
    /// Open in Browser, Star, Mark as Unread, Copy Link, in that order.
    private let actionButtons: [UnsafeMutablePointer<GtkWidget>]
    /// The buttons a link-less item cannot use.
    private let itemLinkButtons: [UnsafeMutablePointer<GtkWidget>]
    private let unreadButton: UnsafeMutablePointer<GtkWidget>
    /// Full Article: the page's article in place of the feed's text.
    private let fullArticleButton: UnsafeMutablePointer<GtkWidget>
    private var updatingToggle = false
    /// Under the byline: fetching (a spinner), the offer, or why there is none.
    private let fullArticleNote: UnsafeMutablePointer<GtkWidget>
    private let fullArticleSpinner: UnsafeMutablePointer<GtkWidget>
    private let fullArticleLabel: UnsafeMutablePointer<GtkWidget>
    private let showFullArticleButton: UnsafeMutablePointer<GtkWidget>
    /// The article's links after it, as named buttons.
    private let linkList: ArticleLinkList
    private let reader: ReadingController<Thumbnail>
    private let openLink: (URL) -> Void
    /// Loads an article's image (the thumbnails' libcurl, gdk-pixbuf and
    /// caps, at the column's size); `nil`: images show as their description.
    public typealias LoadImage = (URL, @escaping (Thumbnail?) -> Void) -> ItemImageLoaderTask
    /// The widest an image is drawn: the column's width.
    public static let imageWidth = 680
    /// The reading column, with its margins on either side.
    static let columnWidth = 720
    static let columnMargins = 36
    private var keys: [WidgetActions] = []
    /// The Back button's place: shown while the pane takes the window.
    public let backButton: UnsafeMutablePointer<GtkWidget>

    /// Ctrl+plus, Ctrl+minus and Ctrl+0 (a feed opened by address has none: it keeps no settings).
    private let textSize: ArticleTextSizeController?

    /// `loadWholeImage`: a picture decoded whole, for the window a click
    /// opens (the column's copy when `nil`).
    public init(
        reader: ReadingController<Thumbnail>, loadImage: LoadImage? = nil, loadWholeImage: LoadImage? = nil, keepPictures: KeepPictures? = nil,
        textSize: ArticleTextSizeController? = nil, openLink: @escaping (URL) -> Void
    ) {
        self.reader = reader
        self.textSize = textSize
        self.openLink = openLink
        text = ArticleText(loadImage: loadImage, loadWholeImage: loadWholeImage, keepPictures: keepPictures, openLink: openLink)
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
        fullArticleButton = gtk_toggle_button_new()
        gtk_button_set_icon_name(itemfeed_button(fullArticleButton), "view-paged-symbolic")
        gtk_widget_set_tooltip_text(fullArticleButton, tr("Full Article (F)"))
        itemfeed_accessible_set_label(itemfeed_accessible(fullArticleButton), tr("Full Article"))
        actionButtons = [fullArticleButton, browser, starButton, unread, copy]
        itemLinkButtons = [fullArticleButton, browser, copy]
        unreadButton = unread
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

        let column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)!
        DocumentFont.apply(to: column)
        gtk_widget_set_margin_top(column, 24)
        gtk_widget_set_margin_bottom(column, 36)
        gtk_widget_set_margin_start(column, 18)
        gtk_widget_set_margin_end(column, 18)
        playButton = gtk_button_new()
        gtk_widget_add_css_class(playButton, "pill")
        gtk_widget_set_halign(playButton, GTK_ALIGN_START)
        gtk_widget_set_margin_top(playButton, 6)
        fullArticleSpinner = gtk_spinner_new()
        itemfeed_accessible_set_label(itemfeed_accessible(fullArticleSpinner), tr("Fetching the full article"))
        fullArticleLabel = gtk_label_new(nil)
        gtk_label_set_wrap(itemfeed_label(fullArticleLabel), 1)
        gtk_label_set_xalign(itemfeed_label(fullArticleLabel), 0)
        gtk_widget_add_css_class(fullArticleLabel, "dim-label")
        showFullArticleButton = gtk_button_new_with_label(tr("Show Full Article"))
        gtk_widget_add_css_class(showFullArticleButton, "pill")
        fullArticleNote = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)
        gtk_widget_set_margin_top(fullArticleNote, 6)
        for part in [fullArticleSpinner, fullArticleLabel, showFullArticleButton] { gtk_box_append(itemfeed_box(fullArticleNote), part) }
        gtk_widget_set_visible(fullArticleNote, 0)
        for part in [feedLabel, titleLabel, bylineLabel, fullArticleNote, playButton] { gtk_box_append(itemfeed_box(column), part) }
        gtk_widget_set_margin_top(text.textView, 12)
        gtk_box_append(itemfeed_box(column), text.textView)
        linkList = ArticleLinkList(openLink: openLink)
        gtk_box_append(itemfeed_box(column), linkList.widget)
        let clamp = adw_clamp_new()!
        adw_clamp_set_maximum_size(itemfeed_adw_clamp(clamp), Int32(Self.columnWidth))
        adw_clamp_set_child(itemfeed_adw_clamp(clamp), column)
        scrolled = gtk_scrolled_window_new()
        // External: the article's blocks follow the window's width (they
        // scroll within themselves), so none may widen the window.
        gtk_scrolled_window_set_policy(itemfeed_scrolled_window(scrolled), GTK_POLICY_EXTERNAL, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(itemfeed_scrolled_window(scrolled), clamp)
        FocusScrolling.follow(in: scrolled, content: clamp)
        text.follow(scrolled)
        if let textSize {
            text.setTextSize(textSize.size)
            textSize.changed = { [weak text] in text?.setTextSize($0) }
        }

        let empty = adw_status_page_new()!
        adw_status_page_set_icon_name(itemfeed_adw_status_page(empty), "view-reveal-symbolic")
        adw_status_page_set_title(itemfeed_adw_status_page(empty), tr("No Item Open"))
        adw_status_page_set_description(itemfeed_adw_status_page(empty), tr("Choose an item in the list, or press Enter on it, to read it here."))
        // Nothing to do on it: its own scrolled window never takes the
        // window's first focus from the list.
        gtk_widget_set_can_focus(empty, 0)
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

        Signal.connect(UnsafeMutableRawPointer(playButton), "clicked") { [weak self] in
            if let url = self?.playing { openLink(url) }
        }
        reader.pageChanged = { [weak self] page in self?.show(page) }
        reader.marksChanged = { [weak self] marks in self?.show(marks) }
        reader.fullArticleChanged = { [weak self] state in self?.show(state) }
        Signal.connect(UnsafeMutableRawPointer(fullArticleButton), "toggled") { [weak self] in
            guard let self, !updatingToggle else { return }
            reader.toggleFullArticle()
            show(reader.fullArticle)
        }
        Signal.connect(UnsafeMutableRawPointer(showFullArticleButton), "clicked") { [weak reader] in reader?.showOfferedArticle() }
        let adjustment = gtk_scrolled_window_get_vadjustment(itemfeed_scrolled_window(scrolled))!
        Signal.connect(UnsafeMutableRawPointer(adjustment), "value-changed") { [weak reader] in
            if gtk_adjustment_get_value(adjustment) > 0 { reader?.hasScrolled = true }
        }
        show(reader.page)
        show(reader.marks)
        show(reader.fullArticle)
    }

    isolated deinit {
        g_object_unref(UnsafeMutableRawPointer(root))
    }

    /// Draws the page: every block's text with its tags, links as tags of
    /// their own that remember where they go.
    public func show(_ page: ReadingController<Thumbnail>.Page?) {
        for part in actionButtons { gtk_widget_set_sensitive(part, page == nil ? 0 : 1) }
        guard let page else {
            text.show([])
            linkList.show([])
            gtk_stack_set_visible_child_name(itemfeed_stack(stack), "empty")
            // Out of the accessible tree too: its empty labels were read as "GtkLabel".
            gtk_widget_set_visible(scrolled, 0)
            return
        }
        gtk_widget_set_visible(scrolled, 1)
        for part in itemLinkButtons { gtk_widget_set_sensitive(part, page.item.hasLink ? 1 : 0) }
        gtk_label_set_text(itemfeed_label(feedLabel), page.feed ?? "")
        gtk_widget_set_visible(feedLabel, page.feed == nil ? 0 : 1)
        gtk_label_set_text(itemfeed_label(titleLabel), page.item.name)
        gtk_label_set_text(itemfeed_label(bylineLabel), page.byline)
        gtk_widget_set_visible(bylineLabel, page.byline.isEmpty ? 0 : 1)
        showPlay(page.enclosure)
        text.show(page.article.blocks)
        linkList.show(page.article.namedLinks)
        gtk_stack_set_visible_child_name(itemfeed_stack(stack), "article")
        let adjustment = gtk_scrolled_window_get_vadjustment(itemfeed_scrolled_window(scrolled))
        gtk_adjustment_set_value(adjustment, 0)
    }

    /// The header's Star and Mark as Unread: the only part a mark changes.
    public func show(_ marks: ReadingController<Thumbnail>.Marks?) {
        guard let marks else { return }
        gtk_button_set_icon_name(itemfeed_button(starButton), marks.isStarred ? "starred-symbolic" : "non-starred-symbolic")
        gtk_widget_set_tooltip_text(starButton, marks.isStarred ? tr("Unstar") : tr("Star"))
        itemfeed_accessible_set_label(itemfeed_accessible(starButton), marks.isStarred ? tr("Unstar") : tr("Star"))
        gtk_widget_set_sensitive(unreadButton, marks.isRead ? 1 : 0)
        gtk_widget_set_visible(starButton, marks.canMark ? 1 : 0)
        gtk_widget_set_visible(unreadButton, marks.canMark ? 1 : 0)
    }

    /// The toggle, and the note under the byline: a spinner while the page
    /// is fetched, the offer once it is there, or why there is none.
    public func show(_ state: ReadingController<Thumbnail>.FullArticle) {
        updatingToggle = true
        let active = state == .fetching || state == .shown || state == .offered
        gtk_toggle_button_set_active(itemfeed_toggle_button(fullArticleButton), active ? 1 : 0)
        updatingToggle = false
        let text: String? = switch state {
        case .off, .shown: nil
        case .fetching: tr("Fetching the full article…")
        case .offered: tr("The full article is here.")
        case let .failed(reason): reason
        }
        gtk_widget_set_visible(fullArticleNote, text == nil ? 0 : 1)
        gtk_label_set_text(itemfeed_label(fullArticleLabel), text ?? "")
        gtk_widget_set_visible(fullArticleSpinner, state == .fetching ? 1 : 0)
        gtk_spinner_set_spinning(itemfeed_spinner(fullArticleSpinner), state == .fetching ? 1 : 0)
        itemfeed_accessible_set_busy(itemfeed_accessible(fullArticleSpinner), state == .fetching ? 1 : 0)
        gtk_widget_set_visible(showFullArticleButton, state == .offered ? 1 : 0)
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

    /// The reading keys, while the focus is anywhere in `widget` (the list)
    /// or in the pane, which the leaflet puts beside it, not inside: j or n
    /// the next item, k or p the previous, Escape back to the list,
    /// Ctrl+Enter the browser, Ctrl+plus, Ctrl+minus and Ctrl+0 the text's
    /// size; Space in the pane pages down, then moves on.
    /// Typing in the search entry keeps its letters.
    public func addKeys(to widget: UnsafeMutablePointer<GtkWidget>, back: @escaping @MainActor () -> Void) {
        keys = [widget, root].map { place in
            let keys = WidgetActions(on: place, prefix: "reading")
            keys.add("next", keys: "j|n") { [weak reader] in reader?.next() }
            keys.add("previous", keys: "k|p") { [weak reader] in reader?.previous() }
            keys.add("back", keys: "Escape", back)
            keys.add("open-in-browser", keys: "<Control>Return|<Control>KP_Enter") { [weak reader] in reader?.openInBrowser() }
            keys.add("full-article", keys: "f") { [weak reader] in reader?.toggleFullArticle() }
            if let textSize {
                keys.add("text-larger", keys: "<Control>plus|<Control>equal|<Control>KP_Add") { [weak textSize] in textSize?.enlarge() }
                keys.add("text-smaller", keys: "<Control>minus|<Control>KP_Subtract") { [weak textSize] in textSize?.reduce() }
                keys.add("text-standard", keys: "<Control>0|<Control>KP_0") { [weak textSize] in textSize?.reset() }
            }
            return keys
        }
        Signal.connect(UnsafeMutableRawPointer(backButton), "clicked") { back() }
        let space = WidgetActions(on: root, prefix: "article")
        space.add("page-down", keys: "space") { [weak self] in self?.pageDown() }
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

    /// The links in the text, which GTK 4.8 gives to no accessibility API
    /// (why the link list exists): the tests read them here.
    var shownLinks: [URL] { text.shownLinks }
}

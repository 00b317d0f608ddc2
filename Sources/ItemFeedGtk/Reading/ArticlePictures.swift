import CGtk
import Foundation
import ItemFeed
import ItemFeedGLib

/// The pictures of the article shown: each made where it stands, named by
/// its description, loaded once scrolled within a screen of the view (as
/// a browser's lazy images are), its texture let go again far behind, and
/// opened whole on a click. A card's poster keeps the card's size; an
/// article's picture takes its own, at most the column's width.
@MainActor
final class ArticlePictures {
    /// One picture and where it stands in its life.
    private struct Picture {
        let widget: UnsafeMutablePointer<GtkWidget>
        let source: URL
        let isPoster: Bool
        /// Its description, shown until its image is in, and for good if it cannot be.
        let caption: UnsafeMutablePointer<GtkWidget>?
        /// Its size in logical pixels: the page's, then the image's.
        var size: (width: Int, height: Int)?
        var state = State.waiting
    }

    private enum State {
        /// Not near yet, or let go far behind (its bytes on disk).
        case waiting
        case loading
        case showing(Thumbnail)
        /// It could not be loaded or decoded: its description stands instead.
        case failed
    }

    /// Pictures farther than this many screens from what shows give their
    /// texture back, so a long article's memory is a few screens' worth.
    static let keptScreens = 3.0

    private let textView: UnsafeMutablePointer<GtkWidget>
    private let loadImage: ArticleView.LoadImage?
    private let loadWholeImage: ArticleView.LoadImage?
    private var shown: [Picture] = []
    /// The loads of the page's pictures, stopped when another page shows.
    private var loads: [ItemImageLoaderTask] = []
    /// Bumped for each page, so late answers of the last are dropped.
    private var generation = 0
    /// The scrolled window the text moves in.
    private var scrolled: UnsafeMutablePointer<GtkWidget>?
    private var isCheckScheduled = false
    /// Checks left before pictures not placed yet are given up on.
    private var placementChecksLeft = 0
    /// The picture the reader opened whole, held while its window is open.
    private var viewer: PictureViewer?
    /// Given the pictures still waiting once the page has been read a
    /// while (`keptAfter` seconds), to keep them for reading offline.
    private let keep: (([URL]) -> Void)?
    private let keptAfter: Double
    /// The text's width, which no picture is drawn wider than.
    var columnWidth = ArticleView.imageWidth {
        didSet { if columnWidth != oldValue { shown.forEach(size) } }
    }

    /// `nil` `loadImage`: pictures show as their description, in the text.
    init(
        textView: UnsafeMutablePointer<GtkWidget>, loadImage: ArticleView.LoadImage?, loadWholeImage: ArticleView.LoadImage?,
        keep: (([URL]) -> Void)? = nil, keptAfter: Double = 3
    ) {
        self.textView = textView
        self.loadImage = loadImage
        self.loadWholeImage = loadWholeImage ?? loadImage
        self.keep = keep
        self.keptAfter = keptAfter
        // On a narrow window the article is a page shown after the list's.
        Signal.connect(UnsafeMutableRawPointer(textView), "map") { [weak self] in self?.loadNearSoon() }
    }

    var canShowPictures: Bool { loadImage != nil }

    /// Another page: the last one's loads stopped, its pictures forgotten.
    func reset() {
        generation += 1
        loads.forEach { $0.cancel() }
        loads = []
        shown = []
        placementChecksLeft = 20
    }

    /// Every picture of the page is made (its last part filled): those
    /// still waiting `keptAfter` seconds later are handed to `keep`.
    func pageMade() {
        guard let keep, loadImage != nil else { return }
        let generation = generation
        _ = MainContextTimer.schedule(keptAfter) { [weak self] in
            guard let self, self.generation == generation else { return }
            let waiting = shown.filter { if case .waiting = $0.state { true } else { false } }.map(\.source)
            if !waiting.isEmpty { keep(waiting) }
        }
    }

    /// Pictures load as `scrolled` brings them near: its adjustment moves,
    /// or the text's height changes as it is laid out.
    func follow(_ scrolled: UnsafeMutablePointer<GtkWidget>) {
        self.scrolled = scrolled
        guard let adjustment = gtk_scrolled_window_get_vadjustment(itemfeed_scrolled_window(scrolled)).map(UnsafeMutableRawPointer.init) else { return }
        Signal.connect(adjustment, "value-changed") { [weak self] in self?.loadNearSoon() }
        Signal.connect(adjustment, "changed") { [weak self] in self?.loadNearSoon() }
    }

    /// A picture of the article, in a button that opens it whole: what the
    /// text anchors. Its description stands where it will be while it
    /// loads; the size the page gives holds its place.
    func make(_ source: URL, alternative: String, width: Int, height: Int) -> UnsafeMutablePointer<GtkWidget> {
        let widget = gtk_picture_new()!
        let name = PictureWords.name(alternative)
        let caption = gtk_label_new(name)!
        gtk_label_set_wrap(itemfeed_label(caption), 1)
        gtk_widget_add_css_class(caption, "dim-label")
        gtk_widget_set_valign(caption, GTK_ALIGN_CENTER)
        itemfeed_accessible_set_hidden(itemfeed_accessible(caption), 1)
        let overlay = gtk_overlay_new()!
        gtk_overlay_set_child(itemfeed_overlay(overlay), widget)
        gtk_overlay_add_overlay(itemfeed_overlay(overlay), caption)
        let button = gtk_button_new()!
        gtk_widget_set_focus_on_click(button, 0)
        gtk_button_set_child(itemfeed_button(button), overlay)
        gtk_widget_add_css_class(button, "article-picture")
        gtk_widget_set_halign(button, GTK_ALIGN_START)
        gtk_widget_set_tooltip_text(button, tr("Open the Picture Whole"))
        Signal.connect(UnsafeMutableRawPointer(button), "clicked") { [weak self] in
            self?.openWhole(widget, alternative: alternative)
        }
        gtk_picture_set_can_shrink(itemfeed_picture(widget), 1)
        gtk_picture_set_alternative_text(itemfeed_picture(widget), alternative.isEmpty ? nil : alternative)
        itemfeed_accessible_set_label(itemfeed_accessible(widget), name)
        itemfeed_accessible_set_label(itemfeed_accessible(button), name)
        let picture = Picture(widget: widget, source: source, isPoster: false, caption: caption, size: width > 0 && height > 0 ? (width, height) : nil)
        if picture.size == nil { gtk_widget_set_size_request(widget, 1, 1) }
        size(picture)
        shown.append(picture)
        return button
    }

    /// A card's poster: loaded as a picture is, drawn at the card's size.
    func addPoster(_ widget: UnsafeMutablePointer<GtkWidget>, source: URL) {
        shown.append(Picture(widget: widget, source: source, isPoster: true, caption: nil))
    }

    /// A picture at its logical size, or the column's width in its shape.
    private func size(_ picture: Picture) {
        guard let size = picture.size else { return }
        let drawn = min(size.width, columnWidth)
        gtk_widget_set_size_request(picture.widget, Int32(drawn), Int32(size.width > 0 ? size.height * drawn / size.width : 0))
    }

    /// Once the text view has laid out what it was given, after its next
    /// frame: read before it, the pictures stood where they were (scrolled
    /// back up, a picture 13,000 pixels away then was never loaded again),
    /// and those of lines not laid out yet stood at the top.
    func loadNearSoon() {
        guard !isCheckScheduled, !shown.isEmpty else { return }
        isCheckScheduled = true
        guard let clock = gtk_widget_get_frame_clock(textView) else {
            MainContextTimer.whenIdle { [weak self] in
                self?.isCheckScheduled = false
                self?.loadNear()
            }
            return
        }
        let once = OneFrame()
        once.handler = Signal.connect(UnsafeMutableRawPointer(clock), "after-paint") { [weak self] in
            g_signal_handler_disconnect(UnsafeMutableRawPointer(clock), once.handler)
            self?.isCheckScheduled = false
            self?.loadNear()
        }
        gtk_widget_queue_draw(textView)
    }

    /// A frame clock's handler that lets itself go after one frame.
    @MainActor private final class OneFrame { var handler: gulong = 0 }

    /// Starts the pictures within a screen of what the scrolled window
    /// shows and lets go of those beyond `keptScreens`; the others wait for
    /// the next move. Mapped but not yet laid out (the page just shown), it
    /// looks again a little later.
    private func loadNear() {
        guard let scrolled, loadImage != nil, gtk_widget_get_mapped(textView) != 0 else { return }
        let height = Double(gtk_widget_get_height(scrolled))
        var unplaced = height <= 0
        for index in shown.indices where height > 0 {
            guard let top = top(of: shown[index].widget, in: scrolled) else {
                if case .waiting = shown[index].state { unplaced = true }
                continue
            }
            switch shown[index].state {
            case .showing where top < -height * Self.keptScreens || top > height * (Self.keptScreens + 1):
                gtk_picture_set_paintable(itemfeed_picture(shown[index].widget), nil)
                shown[index].state = .waiting
            case .waiting where top > -height && top < height * 2:
                load(at: index)
            default:
                break
            }
        }
        if unplaced, placementChecksLeft > 0 {
            placementChecksLeft -= 1
            let generation = generation
            _ = MainContextTimer.schedule(0.05) { [weak self] in
                guard let self, self.generation == generation else { return }
                loadNearSoon()
            }
        }
    }

    private func load(at index: Int) {
        guard let loadImage else { return }
        shown[index].state = .loading
        let (generation, widget) = (generation, shown[index].widget)
        loads.append(loadImage(shown[index].source) { [weak self] image in
            guard let self, self.generation == generation, let index = shown.firstIndex(where: { $0.widget == widget }) else { return }
            guard let image else {
                shown[index].state = .failed
                return cannotShow(shown[index])
            }
            if let caption = shown[index].caption { gtk_widget_set_visible(caption, 0) }
            if !shown[index].isPoster {
                // Decoded at the screen's scale: drawn at its logical size, at most the column's.
                let scale = max(1, Int(gtk_widget_get_scale_factor(widget)))
                shown[index].size = (image.pixelWidth / scale, image.pixelHeight / scale)
                size(shown[index])
            }
            gtk_picture_set_paintable(itemfeed_picture(widget), itemfeed_paintable(UnsafeMutableRawPointer(image.texture)))
            shown[index].state = .showing(image)
        })
    }

    /// A picture that could not be loaded or decoded: its description in
    /// its place, the room kept for it given back, nothing to open.
    private func cannotShow(_ picture: Picture) {
        guard let caption = picture.caption, let overlay = gtk_widget_get_parent(picture.widget) else { return }
        if let index = shown.firstIndex(where: { $0.widget == picture.widget }) { shown[index].size = nil }
        gtk_widget_set_size_request(picture.widget, -1, -1)
        gtk_overlay_set_measure_overlay(itemfeed_overlay(overlay), caption, 1)
        if let button = gtk_widget_get_parent(overlay) {
            gtk_widget_set_sensitive(button, 0)
            gtk_widget_set_tooltip_text(button, nil)
        }
    }

    /// Where a picture stands, in the scrolled window's coordinates; nil
    /// until the text view has placed it.
    private func top(of widget: UnsafeMutablePointer<GtkWidget>, in scrolled: UnsafeMutablePointer<GtkWidget>) -> Double? {
        guard gtk_widget_get_width(widget) > 0 else { return nil }
        var x = 0.0, y = 0.0
        guard gtk_widget_translate_coordinates(widget, scrolled, 0, 0, &x, &y) != 0 else { return nil }
        return y
    }

    private func openWhole(_ widget: UnsafeMutablePointer<GtkWidget>, alternative: String) {
        guard let loadWholeImage, let picture = shown.first(where: { $0.widget == widget }) else { return }
        let image: Thumbnail? = if case let .showing(image) = picture.state { image } else { nil }
        let viewer = PictureViewer(source: picture.source, alternative: alternative, shown: image, parent: textView, load: loadWholeImage)
        Signal.connect(UnsafeMutableRawPointer(viewer.window), "destroy") { [weak self, weak viewer] in
            if self?.viewer === viewer { self?.viewer = nil }
        }
        self.viewer = viewer
        viewer.present()
    }
}

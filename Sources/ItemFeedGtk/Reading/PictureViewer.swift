import CGtk
import Foundation
import ItemFeed

/// An article's picture whole, in a window of its own (SPEC 19: a click
/// opens it, Escape goes back): fitted to the window at first, then zoomed
/// with plus and minus (1 its actual size, 0 fitted again), scrolling when
/// larger. Shows the column's copy at once and the whole decode once it
/// is in.
@MainActor
final class PictureViewer {
    let window: UnsafeMutablePointer<GtkWidget>
    private let picture: UnsafeMutablePointer<GtkWidget>
    private let scrolled: UnsafeMutablePointer<GtkWidget>
    private var image: Thumbnail?
    /// `nil`: fitted to the window; else the picture's logical size times this.
    private(set) var zoom: Double?
    private var load: ItemImageLoaderTask?
    private var keys: WidgetActions?

    static let zooms: [Double] = [0.25, 0.5, 0.75, 1, 1.5, 2, 3, 4]

    init(source: URL, alternative: String, shown: Thumbnail?, parent: UnsafeMutablePointer<GtkWidget>?, load: ArticleView.LoadImage) {
        window = adw_window_new()!
        let title = alternative.isEmpty ? tr("Picture") : alternative
        gtk_window_set_title(itemfeed_window(window), title)
        if let parent, let root = gtk_widget_get_root(parent) {
            let toplevel = UnsafeMutableRawPointer(root).assumingMemoryBound(to: GtkWidget.self)
            gtk_window_set_transient_for(itemfeed_window(window), itemfeed_window(toplevel))
            gtk_window_set_modal(itemfeed_window(window), 1)
            gtk_window_set_default_size(itemfeed_window(window), max(gtk_widget_get_width(toplevel) - 80, 480), max(gtk_widget_get_height(toplevel) - 80, 360))
        } else {
            gtk_window_set_default_size(itemfeed_window(window), 1000, 700)
        }
        picture = gtk_picture_new()!
        gtk_picture_set_alternative_text(itemfeed_picture(picture), title)
        itemfeed_accessible_set_label(itemfeed_accessible(picture), title)
        scrolled = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_child(itemfeed_scrolled_window(scrolled), picture)
        gtk_widget_set_vexpand(scrolled, 1)

        let header = adw_header_bar_new()!
        let windowTitle = adw_window_title_new(title, source.host ?? "")!
        adw_header_bar_set_title_widget(itemfeed_adw_header_bar(header), windowTitle)
        let content = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        gtk_box_append(itemfeed_box(content), header)
        gtk_box_append(itemfeed_box(content), scrolled)
        adw_window_set_content(itemfeed_adw_window(window), content)

        let keys = WidgetActions(on: window, prefix: "picture", scope: GTK_SHORTCUT_SCOPE_GLOBAL)
        keys.add("close", keys: "Escape") { [window] in gtk_window_close(itemfeed_window(window)) }
        keys.add("zoom-in", keys: "plus|equal|KP_Add|<Control>plus|<Control>equal") { [weak self] in self?.zoomIn() }
        keys.add("zoom-out", keys: "minus|KP_Subtract|<Control>minus") { [weak self] in self?.zoomOut() }
        keys.add("zoom-fit", keys: "0|KP_0|<Control>0") { [weak self] in self?.fit() }
        keys.add("zoom-actual", keys: "1|KP_1") { [weak self] in self?.setZoom(1) }
        self.keys = keys
        // Packed from the end: read from the left, Zoom Out, Best Fit, Zoom In.
        for (icon, name, action) in [
            ("zoom-in-symbolic", tr("Zoom In"), "picture.zoom-in"), ("zoom-fit-best-symbolic", tr("Best Fit"), "picture.zoom-fit"),
            ("zoom-out-symbolic", tr("Zoom Out"), "picture.zoom-out"),
        ] {
            let button = gtk_button_new_from_icon_name(icon)!
            gtk_widget_set_tooltip_text(button, name)
            itemfeed_accessible_set_label(itemfeed_accessible(button), name)
            gtk_actionable_set_action_name(itemfeed_actionable(button), action)
            adw_header_bar_pack_end(itemfeed_adw_header_bar(header), button)
        }

        show(shown)
        fit()
        self.load = load(source) { [weak self] whole in
            guard let self, let whole else { return }
            show(whole)
            if let zoom { setZoom(zoom) }
        }
        Signal.connect(UnsafeMutableRawPointer(window), "destroy") { [weak self] in self?.load?.cancel() }
    }

    func present() {
        gtk_window_present(itemfeed_window(window))
    }

    private func show(_ image: Thumbnail?) {
        guard let image else { return }
        self.image = image
        gtk_picture_set_paintable(itemfeed_picture(picture), itemfeed_paintable(UnsafeMutableRawPointer(image.texture)))
    }

    func zoomIn() { setZoom(Self.zooms.first { $0 > (zoom ?? fittedZoom) + 0.01 } ?? Self.zooms.last!) }
    func zoomOut() { setZoom(Self.zooms.last { $0 < (zoom ?? fittedZoom) - 0.01 } ?? Self.zooms.first!) }

    /// The whole picture in the window, never drawn larger than it is.
    func fit() {
        zoom = nil
        gtk_picture_set_can_shrink(itemfeed_picture(picture), 1)
        gtk_picture_set_content_fit(itemfeed_picture(picture), GTK_CONTENT_FIT_SCALE_DOWN)
        gtk_widget_set_size_request(picture, -1, -1)
        gtk_scrolled_window_set_policy(itemfeed_scrolled_window(scrolled), GTK_POLICY_NEVER, GTK_POLICY_NEVER)
    }

    private func setZoom(_ factor: Double) {
        guard let image else { return }
        zoom = factor
        let scale = Double(max(1, gtk_widget_get_scale_factor(window)))
        gtk_picture_set_can_shrink(itemfeed_picture(picture), 0)
        gtk_picture_set_content_fit(itemfeed_picture(picture), GTK_CONTENT_FIT_FILL)
        gtk_widget_set_size_request(picture, Int32(Double(image.pixelWidth) / scale * factor), Int32(Double(image.pixelHeight) / scale * factor))
        gtk_scrolled_window_set_policy(itemfeed_scrolled_window(scrolled), GTK_POLICY_AUTOMATIC, GTK_POLICY_AUTOMATIC)
    }

    /// The zoom the fitted picture is drawn at, for the next step from it.
    private var fittedZoom: Double {
        guard let image, image.pixelWidth > 0, image.pixelHeight > 0 else { return 1 }
        let scale = Double(max(1, gtk_widget_get_scale_factor(window)))
        let across = Double(gtk_widget_get_width(scrolled)) * scale / Double(image.pixelWidth)
        let down = Double(gtk_widget_get_height(scrolled)) * scale / Double(image.pixelHeight)
        return min(1, across, down)
    }
}

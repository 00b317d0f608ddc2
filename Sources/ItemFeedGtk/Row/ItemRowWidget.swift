import CGtk
import ItemFeed
import ItemFeedUI

/// The row GtkListView recycles: a fixed-size thumbnail with a spinner and a
/// retry button over it, the item's title on up to two lines, and a dim
/// line with its author, date and likes. Built once per list item in
/// `setup`; every bind renders a whole `ItemRowState` into it.
@MainActor
public final class ItemRowWidget: ItemRowView {
    public static let thumbnailSize: Int32 = 64

    public let retryButton = Button()
    /// Owned by the GtkListItem it is the child of.
    public let widget: UnsafeMutablePointer<GtkWidget>
    private let label: UnsafeMutablePointer<GtkWidget>
    private let details: UnsafeMutablePointer<GtkWidget>
    private let picture: UnsafeMutablePointer<GtkWidget>
    private let placeholder: UnsafeMutablePointer<GtkWidget>
    private let spinner: UnsafeMutablePointer<GtkWidget>
    private let retry: UnsafeMutablePointer<GtkWidget>
    /// Keeps the shown texture alive for as long as the picture shows it.
    private var thumbnail: Thumbnail?
    private var shownText: RowText?
    private var shownLoading: Bool?

    public init() {
        widget = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)
        gtk_widget_add_css_class(widget, "item-row")

        let frame = gtk_overlay_new()!
        gtk_widget_add_css_class(frame, "thumbnail")
        gtk_widget_set_size_request(frame, Self.thumbnailSize, Self.thumbnailSize)
        gtk_widget_set_valign(frame, GTK_ALIGN_CENTER)
        gtk_widget_set_overflow(frame, GTK_OVERFLOW_HIDDEN)
        // Unnamed, GTK 4.8 announces these by their class ("GtkOverlay",
        // "GtkImage"); the picture inside is named by the item's title.
        itemfeed_accessible_set_label(itemfeed_accessible(frame), tr("Thumbnail"))

        placeholder = gtk_image_new_from_icon_name("image-x-generic-symbolic")
        gtk_widget_add_css_class(placeholder, "placeholder")
        itemfeed_accessible_set_label(itemfeed_accessible(placeholder), tr("No picture"))
        gtk_overlay_set_child(itemfeed_overlay(frame), placeholder)

        picture = gtk_picture_new()
        gtk_picture_set_can_shrink(itemfeed_picture(picture), 1)
        gtk_picture_set_content_fit(itemfeed_picture(picture), GTK_CONTENT_FIT_COVER)
        gtk_widget_set_size_request(picture, Self.thumbnailSize, Self.thumbnailSize)
        gtk_overlay_add_overlay(itemfeed_overlay(frame), picture)

        spinner = gtk_spinner_new()
        gtk_widget_set_halign(spinner, GTK_ALIGN_CENTER)
        gtk_widget_set_valign(spinner, GTK_ALIGN_CENTER)
        // Unnamed, Orca read out the class name: "GtkSpinner, busy".
        itemfeed_accessible_set_label(itemfeed_accessible(spinner), tr("Loading"))
        gtk_overlay_add_overlay(itemfeed_overlay(frame), spinner)

        retry = gtk_button_new_from_icon_name("view-refresh-symbolic")
        gtk_widget_add_css_class(retry, "circular")
        gtk_widget_add_css_class(retry, "osd")
        gtk_widget_set_halign(retry, GTK_ALIGN_CENTER)
        gtk_widget_set_valign(retry, GTK_ALIGN_CENTER)
        gtk_widget_set_tooltip_text(retry, tr("Retry loading the image"))
        itemfeed_accessible_set_label(itemfeed_accessible(retry), tr("Retry loading the image"))
        gtk_overlay_add_overlay(itemfeed_overlay(frame), retry)

        label = gtk_label_new(nil)
        gtk_label_set_use_markup(itemfeed_label(label), 0)
        // Two lines, then an ellipsis; the whole title is in the tooltip.
        gtk_label_set_wrap(itemfeed_label(label), 1)
        gtk_label_set_wrap_mode(itemfeed_label(label), PANGO_WRAP_WORD_CHAR)
        gtk_label_set_lines(itemfeed_label(label), 2)
        gtk_label_set_ellipsize(itemfeed_label(label), PANGO_ELLIPSIZE_END)
        gtk_label_set_xalign(itemfeed_label(label), 0)
        // Without a width of its own a wrapping label asks for its longest
        // word; this lets the row shrink to a 360 px window.
        gtk_label_set_width_chars(itemfeed_label(label), 10)
        gtk_widget_add_css_class(label, "item-name")

        details = gtk_label_new(nil)
        gtk_label_set_use_markup(itemfeed_label(details), 0)
        gtk_label_set_ellipsize(itemfeed_label(details), PANGO_ELLIPSIZE_END)
        gtk_label_set_xalign(itemfeed_label(details), 0)
        gtk_widget_add_css_class(details, "dim-label")
        gtk_widget_add_css_class(details, "caption")

        let text = gtk_box_new(GTK_ORIENTATION_VERTICAL, 4)!
        gtk_widget_set_hexpand(text, 1)
        gtk_widget_set_valign(text, GTK_ALIGN_CENTER)
        gtk_box_append(itemfeed_box(text), label)
        gtk_box_append(itemfeed_box(text), details)

        gtk_box_append(itemfeed_box(widget), frame)
        gtk_box_append(itemfeed_box(widget), text)

        forwardClicks(of: retry, to: retryButton, as: .primaryActionTriggered)
        display(ItemRowState(name: "", image: nil, isLoading: false, canRetry: false))
    }

    public func display(_ state: ItemRowState<Thumbnail>) {
        show(RowText(title: state.name, details: state.details, spoken: state.accessibleLabel, tooltip: state.name))
        if state.image !== thumbnail {
            thumbnail = state.image
            gtk_picture_set_paintable(itemfeed_picture(picture), state.image.map { itemfeed_paintable(UnsafeMutableRawPointer($0.texture)) })
        }
        showSpinner(state.isLoading)
        gtk_widget_set_visible(retry, state.canRetry ? 1 : 0)
        gtk_widget_set_visible(placeholder, state.image == nil && !state.isLoading ? 1 : 0)
        showRead(state.isRead)
        showOpen(state.isOpen)
    }

    /// The item the reading pane shows (style.css).
    private func showOpen(_ isOpen: Bool) {
        guard isOpen != (gtk_widget_has_css_class(widget, "open") != 0) else { return }
        if isOpen { gtk_widget_add_css_class(widget, "open") } else { gtk_widget_remove_css_class(widget, "open") }
    }

    /// Read rows dimmed, with a regular-weight title (style.css).
    private func showRead(_ isRead: Bool) {
        guard isRead != (gtk_widget_has_css_class(widget, "read") != 0) else { return }
        if isRead { gtk_widget_add_css_class(widget, "read") } else { gtk_widget_remove_css_class(widget, "read") }
    }

    /// The load-more row: the thumbnail's spinner while the next page loads,
    /// its retry button and the reason when it failed.
    public func display(_ state: LoadMoreRowState) {
        let text = state.errorMessage.map { tr("Couldn't load more items. {reason}", ["reason": $0]) } ?? tr("Loading more items…")
        show(RowText(title: text, details: "", spoken: text, tooltip: nil))
        showRead(false)
        showOpen(false)
        thumbnail = nil
        gtk_picture_set_paintable(itemfeed_picture(picture), nil)
        showSpinner(state.isLoading)
        gtk_widget_set_visible(retry, state.errorMessage == nil ? 0 : 1)
        gtk_widget_set_visible(placeholder, 0)
    }

    /// The row's words: what it shows, and what screen readers are told.
    private struct RowText: Equatable {
        let title: String
        let details: String
        let spoken: String
        let tooltip: String?
    }

    /// Set only when they change: an image arriving renders the row again
    /// with the same words, and each accessible property set is work GTK
    /// passes on to the accessibility tree.
    private func show(_ text: RowText) {
        guard text != shownText else { return }
        shownText = text
        gtk_label_set_text(itemfeed_label(label), text.title)
        gtk_widget_set_tooltip_text(label, text.tooltip)
        gtk_label_set_text(itemfeed_label(details), text.details)
        gtk_widget_set_visible(details, text.details.isEmpty ? 0 : 1)
        nameForScreenReaders(text.spoken)
        // Read as an image named and described by the item's title, not by
        // its GTK class ("GtkPicture"), which is what GTK says otherwise; the
        // load-more row's picture shows nothing and says nothing.
        let pictureName = text.tooltip == nil ? "" : text.title
        gtk_picture_set_alternative_text(itemfeed_picture(picture), text.tooltip == nil ? nil : text.title)
        itemfeed_accessible_set_label(itemfeed_accessible(picture), pictureName)
    }

    /// The row's name for screen readers, on the row and on the list row
    /// around it that takes the focus (GTK 4.8 has no list-item label of
    /// its own; 4.12's `gtk_list_item_set_accessible_label` replaces this).
    private func nameForScreenReaders(_ text: String) {
        itemfeed_accessible_set_label(itemfeed_accessible(widget), text)
        if let listRow = gtk_widget_get_parent(widget) {
            itemfeed_accessible_set_label(itemfeed_accessible(listRow), text)
        }
    }

    /// A spinner that turns is also announced as busy. Set only when it
    /// changes: every render set it again, and each set is an accessible
    /// state update (2,046 in 600 rows scrolled, against the C list's 843).
    private func showSpinner(_ isLoading: Bool) {
        guard isLoading != shownLoading else { return }
        shownLoading = isLoading
        gtk_widget_set_visible(spinner, isLoading ? 1 : 0)
        gtk_spinner_set_spinning(itemfeed_spinner(spinner), isLoading ? 1 : 0)
        itemfeed_accessible_set_busy(itemfeed_accessible(spinner), isLoading ? 1 : 0)
    }
}

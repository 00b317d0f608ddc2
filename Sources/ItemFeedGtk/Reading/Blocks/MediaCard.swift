import CGtk
import Foundation
import ItemFeed

/// A player or an embedded page as a card in the article: its poster, its
/// title and where it plays, one button that opens it through the desktop
/// (the pane runs no player and no page). Named for screen readers by what
/// it does: "Play: …", "Open: …"; embedded content with no web address is
/// a card that says so and does nothing.
@MainActor
enum MediaCard {
    static let posterWidth = 160
    static let posterHeight = 90

    static func make(_ media: ArticleMedia, openLink: @escaping (URL) -> Void) -> (card: UnsafeMutablePointer<GtkWidget>, poster: UnsafeMutablePointer<GtkWidget>?) {
        let content = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)!
        var poster: UnsafeMutablePointer<GtkWidget>?
        if media.poster != nil || media.kind == .video {
            let picture = gtk_picture_new()!
            gtk_picture_set_content_fit(itemfeed_picture(picture), GTK_CONTENT_FIT_COVER)
            gtk_widget_set_size_request(picture, Int32(posterWidth), Int32(posterHeight))
            // A play mark over the poster, which stands on a tile of its own
            // while it loads (or when it cannot).
            let frame = gtk_overlay_new()!
            gtk_widget_add_css_class(frame, "media-poster")
            gtk_overlay_set_child(itemfeed_overlay(frame), picture)
            let mark = gtk_image_new_from_icon_name(media.kind == .audio ? "audio-x-generic-symbolic" : "media-playback-start-symbolic")!
            gtk_image_set_pixel_size(itemfeed_image(mark), 32)
            gtk_widget_add_css_class(mark, "osd")
            gtk_widget_add_css_class(mark, "media-play-mark")
            gtk_widget_set_halign(mark, GTK_ALIGN_CENTER)
            gtk_widget_set_valign(mark, GTK_ALIGN_CENTER)
            gtk_overlay_add_overlay(itemfeed_overlay(frame), mark)
            gtk_widget_set_valign(frame, GTK_ALIGN_CENTER)
            itemfeed_accessible_set_hidden(itemfeed_accessible(frame), 1)
            gtk_box_append(itemfeed_box(content), frame)
            poster = picture
        } else {
            let icon = gtk_image_new_from_icon_name(icon(of: media.kind))!
            gtk_image_set_pixel_size(itemfeed_image(icon), 32)
            gtk_box_append(itemfeed_box(content), icon)
        }
        let words = gtk_box_new(GTK_ORIENTATION_VERTICAL, 4)!
        gtk_widget_set_valign(words, GTK_ALIGN_CENTER)
        gtk_widget_set_hexpand(words, 1)
        let title = gtk_label_new(media.title)!
        gtk_label_set_wrap(itemfeed_label(title), 1)
        gtk_label_set_xalign(itemfeed_label(title), 0)
        gtk_widget_add_css_class(title, "heading")
        gtk_box_append(itemfeed_box(words), title)
        let detail = gtk_label_new(detail(of: media))!
        gtk_label_set_xalign(itemfeed_label(detail), 0)
        gtk_widget_add_css_class(detail, "dim-label")
        gtk_box_append(itemfeed_box(words), detail)
        gtk_box_append(itemfeed_box(content), words)

        let card = gtk_button_new()!
        gtk_widget_set_focus_on_click(card, 0)
        gtk_button_set_child(itemfeed_button(card), content)
        gtk_widget_add_css_class(card, "card")
        gtk_widget_add_css_class(card, "media-card")
        gtk_widget_add_css_class(card, "article-block")
        itemfeed_accessible_set_label(itemfeed_accessible(card), name(of: media))
        if let address = media.address {
            gtk_widget_set_tooltip_text(card, address.absoluteString)
            Signal.connect(UnsafeMutableRawPointer(card), "clicked") { openLink(address) }
        } else {
            gtk_widget_set_sensitive(card, 0)
        }
        return (card, poster)
    }

    /// What a screen reader says of the card, which is what clicking it does.
    static func name(of media: ArticleMedia) -> String {
        switch media.kind {
        case .video, .audio: tr("Play: {title}", ["title": media.title])
        case .page: tr("Open: {title}", ["title": media.title])
        case .unavailable: tr("Embedded content not shown: {title}", ["title": media.title])
        }
    }

    private static func detail(of media: ArticleMedia) -> String {
        switch media.kind {
        case .video: tr("Video on {host}", ["host": media.host])
        case .audio: tr("Audio on {host}", ["host": media.host])
        case .page: media.host
        case .unavailable: tr("Not a web address, so not loaded")
        }
    }

    private static func icon(of kind: ArticleMedia.Kind) -> String {
        switch kind {
        case .video: "video-x-generic-symbolic"
        case .audio: "audio-x-generic-symbolic"
        case .page: "web-browser-symbolic"
        case .unavailable: "action-unavailable-symbolic"
        }
    }
}

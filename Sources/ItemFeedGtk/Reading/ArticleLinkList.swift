import CGtk
import Foundation
import ItemFeed

/// "Links in This Article", after the text: a button per link, named by its
/// text, for the keyboard and screen readers (GTK 4.8's text view gives its
/// links to neither). The list comes closed, its buttons made when the
/// reader opens it: a long article names hundreds, and making them would
/// hold its first paint back.
@MainActor
final class ArticleLinkList {
    let widget: UnsafeMutablePointer<GtkWidget>
    private let expander: UnsafeMutablePointer<GtkWidget>
    private let buttonsBox: UnsafeMutablePointer<GtkWidget>
    private let openLink: (URL) -> Void
    /// The page's links; their buttons once made.
    private var links: [ArticleLink] = []
    private var buttons: [UnsafeMutablePointer<GtkWidget>] = []

    init(openLink: @escaping (URL) -> Void) {
        self.openLink = openLink
        widget = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
        gtk_widget_set_margin_top(widget, 24)
        expander = gtk_expander_new(nil)
        buttonsBox = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2)
        gtk_widget_set_margin_top(buttonsBox, 4)
        gtk_expander_set_child(itemfeed_expander(expander), buttonsBox)
        gtk_box_append(itemfeed_box(widget), expander)
        Signal.connect(UnsafeMutableRawPointer(expander), "notify::expanded") { [weak self] (_: UnsafeMutableRawPointer) in
            self?.makeButtonsIfOpen()
        }
    }

    /// A new page's links: the old buttons go; the new ones are made when
    /// the list is opened.
    func show(_ links: [ArticleLink]) {
        while let child = gtk_widget_get_first_child(buttonsBox) { gtk_box_remove(itemfeed_box(buttonsBox), child) }
        buttons = []
        self.links = links
        gtk_widget_set_visible(widget, links.isEmpty ? 0 : 1)
        guard !links.isEmpty else { return }
        let title = tr("Links in This Article ({count})", ["count": String(links.count)])
        gtk_expander_set_label(itemfeed_expander(expander), title)
        // GTK 4.8 names the expander by no property of its own: read as "GtkExpander" else.
        itemfeed_accessible_set_label(itemfeed_accessible(expander), title)
        gtk_expander_set_expanded(itemfeed_expander(expander), 0)
    }

    private var isOpen: Bool { gtk_expander_get_expanded(itemfeed_expander(expander)) != 0 }

    private func makeButtonsIfOpen() {
        guard isOpen, buttons.isEmpty else { return }
        for link in links {
            let button = gtk_button_new_with_label(link.name)!
            gtk_widget_add_css_class(button, "flat")
            gtk_widget_set_halign(button, GTK_ALIGN_START)
            if let label = gtk_button_get_child(itemfeed_button(button)) {
                gtk_label_set_xalign(itemfeed_label(label), 0)
                gtk_label_set_wrap(itemfeed_label(label), 1)
                gtk_label_set_wrap_mode(itemfeed_label(label), PANGO_WRAP_WORD_CHAR)
            }
            gtk_widget_set_tooltip_text(button, link.url.absoluteString)
            let url = link.url
            Signal.connect(UnsafeMutableRawPointer(button), "clicked") { [openLink] in openLink(url) }
            gtk_box_append(itemfeed_box(buttonsBox), button)
            buttons.append(button)
        }
    }
}

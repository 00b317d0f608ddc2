import CGtk
import CSourceView
import Foundation
import ItemFeed

/// A `details` element as an expander anchored in the article: its summary
/// the expander's label, what it folds drawn block by block under it
/// (paragraphs as labels, code and tables as in the text), closed unless
/// the page opened it. Screen readers get a button that says whether it is
/// expanded, named by the summary (its links are not links there).
@MainActor
enum DetailsExpander {
    /// The expander, and the code blocks' buffers, which follow the style.
    static func make(
        summary: [ArticleRun], details: ArticleDetails, dark: Bool, openLink: @escaping (URL) -> Void
    ) -> (expander: UnsafeMutablePointer<GtkWidget>, codeBuffers: [UnsafeMutablePointer<GtkSourceBuffer>]) {
        let expander = gtk_expander_new(nil)!
        // A click leaves the focus where it was: focused, the expander had
        // the article scrolled to where it stood before it grew.
        gtk_widget_set_focus_on_click(expander, 0)
        // GTK 4.8 names the expander by no property of its own.
        itemfeed_accessible_set_label(itemfeed_accessible(expander), summary.map(\.text).joined())
        gtk_expander_set_use_markup(itemfeed_expander(expander), 1)
        gtk_expander_set_label(itemfeed_expander(expander), RunMarkup.markup(of: summary.map { ArticleRun($0.text, style: $0.style) }))
        if let title = gtk_expander_get_label_widget(itemfeed_expander(expander)) {
            gtk_label_set_wrap(itemfeed_label(title), 1)
            gtk_label_set_xalign(itemfeed_label(title), 0)
            gtk_widget_add_css_class(title, "heading")
        }
        gtk_expander_set_expanded(itemfeed_expander(expander), details.isOpen ? 1 : 0)
        let content = gtk_box_new(GTK_ORIENTATION_VERTICAL, 8)!
        gtk_widget_set_margin_top(content, 6)
        gtk_widget_set_margin_start(content, 18)
        var buffers: [UnsafeMutablePointer<GtkSourceBuffer>] = []
        for block in details.blocks {
            switch block.kind {
            case let .code(language):
                let code = CodeBlock.make(code: block.text, language: language, dark: dark)
                buffers.append(code.buffer)
                gtk_box_append(itemfeed_box(content), code.block)
            case let .table(table):
                gtk_box_append(itemfeed_box(content), TableGrid.make(table, openLink: openLink))
            case let .media(media):
                gtk_box_append(itemfeed_box(content), MediaCard.make(media, openLink: openLink).card)
            case let .details(inner):
                let nested = make(summary: block.runs, details: inner, dark: dark, openLink: openLink)
                buffers += nested.codeBuffers
                gtk_box_append(itemfeed_box(content), nested.expander)
            case let .image(_, alternative, _, _):
                let words = PictureWords.line(alternative)
                let picture = label("<i>\(Markup.escaped(words))</i>", openLink: openLink)
                gtk_widget_add_css_class(picture, "dim-label")
                gtk_box_append(itemfeed_box(content), picture)
            case .rule:
                gtk_box_append(itemfeed_box(content), gtk_separator_new(GTK_ORIENTATION_HORIZONTAL))
            case let .listItem(marker):
                gtk_box_append(itemfeed_box(content), label(Markup.escaped(marker + " ") + RunMarkup.markup(of: block.runs), openLink: openLink))
            case let .heading(level):
                let heading = label(RunMarkup.markup(of: block.runs), openLink: openLink)
                gtk_widget_add_css_class(heading, level <= 2 ? "title-4" : "heading")
                gtk_box_append(itemfeed_box(content), heading)
            case .paragraph, .caption:
                gtk_box_append(itemfeed_box(content), label(RunMarkup.markup(of: block.runs), openLink: openLink))
            }
        }
        gtk_expander_set_child(itemfeed_expander(expander), content)
        gtk_widget_add_css_class(expander, "article-details")
        return (expander, buffers)
    }

    /// Wrapped, selectable text whose links open through the pane.
    private static func label(_ markup: String, openLink: @escaping (URL) -> Void) -> UnsafeMutablePointer<GtkWidget> {
        let widget = gtk_label_new(nil)!
        let label = itemfeed_label(widget)
        gtk_label_set_markup(label, markup)
        gtk_label_set_wrap(label, 1)
        gtk_label_set_wrap_mode(label, PANGO_WRAP_WORD_CHAR)
        gtk_label_set_xalign(label, 0)
        gtk_label_set_selectable(label, 1)
        gtk_widget_set_focusable(widget, 0)
        Signal.connectActivateLink(UnsafeMutableRawPointer(widget)) { address in
            if let url = URL(string: address) { openLink(url) }
        }
        return widget
    }
}

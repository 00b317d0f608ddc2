import CGtk
import Foundation
import ItemFeed

/// An article's runs as Pango markup, for the labels a table's cells are
/// drawn in: the same styles as the text's tags, links as `<a>` (the label
/// hands them to the pane's `openLink`).
enum RunMarkup {
    static func markup(of runs: [ArticleRun]) -> String {
        runs.map(markup(of:)).joined()
    }

    static func markup(of run: ArticleRun) -> String {
        var text = Markup.escaped(run.text)
        let style = run.style
        if style.contains(.bold) { text = "<b>\(text)</b>" }
        if style.contains(.italic) { text = "<i>\(text)</i>" }
        if style.contains(.code) { text = "<tt>\(text)</tt>" }
        if style.contains(.lowered) { text = "<sub>\(text)</sub>" }
        if style.contains(.raised) { text = "<sup>\(text)</sup>" }
        if style.contains(.struck) { text = "<s>\(text)</s>" }
        if style.contains(.underlined) { text = "<u>\(text)</u>" }
        if style.contains(.marked) { text = "<span background=\"#f8e45c80\">\(text)</span>" }
        if let link = run.link { text = "<a href=\"\(Markup.escaped(link.absoluteString))\">\(text)</a>" }
        return text
    }
}

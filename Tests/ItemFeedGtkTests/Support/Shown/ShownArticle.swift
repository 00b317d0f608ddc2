import CGtk
import GtkTestKit
@testable import ItemFeedGtk

/// The article pane as a reader sees it, read from the widget tree: its
/// heading, its text, its buttons, its link list, where it is scrolled.
@MainActor
struct ShownArticle {
    let root: Widget

    init(_ view: ArticleView) {
        root = Widget(view.root)
    }

    private var screen: WidgetQuery { WidgetQuery(root) }

    /// An item is open: its text is shown, not the "No Item Open" page.
    var isOpen: Bool { screen.contains { $0.isA(gtk_text_view_get_type()) && $0.name == "Article" } }

    var title: String { (try? screen.one("the article's heading") { $0.role == .heading && $0.isA(gtk_label_get_type()) })?.text ?? "" }

    var text: String { articleText?.text ?? "" }

    /// The article's own text view, not a code block's inside it.
    private var articleText: Widget? { try? screen.one("the article's text") { $0.isA(gtk_text_view_get_type()) && $0.name == "Article" } }

    /// The Play (or Open the Attachment) button's words, when it has one.
    var playLabel: String? {
        screen.all { $0.role == .button && ($0.name.hasPrefix("Play") || $0.name.hasPrefix("Open the Attachment")) }.first?.name
    }

    /// Star and Mark as Unread are offered.
    var offersMarks: Bool {
        screen.contains { $0.role == .button && ($0.name == "Star" || $0.name == "Unstar") }
            && screen.contains { $0.role == .button && $0.name == "Mark as Unread" }
    }

    var isStarred: Bool { screen.contains { $0.role == .button && $0.name == "Unstar" } }

    /// "Links in This Article (N)", the expander after the text.
    var linkList: Widget? { screen.all { $0.isA(gtk_expander_get_type()) }.first }

    /// The listed links' buttons, once the list is open.
    var listedLinks: [Widget] {
        guard let linkList else { return [] }
        return WidgetQuery(linkList).all { $0.role == .button && $0 != linkList }
    }

    /// The pictures in the text where its images stand, and how many of
    /// them show their image yet (the others wait to be scrolled near).
    var pictures: [Widget] {
        guard let text = articleText else { return [] }
        return WidgetQuery(text).widgets(ofType: gtk_picture_get_type())
    }

    var loadedPictureCount: Int { pictures.filter { $0.pictureSize != nil }.count }

    var scroll: ScrollPosition? { articleText?.verticalScroll }
}

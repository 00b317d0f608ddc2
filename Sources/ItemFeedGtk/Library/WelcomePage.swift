import CGtk
import ItemFeed

/// The window of a library with no feeds yet: what ItemFeed is for, and
/// the three ways in — Add Feed, Import Feeds (OPML), the bundled demo
/// feed — each a button on an app action.
@MainActor
public final class WelcomePage {
    public let root: UnsafeMutablePointer<GtkWidget>
    private let buttons: [UnsafeMutablePointer<GtkWidget>]

    public init(primaryMenu: OpaquePointer) {
        let header = adw_header_bar_new()!
        adw_header_bar_pack_end(itemfeed_adw_header_bar(header), MainMenuButton.make(primaryMenu))

        let status = adw_status_page_new()!
        adw_status_page_set_icon_name(itemfeed_adw_status_page(status), "application-rss+xml-symbolic")
        adw_status_page_set_title(itemfeed_adw_status_page(status), tr("Welcome to ItemFeed"))
        adw_status_page_set_description(itemfeed_adw_status_page(status), Markup.escaped(tr("Follow the feeds you read: add one by its address, bring your list from another reader, or look around the demo feed.")))
        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12)!
        gtk_widget_set_halign(box, GTK_ALIGN_CENTER)
        let choices: [(String, String, Bool)] = [
            (tr("_Add Feed…"), "app.open-feed", true), (tr("_Import Feeds…"), "app.import-opml", false), (tr("Open the _Demo Feed"), "app.open-demo", false),
        ]
        buttons = choices.map { label, action, isSuggested in
            let button = gtk_button_new_with_mnemonic(label)!
            gtk_actionable_set_action_name(itemfeed_actionable(button), action)
            gtk_widget_add_css_class(button, "pill")
            if isSuggested { gtk_widget_add_css_class(button, "suggested-action") }
            gtk_box_append(itemfeed_box(box), button)
            return button
        }
        adw_status_page_set_child(itemfeed_adw_status_page(status), box)
        gtk_widget_set_vexpand(status, 1)

        root = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
        gtk_box_append(itemfeed_box(root), header)
        gtk_box_append(itemfeed_box(root), status)
    }

    /// The first way in takes the focus, so Enter adds a feed.
    public func focusFirstChoice() {
        gtk_widget_grab_focus(buttons[0])
    }
}

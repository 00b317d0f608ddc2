import CGtk
import ItemFeed
import ItemFeedUI

/// A page that stands in for the rows: libadwaita's status page (icon,
/// title, description) with one pill button under it, or a spinner.
@MainActor
final class StatusPage {
    let widget: UnsafeMutablePointer<GtkWidget>
    private var actionButton: UnsafeMutablePointer<GtkWidget>?
    private var spinner: UnsafeMutablePointer<GtkWidget>?

    init(iconName: String, title: String, description: String, buttonLabel: String, button: Control, event: ControlEvent) {
        widget = Self.makePage(iconName: iconName, title: title, description: description)
        let action = makeMnemonicButton(buttonLabel)
        gtk_widget_set_halign(action, GTK_ALIGN_CENTER)
        gtk_widget_add_css_class(action, "pill")
        gtk_widget_add_css_class(action, "suggested-action")
        forwardClicks(of: action, to: button, as: event)
        adw_status_page_set_child(itemfeed_adw_status_page(widget), action)
        actionButton = action
    }

    /// The page while the first load runs: a spinner, announced as busy,
    /// turning only while the page is shown (`isSpinning`).
    init(loadingTitle title: String) {
        widget = Self.makePage(iconName: nil, title: title, description: nil)
        let spinner = gtk_spinner_new()!
        gtk_widget_set_size_request(spinner, 32, 32)
        gtk_widget_set_halign(spinner, GTK_ALIGN_CENTER)
        itemfeed_accessible_set_label(itemfeed_accessible(spinner), title)
        adw_status_page_set_child(itemfeed_adw_status_page(widget), spinner)
        self.spinner = spinner
    }

    /// A spinning spinner redraws every frame even on a page the stack has
    /// hidden: started once and never stopped, it would keep the window
    /// drawing at rest and while scrolling.
    var isSpinning: Bool {
        get { spinner.map { gtk_spinner_get_spinning(itemfeed_spinner($0)) != 0 } ?? false }
        set {
            guard let spinner, newValue != isSpinning else { return }
            gtk_spinner_set_spinning(itemfeed_spinner(spinner), newValue ? 1 : 0)
            itemfeed_accessible_set_busy(itemfeed_accessible(spinner), newValue ? 1 : 0)
        }
    }

    /// Puts the keyboard focus on the page's button, described by the page's
    /// text: a screen reader then says both, "Try Again, button, Couldn't
    /// reach the server…", which it would not for a page that just appears.
    func focusButton() {
        guard let button = actionButton else { return }
        let description = plainDescription.isEmpty
            ? title
            : tr("{title}. {description}", ["title": title, "description": plainDescription])
        itemfeed_accessible_set_description(itemfeed_accessible(button), description)
        gtk_widget_grab_focus(button)
    }


    var title: String {
        adw_status_page_get_title(itemfeed_adw_status_page(widget)).map { String(cString: $0) } ?? ""
    }

    /// Shown as plain text: a description is Pango markup to libadwaita,
    /// and messages can carry a server's words.
    var descriptionText: String {
        get { plainDescription }
        set {
            plainDescription = newValue
            adw_status_page_set_description(itemfeed_adw_status_page(widget), Markup.escaped(newValue))
        }
    }

    private var plainDescription = ""

    private static func makePage(iconName: String?, title: String, description: String?) -> UnsafeMutablePointer<GtkWidget> {
        let page = adw_status_page_new()!
        let status = itemfeed_adw_status_page(page)
        adw_status_page_set_icon_name(status, iconName)
        adw_status_page_set_title(status, title)
        adw_status_page_set_description(status, description.map(Markup.escaped))
        return page
    }
}

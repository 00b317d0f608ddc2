import CGtk
import ItemFeed

/// The header bar's main menu button (F10 opens it), named for screen
/// readers: the list screen's and the welcome page's.
@MainActor
enum MainMenuButton {
    static func make(_ menu: OpaquePointer) -> UnsafeMutablePointer<GtkWidget> {
        let button = gtk_menu_button_new()!
        gtk_menu_button_set_icon_name(itemfeed_menu_button(button), "open-menu-symbolic")
        gtk_menu_button_set_menu_model(itemfeed_menu_button(button), itemfeed_menu_model(UnsafeMutableRawPointer(menu)))
        gtk_menu_button_set_primary(itemfeed_menu_button(button), 1)
        gtk_widget_set_tooltip_text(button, tr("Main Menu"))
        itemfeed_accessible_set_label(itemfeed_accessible(button), tr("Main Menu"))
        return button
    }
}

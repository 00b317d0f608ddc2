import CGtk
import ItemFeed

/// Subscribe on a feed opened by address: a split button whose menu also
/// offers a folder and, with accounts, each account whose server subscribes.
@MainActor
public enum SubscribeButton {
    public static func make(
        accounts: [SyncAccount], subscribe: @escaping @MainActor () -> Void, inFolder: @escaping @MainActor () -> Void,
        onAccount: @escaping @MainActor (SyncAccount) -> Void
    ) -> UnsafeMutablePointer<GtkWidget> {
        let button = adw_split_button_new()!
        adw_split_button_set_label(itemfeed_adw_split_button(button), tr("_Subscribe"))
        adw_split_button_set_use_underline(itemfeed_adw_split_button(button), 1)
        gtk_widget_add_css_class(button, "suggested-action")
        gtk_widget_set_tooltip_text(button, tr("Add this feed to the library"))
        let menu = g_menu_new()!
        g_menu_append(menu, tr("Subscribe in _Folder…"), "subscribe.in-folder")
        // With accounts: where to subscribe, each of them too.
        for account in accounts {
            g_menu_append(menu, tr("Subscribe on {account}", ["account": account.title]), "subscribe.on-account-\(account.id)")
        }
        adw_split_button_set_menu_model(itemfeed_adw_split_button(button), itemfeed_menu_model(UnsafeMutableRawPointer(menu)))
        g_object_unref(UnsafeMutableRawPointer(menu))
        Signal.connect(UnsafeMutableRawPointer(button), "clicked") { subscribe() }
        let group = g_simple_action_group_new()!
        let folderAction = g_simple_action_new("in-folder", nil)!
        Signal.connectActivate(UnsafeMutableRawPointer(folderAction)) { inFolder() }
        g_action_map_add_action(itemfeed_action_map(UnsafeMutableRawPointer(group)), itemfeed_action(UnsafeMutableRawPointer(folderAction)))
        g_object_unref(UnsafeMutableRawPointer(folderAction))
        for account in accounts {
            let accountAction = g_simple_action_new("on-account-\(account.id)", nil)!
            Signal.connectActivate(UnsafeMutableRawPointer(accountAction)) { onAccount(account) }
            g_action_map_add_action(itemfeed_action_map(UnsafeMutableRawPointer(group)), itemfeed_action(UnsafeMutableRawPointer(accountAction)))
            g_object_unref(UnsafeMutableRawPointer(accountAction))
        }
        gtk_widget_insert_action_group(button, "subscribe", itemfeed_action_group(UnsafeMutableRawPointer(group)))
        g_object_unref(UnsafeMutableRawPointer(group))
        adw_split_button_set_dropdown_tooltip(itemfeed_adw_split_button(button), tr("Subscribe in a Folder"))
        Self.nameSplitButtonParts(button, main: tr("Subscribe"), dropdown: tr("Subscribe in a Folder"))
        return button
    }

    /// libadwaita 1.2 gives the split button's parts to screen readers as
    /// "_Subscribe Subscribe" and "GtkMenuButton" (read over AT-SPI): both
    /// parts are named (the menu button's toggle takes its name from it).
    private static func nameSplitButtonParts(_ button: UnsafeMutablePointer<GtkWidget>, main: String, dropdown: String) {
        guard let mainPart = gtk_widget_get_first_child(button), let menuPart = gtk_widget_get_last_child(button) else { return }
        itemfeed_accessible_set_label(itemfeed_accessible(mainPart), main)
        // Labelled by its label too, it would be read twice.
        gtk_accessible_reset_relation(itemfeed_accessible(mainPart), GTK_ACCESSIBLE_RELATION_LABELLED_BY)
        itemfeed_accessible_set_label(itemfeed_accessible(menuPart), dropdown)
    }
}

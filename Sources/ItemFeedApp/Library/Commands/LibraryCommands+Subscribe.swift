import CGtk
import Foundation
import ItemFeed
import ItemFeedGtk
import ItemFeedSync
import ItemFeedUI

/// Subscribe on a feed opened by address: a split button whose menu also
/// offers a folder and, with accounts, each account whose server subscribes.
extension LibraryCommands {
    func subscribeButton(for feedURL: URL, shownBy controller: ItemListController<Thumbnail>, articles: HeldArticles) -> UnsafeMutablePointer<GtkWidget> {
        let button = adw_split_button_new()!
        adw_split_button_set_label(itemfeed_adw_split_button(button), tr("_Subscribe"))
        adw_split_button_set_use_underline(itemfeed_adw_split_button(button), 1)
        gtk_widget_add_css_class(button, "suggested-action")
        gtk_widget_set_tooltip_text(button, tr("Add this feed to the library"))
        let menu = g_menu_new()!
        g_menu_append(menu, tr("Subscribe in _Folder…"), "subscribe.in-folder")
        // With accounts: where to subscribe, each of them too.
        let accounts = ((try? store.accounts()) ?? []).filter { SyncServices.descriptions.first($0.service)?.feedChanges.contains(.subscribe) == true }
        for account in accounts {
            g_menu_append(menu, tr("Subscribe on {account}", ["account": account.title]), "subscribe.on-account-\(account.id)")
        }
        adw_split_button_set_menu_model(itemfeed_adw_split_button(button), itemfeed_menu_model(UnsafeMutableRawPointer(menu)))
        g_object_unref(UnsafeMutableRawPointer(menu))
        Signal.connect(UnsafeMutableRawPointer(button), "clicked") { [weak self, weak controller] in
            guard let self, let controller else { return }
            self.subscribe(feedURL, shownBy: controller, articles: articles, folder: nil)
        }
        let group = g_simple_action_group_new()!
        let inFolder = g_simple_action_new("in-folder", nil)!
        Signal.connectActivate(UnsafeMutableRawPointer(inFolder)) { [weak self, weak controller] in
            guard let self, let controller else { return }
            self.askForFolder(current: nil, heading: tr("Subscribe in Folder"), accept: tr("_Subscribe")) { folder in self.subscribe(feedURL, shownBy: controller, articles: articles, folder: folder) }
        }
        g_action_map_add_action(itemfeed_action_map(UnsafeMutableRawPointer(group)), itemfeed_action(UnsafeMutableRawPointer(inFolder)))
        g_object_unref(UnsafeMutableRawPointer(inFolder))
        for account in accounts {
            let onAccount = g_simple_action_new("on-account-\(account.id)", nil)!
            Signal.connectActivate(UnsafeMutableRawPointer(onAccount)) { [weak self] in self?.subscribe(feedURL, on: account) }
            g_action_map_add_action(itemfeed_action_map(UnsafeMutableRawPointer(group)), itemfeed_action(UnsafeMutableRawPointer(onAccount)))
            g_object_unref(UnsafeMutableRawPointer(onAccount))
        }
        gtk_widget_insert_action_group(button, "subscribe", itemfeed_action_group(UnsafeMutableRawPointer(group)))
        g_object_unref(UnsafeMutableRawPointer(group))
        adw_split_button_set_dropdown_tooltip(itemfeed_adw_split_button(button), tr("Subscribe in a Folder"))
        Self.nameSplitButtonParts(button, main: tr("Subscribe"), dropdown: tr("Subscribe in a Folder"))
        return button
    }

    /// Adds the feed with what its first load brings, and the items,
    /// articles and enclosures the window showed; then opens its view.
    func subscribe(_ feedURL: URL, shownBy controller: ItemListController<Thumbnail>, articles: HeldArticles, folder: String?) {
        let items = controller.heldItems
        let held = articles.held(for: items)
        let showing = ShownFeed(title: controller.renderer.title, items: items, articles: held.articles, enclosures: held.enclosures)
        subscribing?.cancel()
        // The feed is asked once more (its validators, when to ask next): say so meanwhile.
        shown?.notify(tr("Subscribing to {title}…", ["title": controller.renderer.title ?? FeedAddress.displayName(of: feedURL)]))
        subscribing = account.subscribe(SubscribeRequest(address: feedURL, folder: folder, shown: showing)) { [weak self] result in
            guard let self else { return }
            subscribing = nil
            switch result {
            case let .success(subscribed):
                if let index = sidebar.rows.firstIndex(where: { $0.feedAddress == subscribed.address }) { sidebar.select(at: index) }
                shown?.notify(subscribed.added == nil
                    ? tr("{title} is in the library already", ["title": subscribed.title])
                    : tr("Subscribed to {title}", ["title": subscribed.title]))
            case let .failure(error):
                shown?.notify(error)
            }
        }
    }

    /// libadwaita 1.2 gives the split button's parts to screen readers as
    /// "_Subscribe Subscribe" and "GtkMenuButton" (read over AT-SPI): both
    /// parts are named (the menu button's toggle takes its name from it).
    static func nameSplitButtonParts(_ button: UnsafeMutablePointer<GtkWidget>, main: String, dropdown: String) {
        guard let mainPart = gtk_widget_get_first_child(button), let menuPart = gtk_widget_get_last_child(button) else { return }
        itemfeed_accessible_set_label(itemfeed_accessible(mainPart), main)
        // Labelled by its label too, it would be read twice.
        gtk_accessible_reset_relation(itemfeed_accessible(mainPart), GTK_ACCESSIBLE_RELATION_LABELLED_BY)
        itemfeed_accessible_set_label(itemfeed_accessible(menuPart), dropdown)
    }
}

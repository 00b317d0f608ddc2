import CGtk
import Foundation
import ItemFeed
import ItemFeedGtk

/// The primary menu's Recent Feeds: the last feeds opened, kept in the XDG
/// config folder, each item opening its feed through `app.open-recent`.
@MainActor
final class RecentFeedsMenu {
    private let file = RecentFeedsFile()
    private lazy var recent = file.load()
    private let menu = g_menu_new()!

    /// Shared by every screen's menu button, so it is rebuilt in one place.
    var menuModel: UnsafeMutablePointer<GMenuModel> { itemfeed_menu_model(UnsafeMutableRawPointer(menu)) }

    /// `feedURL` now shows; unless it is not to be remembered (a bundled
    /// demo), it goes first in the list and the file.
    func opened(_ feedURL: URL, remember: Bool) {
        if remember {
            recent.opened(feedURL)
            file.save(recent)
        }
        g_menu_remove_all(menu)
        for url in recent.addresses where url != feedURL {
            let item = g_menu_item_new(Self.label(for: url), nil)!
            g_menu_item_set_action_and_target_value(item, "app.open-recent", g_variant_new_string(url.absoluteString))
            g_menu_append_item(menu, item)
            g_object_unref(UnsafeMutableRawPointer(item))
        }
    }

    /// "blog.example.com/feed.xml", "Qiita: swift", "notes.rss".
    private static func label(for url: URL) -> String {
        if url.isFileURL || QiitaAPI.isItemsURL(url) { return FeedAddress.displayName(of: url) }
        return (url.host ?? "") + url.path
    }
}

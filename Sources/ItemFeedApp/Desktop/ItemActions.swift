import CGtk
import ItemFeed
import ItemFeedGtk

/// The application's actions on one library item, named by its key (as
/// text, the notification's target): what a notification's Open and Mark
/// as Read call, with or without a window.
enum ItemActions {
    static let open = "open-item"
    static let markRead = "mark-item-read"

    @MainActor
    static func add(to actionMap: UnsafeMutableRawPointer, open: @escaping @MainActor (LibraryItem.Key) -> Void, markRead: @escaping @MainActor (LibraryItem.Key) -> Void) {
        for (name, handler) in [(Self.open, open), (Self.markRead, markRead)] {
            let type = g_variant_type_new("s")
            let action = g_simple_action_new(name, type)!
            g_variant_type_free(type)
            // Anything but a key (a stale or forged target) does nothing.
            Signal.connectActivate(UnsafeMutableRawPointer(action)) { (key: String) in
                if let key = LibraryItem.Key(key) { handler(key) }
            }
            g_action_map_add_action(itemfeed_action_map(actionMap), itemfeed_action(UnsafeMutableRawPointer(action)))
            g_object_unref(UnsafeMutableRawPointer(action))
        }
    }
}

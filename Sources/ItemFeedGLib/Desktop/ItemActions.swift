import ItemFeed

/// The application's actions on one library item, named by its key (as
/// text, the notification's target): what a notification's Open and Mark
/// as Read call, in the window's process or the background's.
public enum ItemActions {
    public static let open = "open-item"
    public static let markRead = "mark-item-read"

    @MainActor
    public static func add(to actionMap: UnsafeMutableRawPointer, open: @escaping @MainActor (LibraryItem.Key) -> Void, markRead: @escaping @MainActor (LibraryItem.Key) -> Void) {
        for (name, handler) in [(Self.open, open), (Self.markRead, markRead)] {
            // Anything but a key (a stale or forged target) does nothing.
            ApplicationActions.add(name, to: actionMap) { (key: String) in
                if let key = LibraryItem.Key(key) { handler(key) }
            }
        }
    }
}

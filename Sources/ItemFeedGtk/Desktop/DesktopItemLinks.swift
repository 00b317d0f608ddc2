import CGtk
import Foundation
import ItemFeed

/// Hands an item's link to the desktop: opened with the default handler
/// (the OpenURI portal inside Flatpak), or put on the clipboard. Items
/// without a link have nowhere to go. What happened is told as a passing
/// notice (a toast), since neither leaves a trace in the window otherwise.
public final class DesktopItemLinks: ItemListCoordinator {
    /// Shows a passing notice; the app points it at the screen's toasts.
    public var notify: ((String) -> Void)?
    /// Opens a feed in the window; the app points it at its own opening.
    public var openFeed: ((URL) -> Void)?

    public init() {}

    public func open(_ item: Item) {
        guard let link = item.link else { return }
        open(link)
    }

    /// A link of an article, or an item's.
    public func open(_ link: URL) {
        var error: UnsafeMutablePointer<GError>?
        if g_app_info_launch_default_for_uri(link.absoluteString, nil, &error) == 0 {
            let reason = error.map { String(cString: $0.pointee.message) } ?? ""
            g_clear_error(&error)
            FileHandle.standardError.write(Data("item-feed: could not open \(link.absoluteString): \(reason)\n".utf8))
            notify?(tr("Couldn't open the link. {reason}", ["reason": reason]))
        }
    }

    public func openFeed(at url: URL) {
        openFeed?(url)
    }

    public func copyLink(of item: Item) {
        guard let link = item.link, let display = gdk_display_get_default() else { return }
        gdk_clipboard_set_text(gdk_display_get_clipboard(display), link.absoluteString)
        notify?(tr("Link copied"))
    }
}

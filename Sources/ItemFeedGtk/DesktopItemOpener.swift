import CGtk
import Foundation
import ItemFeed

/// Opens an activated item's link with the desktop's default handler (the
/// OpenURI portal inside Flatpak). Items without a link have nowhere to go.
public final class DesktopItemOpener: ItemListCoordinator {
    public init() {}

    public func open(_ item: Item) {
        guard let link = item.link else { return }
        var error: UnsafeMutablePointer<GError>?
        if g_app_info_launch_default_for_uri(link.absoluteString, nil, &error) == 0 {
            let message = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
            g_clear_error(&error)
            FileHandle.standardError.write(Data("item-feed: could not open \(link.absoluteString): \(message)\n".utf8))
        }
    }
}

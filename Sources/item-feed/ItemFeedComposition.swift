import CGtk
import Foundation
import ItemFeed
import ItemFeedCurl
import ItemFeedGtk
import ItemFeedUI

/// The only place that sees every layer: real loaders on libcurl, the GLib
/// main context for delivery, gdk-pixbuf for decoding.
@MainActor
enum ItemFeedComposition {
    /// One session (one multi handle, one worker thread) for the whole app.
    static let session = CurlSession(userAgent: ItemFeedInfo.userAgent, deliver: MainContext.invoke)

    static func feedLoader(for feedURL: URL) -> RemoteItemLoader {
        let client = CurlHTTPClient(session: session, limits: .feed, allowsLocalFiles: feedURL.isFileURL)
        return RemoteItemLoader(url: feedURL, client: client, decode: BackgroundFeedDecoder.decode)
    }

    static func makeListController(feedURL: URL, coordinator: ItemListCoordinator) -> ItemListController<Thumbnail> {
        // Local image files are only followed for a local feed (the demo):
        // the feed mapping already refuses file URLs from the network.
        let imageClient = CurlHTTPClient(session: session, limits: .image, allowsLocalFiles: feedURL.isFileURL)
        return ItemListComposer.compose(
            itemLoader: feedLoader(for: feedURL),
            imageLoader: RemoteImageDataLoader(client: imageClient),
            imageDecoder: PixbufImageDecoder(maxPixelSize: Int(ItemRowWidget.thumbnailSize) * displayScale()),
            coordinator: coordinator
        )
    }

    /// The largest scale factor among the monitors, so thumbnails stay sharp
    /// on a HiDPI screen; at least 1 without a display.
    private static func displayScale() -> Int {
        guard let display = gdk_display_get_default() else { return 1 }
        let monitors = gdk_display_get_monitors(display)
        var scale: Int32 = 1
        for index in 0..<g_list_model_get_n_items(monitors) {
            guard let monitor = g_list_model_get_item(monitors, index) else { continue }
            scale = max(scale, gdk_monitor_get_scale_factor(OpaquePointer(monitor)))
            g_object_unref(monitor)
        }
        return Int(scale)
    }
}

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

    /// What the server says, no fallback: for `--print`.
    static func feedLoader(for feedURL: URL, cache: FeedCache? = nil) -> RemoteItemLoader {
        let client = CurlHTTPClient(session: session, limits: .feed, allowsLocalFiles: feedURL.isFileURL)
        return RemoteItemLoader(url: feedURL, client: client, cache: cache, decode: BackgroundFeedDecoder.decode)
    }

    /// For the window: the feed from its server, or when that fails or is
    /// empty, the last good copy from the XDG cache folder (in a Flatpak,
    /// the app's own cache folder). A local feed needs no copy.
    static func windowFeedLoader(for feedURL: URL, notice: SavedFeedNotice) -> ItemLoader {
        guard !feedURL.isFileURL else { return feedLoader(for: feedURL) }
        let cache = FeedCache(directory: cacheDirectory, feedURL: feedURL) { write in
            diskQueue.async(execute: write)
        }
        return ItemLoaderWithFallback(
            primary: feedLoader(for: feedURL, cache: cache),
            fallback: CachedFeedLoader(cache: cache, feedURL: feedURL, decode: BackgroundFeedDecoder.decode),
            didUseFallback: { error in notice.screen?.showingSavedFeed(because: error) }
        )
    }

    /// The loader exists before the screen it reports to, so it reaches the
    /// screen through this (weakly, as the screen owns the loader).
    final class SavedFeedNotice {
        weak var screen: ItemListController<Thumbnail>?
    }

    /// Where the feed cache writes, away from the UI thread.
    nonisolated private static let diskQueue = DispatchQueue(label: "ItemFeed feed cache", qos: .userInitiated)

    /// `$XDG_CACHE_HOME/item-feed`, or the Flatpak's own cache folder.
    private static var cacheDirectory: URL {
        URL(fileURLWithPath: String(cString: g_get_user_cache_dir()), isDirectory: true)
            .appendingPathComponent("item-feed", isDirectory: true)
    }

    /// Thumbnails kept between runs, for web feeds; a local feed's images
    /// are on disk already.
    private static func imageStore(for feedURL: URL) -> ItemImageDataStore? {
        guard !feedURL.isFileURL else { return nil }
        let cache = ImageDataCache(directory: cacheDirectory.appendingPathComponent("images", isDirectory: true))
        return BackgroundImageDataStore(cache: cache, maxBytes: 64 * 1024 * 1024)
    }

    static func makeListController(feedURL: URL, coordinator: ItemListCoordinator) -> ItemListController<Thumbnail> {
        // Local image files are only followed for a local feed (the demo):
        // the feed mapping already refuses file URLs from the network.
        let imageClient = CurlHTTPClient(session: session, limits: .image, allowsLocalFiles: feedURL.isFileURL)
        let notice = SavedFeedNotice()
        let controller = ItemListComposer.compose(
            itemLoader: windowFeedLoader(for: feedURL, notice: notice),
            imageLoader: RemoteImageDataLoader(client: imageClient),
            imageDecoder: PixbufImageDecoder(maxPixelSize: Int(ItemRowWidget.thumbnailSize) * displayScale()),
            imageStore: imageStore(for: feedURL),
            coordinator: coordinator
        )
        notice.screen = controller
        return controller
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

import CGtk
import Foundation
import ItemFeed
import ItemFeedCurl
import ItemFeedGtk
import ItemFeedUI
import ItemFeedXML

/// The only place that sees every layer: real loaders on libcurl, the GLib
/// main context for delivery, gdk-pixbuf for decoding.
@MainActor
enum ItemFeedComposition {
    /// One session (one multi handle, one worker thread) for the whole app.
    static let session = CurlSession(userAgent: ItemFeedInfo.userAgent, deliver: MainContext.invoke)

    /// Every format the app reads, in the order they are asked: Qiita by
    /// its address, then the formats that announce themselves, then XML.
    static let formats: [any FeedFormat] = .json + [RSSFormat(), AtomFormat()]

    /// What the server says, no fallback: for `--print`.
    static func feedLoader(for feedURL: URL, cache: FeedCache? = nil) -> RemoteFeedLoader {
        let client = CurlHTTPClient(session: session, limits: .feed, allowsLocalFiles: feedURL.isFileURL)
        return RemoteFeedLoader(url: feedURL, client: client, formats: formats, cache: cache, map: BackgroundFeedMapping.map)
    }

    /// For the window: the first page from the feed's server, or when that
    /// fails or is empty, the last good copy from the XDG cache folder (in a
    /// Flatpak, the app's own cache folder), marked as such in the feed it
    /// delivers; later pages from the server only. A local feed needs no copy.
    static func windowFeedLoader(for feedURL: URL) -> (first: ItemLoader, later: ItemPageLoader) {
        guard !feedURL.isFileURL else {
            let loader = feedLoader(for: feedURL)
            return (loader, loader)
        }
        let cache = FeedCache(directory: cacheDirectory, feedURL: feedURL) { write in
            diskQueue.async(execute: write)
        }
        let remote = feedLoader(for: feedURL, cache: cache)
        let first = ItemLoaderWithFallback(
            primary: remote,
            fallback: CachedFeedLoader(cache: cache, feedURL: feedURL, formats: formats, map: BackgroundFeedMapping.map)
        )
        return (first, remote)
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
        let maxBytes = 64 * 1024 * 1024
        let cache = ImageDataCache(directory: cacheDirectory.appendingPathComponent("images", isDirectory: true), maxBytes: maxBytes)
        return BackgroundImageDataStore(cache: cache, maxBytes: maxBytes)
    }

    static func makeListController(feedURL: URL, coordinator: ItemListCoordinator) -> ItemListController<Thumbnail> {
        // Local image files are only followed for a local feed (the demo):
        // the feed mapping already refuses file URLs from the network.
        let imageClient = CurlHTTPClient(session: session, limits: .image, allowsLocalFiles: feedURL.isFileURL)
        let loaders = windowFeedLoader(for: feedURL)
        // Qiita searches on its server; every other source is filtered here.
        let search = QiitaAPI.isItemsURL(feedURL) ? QiitaSearchLoader(itemsURL: feedURL, pages: loaders.later) : nil
        return ItemListComposer.compose(
            itemLoader: loaders.first,
            pageLoader: loaders.later,
            searchLoader: search,
            schedule: MainContextTimer.schedule,
            imageLoader: RemoteImageDataLoader(client: imageClient),
            imageDecoder: PixbufImageDecoder(maxPixelSize: Int(ItemRowWidget.thumbnailSize) * displayScale()),
            imageStore: imageStore(for: feedURL),
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

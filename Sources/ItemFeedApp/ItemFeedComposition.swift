import CGtk
import Foundation
import ItemFeed
import ItemFeedCurl
import ItemFeedGLib
import ItemFeedGtk
import ItemFeedStore
import ItemFeedUI
import ItemFeedXML

/// The only place that sees every layer: loaders on an HTTP client, the GLib
/// main context for delivery, gdk-pixbuf for decoding, the cache folder.
///
/// What differs between the app and its acceptance tests comes in through
/// `init`: the app passes libcurl and the XDG cache folder (`live()`), the
/// tests an in-memory server and a temporary folder, so the wiring they
/// check is the wiring users get.
@MainActor
public final class ItemFeedComposition {
    /// The client for a feed's requests, and one for thumbnails; each is
    /// told the feed's address, because only a local feed may read files,
    /// and the most bytes a body may have.
    public typealias MakeClient = (_ feedURL: URL, _ maxBodyBytes: Int) -> HTTPClient

    /// The largest feed body loaded (32 MiB unless `--max-feed-size` says
    /// otherwise): a bigger one is stopped with a clear error, not mapped.
    public var maxFeedBytes = CurlTransferLimits.feed.maxBodyBytes

    private let feedClient: MakeClient
    private let imageClient: MakeClient
    private let cacheDirectory: URL
    /// Where the library's database lives.
    public let libraryDirectory: URL
    private let now: @Sendable () -> Date

    public init(
        feedClient: @escaping MakeClient,
        imageClient: @escaping MakeClient,
        cacheDirectory: URL,
        libraryDirectory: URL,
        now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.feedClient = feedClient
        self.imageClient = imageClient
        self.cacheDirectory = cacheDirectory
        self.libraryDirectory = libraryDirectory
        self.now = now
    }

    /// The library's store, on this thread. A file that cannot be used is
    /// kept aside and an empty library opened (`problem` says so).
    public func openLibrary() throws -> LibraryFile.Opened {
        try LibraryFile.open(in: libraryDirectory, now: now)
    }

    /// libcurl, one session (one multi handle, one worker thread) for the
    /// whole app, `$XDG_CACHE_HOME/item-feed` for caches and
    /// `$XDG_DATA_HOME/item-feed` for the library (in a Flatpak, the app's
    /// own folders).
    public static func live() -> ItemFeedComposition {
        let session = CurlSession(userAgent: ItemFeedInfo.userAgent, deliver: MainContext.invoke)
        let cacheDirectory = URL(fileURLWithPath: String(cString: g_get_user_cache_dir()), isDirectory: true)
            .appendingPathComponent("item-feed", isDirectory: true)
        return ItemFeedComposition(
            // A big feed's body waits for its mapping in the cache folder,
            // on disk, not in the heap (`FeedBodyFile`).
            feedClient: { client(session, .feed, for: $0, maxBodyBytes: $1, bodyFileDirectory: cacheDirectory) },
            // Local image files are only followed for a local feed (the
            // demo): the feed mapping already refuses file URLs from the network.
            imageClient: { client(session, .image, for: $0, maxBodyBytes: $1) },
            cacheDirectory: cacheDirectory,
            libraryDirectory: URL(fileURLWithPath: String(cString: g_get_user_data_dir()), isDirectory: true)
                .appendingPathComponent("item-feed", isDirectory: true)
        )
    }

    /// Every format the app reads, in the order they are asked: Qiita by
    /// its address, then the formats that announce themselves, then XML.
    private static func client(
        _ session: CurlSession, _ limits: CurlTransferLimits, for feedURL: URL, maxBodyBytes: Int, bodyFileDirectory: URL? = nil
    ) -> HTTPClient {
        var limits = limits
        limits.maxBodyBytes = maxBodyBytes
        return CurlHTTPClient(session: session, limits: limits, allowsLocalFiles: feedURL.isFileURL, bodyFileDirectory: bodyFileDirectory)
    }

    private static let formats: [any FeedFormat] = .json + [RSSFormat(), AtomFormat()]
    /// The same, keeping each item's article for the reading pane.
    private static let readingFormats: [any FeedFormat] = [
        QiitaFormat(keepsArticles: true), JSONFeedFormat(keepsArticles: true), NativeFeedFormat(),
        RSSFormat(keepsArticles: true), AtomFormat(keepsArticles: true),
    ]

    /// What the server says, no fallback: for `--print`; for the window,
    /// keeping each item's article.
    public func feedLoader(for feedURL: URL, cache: FeedCache? = nil, keepsArticles: Bool = false) -> RemoteFeedLoader {
        RemoteFeedLoader(
            url: feedURL, client: feedClient(feedURL, maxFeedBytes), formats: keepsArticles ? Self.readingFormats : Self.formats, cache: cache,
            links: HTMLFeedLinks(), map: BackgroundFeedMapping.map
        )
    }

    /// For the window: the first page from the feed's server, or when that
    /// fails or is empty, the last good copy from the XDG cache folder (in a
    /// Flatpak, the app's own cache folder), marked as such in the feed it
    /// delivers; later pages from the server only. A local feed needs no copy.
    private func windowFeedLoader(for feedURL: URL) -> (first: ItemLoader, later: ItemPageLoader) {
        guard !feedURL.isFileURL else {
            let loader = feedLoader(for: feedURL, keepsArticles: true)
            return (loader, loader)
        }
        let cache = FeedCache(directory: cacheDirectory, feedURL: feedURL) { write in
            Self.diskWork.run(write)
        }
        let remote = feedLoader(for: feedURL, cache: cache, keepsArticles: true)
        let first = ItemLoaderWithFallback(
            primary: remote,
            fallback: CachedFeedLoader(cache: cache, feedURL: feedURL, formats: Self.readingFormats, map: BackgroundFeedMapping.map)
        )
        return (first, remote)
    }

    /// Where the feed cache writes, away from the UI thread.
    nonisolated private static let diskWork = BackgroundWork(label: "ItemFeed feed cache")

    /// An article's images: the thumbnails' pipeline (libcurl with the
    /// image caps, gdk-pixbuf off the UI thread, the bytes kept between
    /// runs), decoded at the reading column's width; web addresses only.
    public func articleImages() -> ArticleView.LoadImage {
        let loader = ItemThumbnailLoader(
            imageLoader: RemoteImageDataLoader(client: imageClient(URL(string: "https://article.invalid/")!, CurlTransferLimits.image.maxBodyBytes)),
            decoder: PixbufImageDecoder(maxPixelSize: ArticleView.imageWidth * Self.displayScale()),
            store: imageStore()
        )
        return { url, completion in loader.loadThumbnail(from: url) { completion(try? $0.get()) } }
    }

    /// The sidebar's feed icons: the thumbnails' pipeline at the avatar's
    /// size, a site's `/favicon.ico` read too, the bytes kept between runs.
    public func feedIcons() -> ArticleView.LoadImage {
        let loader = ItemThumbnailLoader(
            imageLoader: RemoteImageDataLoader(client: imageClient(URL(string: "https://icons.invalid/")!, CurlTransferLimits.image.maxBodyBytes)),
            decoder: PixbufImageDecoder(maxPixelSize: 32 * Self.displayScale(), acceptsIcons: true),
            store: imageStore()
        )
        return { url, completion in loader.loadThumbnail(from: url) { completion(try? $0.get()) } }
    }

    /// Thumbnails kept between runs, for web feeds (a local feed's images
    /// are on disk already) and the library.
    private func imageStore() -> ItemImageDataStore {
        let maxBytes = 64 * 1024 * 1024
        let cache = ImageDataCache(directory: cacheDirectory.appendingPathComponent("images", isDirectory: true), maxBytes: maxBytes)
        return BackgroundImageDataStore(cache: cache, maxBytes: maxBytes)
    }

    /// A feed opened by address: its list, each page's articles held in
    /// `articles` for the reading pane.
    public func makeListController(feedURL: URL, coordinator: ItemListCoordinator, articles: HeldArticles = HeldArticles()) -> ItemListController<Thumbnail> {
        let window = windowFeedLoader(for: feedURL)
        let loader = ArticleHoldingLoader(first: window.first, later: window.later, holdingIn: articles)
        // Qiita searches on its server; every other source is filtered here.
        let search = QiitaAPI.isItemsURL(feedURL) ? QiitaSearchLoader(itemsURL: feedURL, pages: loader) : nil
        return composeList(
            itemLoader: loader, pageLoader: loader, searchLoader: search, rangeLoader: nil, marks: nil,
            imagesOf: feedURL, keepsImages: !feedURL.isFileURL, coordinator: coordinator
        )
    }

    /// A library view's list: the same rows and thumbnails, read from the
    /// store a page at a time, searched through its index, marks shown and
    /// written through `writer` (the store itself when `nil`); opening an
    /// item marks it read, then `links` opens it. The list's
    /// presenter holds its coordinator weakly: keep the whole `LibraryList`.
    /// Images may be local files: items mapped from the network never name
    /// one (the mapping refuses them), so only local feeds' items do.
    public func makeLibraryList(
        of view: LibraryView, titled title: String, in store: LibraryStore, writer: LibraryWriter? = nil, links: ItemListCoordinator
    ) -> LibraryList {
        let loader = LibraryViewLoader(view: view, title: title, store: store, writer: writer)
        let coordinator = LibraryItemLinks(loader: loader, links: links)
        let controller = composeList(
            itemLoader: loader, pageLoader: loader, searchLoader: loader, rangeLoader: loader, marks: loader,
            imagesOf: URL(fileURLWithPath: "/"), keepsImages: true, coordinator: coordinator
        )
        loader.marksChanged = { [weak controller] in controller?.marksChanged() }
        return LibraryList(controller: controller, loader: loader, links: coordinator)
    }

    /// The library on this computer, asking feeds with the app's loaders
    /// and writing through `writer` (the window's and the command line's:
    /// a connection on a queue of its own).
    public func localAccount(writingTo writer: LibraryWriter) -> LocalAccount {
        LocalAccount(writer: writer, loader: { [unowned self] in subscriptionLoader(for: $0) }, now: now)
    }

    /// A feed asked the polite way, with the app's client and formats; a new
    /// subscription's web page followed to the feed it names.
    public func subscriptionLoader(for address: URL) -> SubscriptionLoader {
        SubscriptionLoader(client: feedClient(address, maxFeedBytes), formats: Self.readingFormats, links: HTMLFeedLinks(), map: BackgroundFeedMapping.map, now: now)
    }

    /// The window's writer: the library file on a worker queue.
    public func libraryWriter() throws -> LibraryWriter {
        try BackgroundLibraryWriter(file: LibraryFile.url(in: libraryDirectory))
    }

    private func composeList(
        itemLoader: ItemLoader, pageLoader: ItemPageLoader, searchLoader: ItemSearchLoader?, rangeLoader: ItemRangeLoader?, marks: ItemMarks?,
        imagesOf feedURL: URL, keepsImages: Bool, coordinator: ItemListCoordinator
    ) -> ItemListController<Thumbnail> {
        let pixels = Int(ItemRowWidget.thumbnailSize) * Self.displayScale()
        return ItemListComposer.compose(
            itemLoader: itemLoader,
            pageLoader: pageLoader,
            searchLoader: searchLoader,
            rangeLoader: rangeLoader,
            schedule: MainContextTimer.schedule,
            imageLoader: RemoteImageDataLoader(client: imageClient(feedURL, CurlTransferLimits.image.maxBodyBytes)),
            imageDecoder: PixbufImageDecoder(maxPixelSize: pixels),
            imageStore: keepsImages ? imageStore() : nil,
            // 400 thumbnails at the display's scale (6.25 MiB at 1×, 25 MiB
            // at 2×): the ~200 rows GTK keeps bound plus as many again, so
            // rows scrolled back over a moment later are not decoded again.
            decodedThumbnails: DecodedThumbnails(maxBytes: 400 * pixels * pixels * 4) { $0.pixelWidth * $0.pixelHeight * 4 },
            coordinator: coordinator,
            rowDescription: ItemRowDescription(now: now),
            marks: marks
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

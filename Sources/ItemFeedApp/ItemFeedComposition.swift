import CGtk
import Foundation
import ItemFeed
import ItemFeedCommandLine
import ItemFeedCurl
import ItemFeedGLib
import ItemFeedGtk
import ItemFeedLibrary
import ItemFeedStore
import ItemFeedUI
import ItemFeedXML

/// The only place that sees every layer: the command line's composition
/// (loaders on an HTTP client, the library and its writer) with the
/// window's parts added: the GLib main context for delivery, gdk-pixbuf for
/// decoding, the image caches.
///
/// What differs between the app and its acceptance tests comes in through
/// `init`: the app passes libcurl and the XDG cache folder (`live()`), the
/// tests an in-memory server and a temporary folder, so the wiring they
/// check is the wiring users get.
@MainActor
public final class ItemFeedComposition: LibraryComposition {
    private let imageClient: MakeClient

    public init(
        feedClient: @escaping MakeClient,
        imageClient: @escaping MakeClient,
        cacheDirectory: URL,
        libraryDirectory: URL,
        now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.imageClient = imageClient
        super.init(feedClient: feedClient, cacheDirectory: cacheDirectory, libraryDirectory: libraryDirectory, libraryMemory: .window, now: now)
        CodeLanguageFiles.trust()
    }

    /// libcurl for feeds and images in one session, and the XDG folders.
    public static func live() -> ItemFeedComposition {
        let live = LibraryComposition.Live()
        return ItemFeedComposition(
            feedClient: live.feedClient, imageClient: live.imageClient,
            cacheDirectory: live.cacheDirectory, libraryDirectory: live.libraryDirectory
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
            fallback: CachedFeedLoader(cache: cache, feedURL: feedURL, formats: LibraryComposition.readingFormats, map: BackgroundFeedMapping.map)
        )
        return (first, remote)
    }

    /// Where the feed cache writes, away from the UI thread.
    nonisolated private static let diskWork = BackgroundWork(label: "ItemFeed feed cache")

    /// An article's pictures: the thumbnails' pipeline (libcurl with the
    /// image caps, gdk-pixbuf off the UI thread), decoded at the reading
    /// column's width, or `whole` (at most `wholePictureSize` a side) for
    /// the window a click opens; web addresses only. Their bytes are kept in
    /// a folder of their own, apart from thumbnails, so a long scroll of the
    /// list does not push out the pictures of what was read.
    public func articlePictures(whole: Bool = false) -> ArticleView.LoadImage {
        let loader = ItemThumbnailLoader(
            imageLoader: RemoteImageDataLoader(client: imageClient(URL(string: "https://article.invalid/")!, CurlTransferLimits.image.maxBodyBytes)),
            decoder: PixbufImageDecoder(maxPixelSize: whole ? Self.wholePictureSize : ArticleView.imageWidth * Self.displayScale(), shape: .whole),
            store: articlePictureStore
        )
        return { url, completion in loader.loadThumbnail(from: url) { completion(try? $0.get()) } }
    }

    /// A picture opened whole: 2560 × 2560 pixels at 4 bytes each is 25 MiB,
    /// within what the pane may add.
    static let wholePictureSize = 2_560

    /// Read articles' pictures on disk, within the reader's choice (`keepArticlePictures`).
    private lazy var articlePictureStore = BackgroundImageDataStore(cache: ImageDataCache(
        directory: cacheDirectory.appendingPathComponent("article-pictures", isDirectory: true), maxBytes: ArticlePictureStorage.standard.bytes
    ))

    /// The room read articles' pictures may take, trimmed to at once.
    public func keepArticlePictures(within storage: ArticlePictureStorage) {
        articlePictureStore.keep(atMost: storage.bytes)
    }

    /// The sidebar's feed icons: the thumbnails' pipeline at the avatar's
    /// size, a site's `/favicon.ico` read too, the bytes kept between runs;
    /// for a feed that names no icon, what its site's home page names first.
    public func feedIcons() -> ArticleView.LoadImage {
        let loader = ItemThumbnailLoader(
            imageLoader: RemoteImageDataLoader(client: imageClient(URL(string: "https://icons.invalid/")!, CurlTransferLimits.image.maxBodyBytes)),
            decoder: PixbufImageDecoder(maxPixelSize: 32 * Self.displayScale(), acceptsIcons: true),
            store: imageStore()
        )
        // A home page's icon is in its head: 1 MiB is plenty.
        let sites = SiteIconLoader<Thumbnail>(
            pages: feedClient(URL(string: "https://icons.invalid/")!, 1 << 20), findIcon: HTMLFeedLinks().icon(in:from:)
        ) { url, completion in loader.loadThumbnail(from: url) { completion(try? $0.get()) } }
        return { url, completion in sites.load(url, completion: completion) }
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

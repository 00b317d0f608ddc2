import Foundation
import ItemFeed
import ItemFeedCurl
import ItemFeedGLib
import ItemFeedSecret
import ItemFeedStore
import ItemFeedSync
import ItemFeedXML

/// The wiring of everything that works without a window: feeds asked over
/// libcurl, the library file and its writer, the local account. The command
/// line uses it alone, so it never loads GTK; the window's composition is
/// this one with the window's parts added.
@MainActor
open class LibraryComposition {
    /// The client for a feed's requests, and one for thumbnails; each is
    /// told the feed's address, because only a local feed may read files,
    /// and the most bytes a body may have.
    public typealias MakeClient = (_ feedURL: URL, _ maxBodyBytes: Int) -> HTTPClient

    /// The largest feed body loaded (32 MiB unless `--max-feed-size` says
    /// otherwise): a bigger one is stopped with a clear error, not mapped.
    public var maxFeedBytes = CurlTransferLimits.feed.maxBodyBytes

    public let feedClient: MakeClient
    /// Where caches live: feeds' last good copies, images.
    public let cacheDirectory: URL
    /// Where the library's database lives.
    public let libraryDirectory: URL
    public let now: @Sendable () -> Date
    /// The window's connections keep more of the file in memory than a command's.
    public let libraryMemory: LibraryMemory

    public init(
        feedClient: @escaping MakeClient, cacheDirectory: URL, libraryDirectory: URL, libraryMemory: LibraryMemory = .command,
        now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.feedClient = feedClient
        self.libraryMemory = libraryMemory
        self.cacheDirectory = cacheDirectory
        self.libraryDirectory = libraryDirectory
        self.now = now
    }

    /// libcurl, one session (one multi handle, one worker thread) for the
    /// whole process, and the XDG folders: `$XDG_CACHE_HOME/item-feed` for
    /// caches, `$XDG_DATA_HOME/item-feed` for the library (in a Flatpak, the
    /// app's own folders).
    public struct Live {
        public let session: CurlSession
        public let cacheDirectory: URL
        public let libraryDirectory: URL

        public init() {
            session = CurlSession(userAgent: ItemFeedInfo.userAgent, deliver: MainContext.invoke)
            cacheDirectory = XDGDirectory.cache.appendingPathComponent("item-feed", isDirectory: true)
            libraryDirectory = XDGDirectory.data.appendingPathComponent("item-feed", isDirectory: true)
        }

        /// A big feed's body waits for its mapping in the cache folder, on
        /// disk, not in the heap (`FeedBodyFile`).
        public var feedClient: MakeClient {
            { [session, cacheDirectory] in Self.client(session, .feed, for: $0, maxBodyBytes: $1, bodyFileDirectory: cacheDirectory) }
        }

        /// Local image files are only followed for a local feed (the demo):
        /// the feed mapping already refuses file URLs from the network.
        public var imageClient: MakeClient {
            { [session] in Self.client(session, .image, for: $0, maxBodyBytes: $1) }
        }

        private static func client(
            _ session: CurlSession, _ limits: CurlTransferLimits, for feedURL: URL, maxBodyBytes: Int, bodyFileDirectory: URL? = nil
        ) -> HTTPClient {
            var limits = limits
            limits.maxBodyBytes = maxBodyBytes
            return CurlHTTPClient(session: session, limits: limits, allowsLocalFiles: feedURL.isFileURL, bodyFileDirectory: bodyFileDirectory)
        }
    }

    /// The command line's: libcurl for feeds, the XDG folders.
    public static func liveLibrary() -> LibraryComposition {
        let live = Live()
        return LibraryComposition(feedClient: live.feedClient, cacheDirectory: live.cacheDirectory, libraryDirectory: live.libraryDirectory)
    }

    public static let formats: [any FeedFormat] = .json + [RSSFormat(), AtomFormat()]
    /// The same, keeping each item's article for the reading pane.
    public static let readingFormats: [any FeedFormat] = [
        QiitaFormat(keepsArticles: true), JSONFeedFormat(keepsArticles: true), NativeFeedFormat(),
        RSSFormat(keepsArticles: true), AtomFormat(keepsArticles: true),
    ]

    /// The library's store, on this thread. A file that cannot be used is
    /// kept aside and an empty library opened (`problem` says so).
    public func openLibrary() throws -> LibraryFile.Opened {
        try LibraryFile.open(in: libraryDirectory, memory: libraryMemory, now: now)
    }

    /// The writer of the window and the command line: the library file on a
    /// worker queue.
    public func libraryWriter() throws -> LibraryWriter {
        try BackgroundLibraryWriter(file: LibraryFile.url(in: libraryDirectory), memory: libraryMemory)
    }

    /// What the server says, no fallback: for `--print`; for the window,
    /// keeping each item's article.
    public func feedLoader(for feedURL: URL, cache: FeedCache? = nil, keepsArticles: Bool = false) -> RemoteFeedLoader {
        RemoteFeedLoader(
            url: feedURL, client: feedClient(feedURL, maxFeedBytes), formats: keepsArticles ? Self.readingFormats : Self.formats, cache: cache,
            links: HTMLFeedLinks(), map: BackgroundFeedMapping.map
        )
    }

    /// The library on this computer, asking feeds with the app's loaders
    /// and writing through `writer`.
    public func localAccount(writingTo writer: LibraryWriter) -> LocalAccount {
        LocalAccount(writer: writer, loader: { [unowned self] in subscriptionLoader(for: $0) }, now: now)
    }

    /// Accounts on feed servers: their secrets in the desktop's keyring,
    /// their rounds on a queue of their own, talking to their servers
    /// through a libcurl session whose answers that queue waits for.
    public func accountWork() -> AccountWork {
        let session = syncSession
        return AccountWork(
            libraryFile: LibraryFile.url(in: libraryDirectory),
            secrets: SecretServiceSecrets(library: LibraryFile.url(in: libraryDirectory)),
            makeService: { account, credentials, stop in
                try SyncServices.make(for: account, credentials: credentials, client: CurlHTTPClient(session: session.value, limits: .feed), stop: stop)
            },
            now: now
        )
    }

    /// Answers on its own worker thread: the sync's queue waits for them.
    /// Started by the first request of an account, never for a command
    /// that asks none (`--subscribe`, `--refresh`).
    private let syncSession = OnDemand { CurlSession(userAgent: ItemFeedInfo.userAgent, deliver: { $0() }) }

    /// A feed asked the polite way, with the app's client and formats; a new
    /// subscription's web page followed to the feed it names.
    public func subscriptionLoader(for address: URL) -> SubscriptionLoader {
        SubscriptionLoader(client: feedClient(address, maxFeedBytes), formats: Self.readingFormats, links: HTMLFeedLinks(), map: BackgroundFeedMapping.map, now: now)
    }
}

import Foundation
import ItemFeed
import ItemFeedGLib
import ItemFeedLibrary
import ItemFeedStore
import ItemFeedXML

/// What `item-feed`'s arguments ask for: a command run and finished here,
/// with no window, or the window (and which feed it opens). Both the
/// command line's process and the window's read the same options with it.
@MainActor
public enum ItemFeedCommand {
    public enum Request: Equatable {
        /// Done: the process ends with this status.
        case exit(Int32)
        /// The window, opening `feed` (`named` when the user gave it, so a
        /// running ItemFeed opens it; else it is the demo).
        case window(feed: URL, named: Bool)
        /// The library with no window: refreshing and telling of new items,
        /// as at login when Run in Background is on; `fromWindow` when the
        /// window's process became this one as its window closed.
        case background(fromWindow: Bool)
    }

    /// Every option, the window's and the commands', so `--help` lists them
    /// all whichever process prints it.
    public static var options: [ApplicationOption] {
        windowOptions + LibraryOptions.options + [ApplicationOption("version", .none, tr("Print the version and exit"))]
    }

    public static let summary = tr("A feed reader: the library of feeds you follow, kept up to date, or any feed by its address.")

    private static let windowOptions: [ApplicationOption] = [
        ApplicationOption("feed", .string, tr("Open the feed at URL (a web address, a local file or qiita:QUERY)"), placeholder: "URL"),
        ApplicationOption("print", .none, tr("Print the feed's items (id, title, date, author, image address) and exit, with no window"), placeholder: nil),
        // `item-feed URL`: the address without an option, as people type it.
        ApplicationOption(ApplicationOption.remainingName, .strings, tr("The feed to open (as --feed)"), placeholder: "[URL]"),
        ApplicationOption("article", .string, tr("Print the article of the web page (or local file) at URL as text, with no window"), placeholder: "URL"),
        ApplicationOption("background", .none, tr("Start with no window: the library refreshes and tells of new items (Run in Background starts ItemFeed so at login)"), placeholder: nil),
        ApplicationOption("max-feed-size", .int, tr("Load feeds of up to MIB mebibytes (32 unless given)"), placeholder: "MIB"),
        // The processes' hand-over (`ProcessHandover`), not for people.
        ApplicationOption(fromWindowOption, .none, "", isHidden: true),
        ApplicationOption(WindowResume.optionName, .string, "", isHidden: true),
    ]

    static let fromWindowOption = "from-window"

    /// Runs what needs no window; otherwise says which feed the window opens.
    public static func handle(_ options: ParsedOptions, composition: LibraryComposition, resources: ResourceLocator?) -> Request {
        if options.contains("version") {
            Swift.print("\(ItemFeedInfo.name) \(ItemFeedInfo.version)")
            return .exit(0)
        }
        if let mebibytes = options.int("max-feed-size") {
            // More than 4 GiB is a typo, not a feed.
            guard (1...4_096).contains(mebibytes) else {
                say(tr("item-feed: --max-feed-size takes 1 to 4096 (MiB), not {value}", ["value": String(mebibytes)]))
                return .exit(2)
            }
            composition.maxFeedBytes = mebibytes * 1024 * 1024
        }
        if options.contains("background") { return .background(fromWindow: options.contains(fromWindowOption)) }
        if let page = options.string("article") {
            return .exit(ArticlePrinter.print(page) { composition.feedClient($0, PageArticleLoader.maxPageBytes) })
        }
        let argument = options.string("feed") ?? options.strings(ApplicationOption.remainingName).first
        let library = LibraryOptions(options, printsLibrary: options.contains("print") && argument == nil)
        if !library.isEmpty { return .exit(runLibraryCommands(library, composition: composition)) }
        let feedURL: URL
        if let argument {
            switch FeedAddress.url(from: argument) {
            case let .success(url):
                feedURL = url
            case let .failure(problem):
                say(tr("item-feed: cannot open “{address}”: {reason}", ["address": argument, "reason": problem.localizedDescription]))
                return .exit(2)
            }
        } else {
            guard let resources else {
                say(tr("item-feed: cannot find the demo feed; pass --feed URL or set ITEMFEED_DATA_DIR"))
                return .exit(1)
            }
            feedURL = resources.demoFeed
        }
        if options.contains("print") {
            return .exit(FeedPrinter.print(feedURL: feedURL) { composition.feedLoader(for: $0) })
        }
        return .window(feed: feedURL, named: argument != nil)
    }

    private static func runLibraryCommands(_ options: LibraryOptions, composition: LibraryComposition) -> Int32 {
        let opened: LibraryFile.Opened
        do {
            opened = try composition.openLibrary()
        } catch {
            return FeedPrinter.fail(tr("item-feed: cannot open the library in {folder}: {reason}", [
                "folder": composition.libraryDirectory.path, "reason": error.explanation,
            ]))
        }
        if let problem = opened.problem { say("item-feed: " + problem) }
        let writer = (try? composition.libraryWriter()) ?? ImmediateLibraryWriter(store: opened.store)
        let accounts = AccountCommandLine(store: opened.store) { composition.accountWork() }
        return LibraryCommandLine(store: opened.store, account: composition.localAccount(writingTo: writer), writer: writer, accounts: accounts).run(options)
    }
}

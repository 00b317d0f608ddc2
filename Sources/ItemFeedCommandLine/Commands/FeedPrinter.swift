import Foundation
import ItemFeed
import ItemFeedGLib

/// `item-feed --print`: loads the feed with no window and prints one line
/// per item — id, title, date (UTC, RFC 3339), author and image address,
/// tab-separated, empty where the feed has none — for scripts and for
/// checking a feed from a terminal. Mapping already made every field safe
/// for a terminal and free of tabs and line breaks.
@MainActor
enum FeedPrinter {
    /// libcurl's own limits (connect 10 s, stalls 20 s) end a transfer long
    /// before this; it only guards against a bug leaving the loop spinning.
    private static let timeoutSeconds = 300.0

    /// A web page naming feeds prints the first of them (`loader` makes a
    /// loader for an address); that feed's address is followed no further.
    static func print(feedURL: URL, followsPages: Bool = true, loader: (URL) -> ItemLoader) -> Int32 {
        guard let outcome = load(feedURL, loader: loader) else {
            return fail(tr("item-feed: timed out loading {address}", ["address": feedURL.absoluteString]))
        }
        switch outcome {
        case let .failure(RemoteLoadError.pageNamesFeeds(links)) where followsPages:
            let first = links[0]
            FileHandle.standardError.write(Data((tr(
                "item-feed: {address} is a web page; printing the feed it names first, {feed}",
                ["address": feedURL.absoluteString, "feed": first.url.absoluteString]
            ) + "\n").utf8))
            return print(feedURL: first.url, followsPages: false, loader: loader)
        case let .failure(error):
            let reason = error.explanation
            return fail(tr("item-feed: could not load {address}: {reason}", ["address": feedURL.absoluteString, "reason": reason]))
        case let .success(feed):
            FileHandle.standardOutput.write(Data(lines(for: feed.items).utf8))
            if let problem = feed.problem {
                FileHandle.standardError.write(Data((tr(
                    "item-feed: part of {address} could not be read, printed what could: {problem}",
                    ["address": feedURL.absoluteString, "problem": problem]
                ) + "\n").utf8))
            }
            if feed.skippedItemCount > 0 {
                FileHandle.standardError.write(Data((trPlural(
                    "item-feed: skipped {count} entry that was empty or repeated an earlier id",
                    "item-feed: skipped {count} entries that were empty or repeated an earlier id",
                    feed.skippedItemCount, ["count": String(feed.skippedItemCount)]
                ) + "\n").utf8))
            }
            return 0
        }
    }

    /// Loads `feedURL` once with the main loop running, and waits for the
    /// answer; `nil` when none came in time.
    static func load(_ feedURL: URL, loader: (URL) -> ItemLoader) -> Result<Feed, Error>? {
        var outcome: Result<Feed, Error>?
        // Held until it answers: a loader drops the answer of a load that
        // outlived it.
        let feedLoader = loader(feedURL)
        feedLoader.load { outcome = $0 }
        let answered = withExtendedLifetime(feedLoader) { MainContext.iterate(until: { outcome != nil }, timeoutSeconds: timeoutSeconds) }
        return answered ? outcome : nil
    }

    /// One line per item: id, title, date, author, image address.
    static func lines(for items: some Sequence<Item>) -> String {
        var lines = ""
        let dates = Date.ISO8601FormatStyle()
        for item in items {
            let fields = [item.id, item.name, item.date.map { dates.format($0) } ?? "", item.author ?? "", item.imageAddress ?? ""]
            lines += fields.joined(separator: "\t")
            lines += "\n"
        }
        return lines
    }

    static func fail(_ message: String) -> Int32 {
        FileHandle.standardError.write(Data((message + "\n").utf8))
        return 1
    }
}

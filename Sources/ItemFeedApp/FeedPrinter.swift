import Foundation
import ItemFeed
import ItemFeedGtk

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

    static func print(feedURL: URL, loader: ItemLoader) -> Int32 {
        var outcome: Result<Feed, Error>?
        loader.load { outcome = $0 }
        guard MainContext.iterate(until: { outcome != nil }, timeoutSeconds: timeoutSeconds), let outcome else {
            return fail(tr("item-feed: timed out loading {address}", ["address": feedURL.absoluteString]))
        }
        switch outcome {
        case let .failure(error):
            let reason = (error as? LocalizedError)?.errorDescription ?? "\(error)"
            return fail(tr("item-feed: could not load {address}: {reason}", ["address": feedURL.absoluteString, "reason": reason]))
        case let .success(feed):
            var lines = ""
            lines.reserveCapacity(feed.items.count * 160)
            let dates = Date.ISO8601FormatStyle()
            for item in feed.items {
                let fields = [item.id, item.name, item.date.map { dates.format($0) } ?? "", item.author ?? "", item.imageAddress ?? ""]
                lines += fields.joined(separator: "\t")
                lines += "\n"
            }
            FileHandle.standardOutput.write(Data(lines.utf8))
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

    private static func fail(_ message: String) -> Int32 {
        FileHandle.standardError.write(Data((message + "\n").utf8))
        return 1
    }
}

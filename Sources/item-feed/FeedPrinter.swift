import Foundation
import ItemFeed
import ItemFeedGtk

/// `item-feed --print`: loads the feed with no window and prints one line
/// per item (id, name, image URL, tab-separated), for scripts and for
/// checking a feed from a terminal.
@MainActor
enum FeedPrinter {
    /// libcurl's own limits (connect 10 s, stalls 20 s) end a transfer long
    /// before this; it only guards against a bug leaving the loop spinning.
    private static let timeoutSeconds = 300.0

    static func print(feedURL: URL) -> Int32 {
        let loader = ItemFeedComposition.feedLoader(for: feedURL)
        var outcome: Result<Feed, Error>?
        loader.loadFeed { outcome = $0 }
        guard MainContext.iterate(until: { outcome != nil }, timeoutSeconds: timeoutSeconds), let outcome else {
            return fail("item-feed: timed out loading \(feedURL.absoluteString)")
        }
        switch outcome {
        case let .failure(error):
            let reason = (error as? LocalizedError)?.errorDescription ?? "\(error)"
            return fail("item-feed: could not load \(feedURL.absoluteString): \(reason)")
        case let .success(feed):
            var lines = ""
            for item in feed.items {
                lines += [item.id, item.name, item.imageURL.absoluteString].map(singleLine).joined(separator: "\t") + "\n"
            }
            FileHandle.standardOutput.write(Data(lines.utf8))
            if feed.skippedItemCount > 0 {
                FileHandle.standardError.write(Data("item-feed: skipped \(feed.skippedItemCount) invalid item(s)\n".utf8))
            }
            return 0
        }
    }

    /// Tabs and newlines in a field would break the one-line-per-item format.
    private static func singleLine(_ field: String) -> String {
        String(field.map { $0 == "\t" || $0.isNewline ? " " : $0 })
    }

    private static func fail(_ message: String) -> Int32 {
        FileHandle.standardError.write(Data((message + "\n").utf8))
        return 1
    }
}

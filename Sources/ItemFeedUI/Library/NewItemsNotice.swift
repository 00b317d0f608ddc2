import Foundation
import ItemFeed

/// What the desktop notification says after a refresh brought new items:
/// how many, and from which feeds — the one that brought most by name.
public enum NewItemsNotice {
    /// A notification's title and text, and the items it tells of
    /// (withdrawn once they are all read; one it names, to open or mark).
    public struct Notice: Equatable, Sendable {
        public let title: String
        public let body: String
        public let items: [LibraryItem.Key]

        public init(title: String, body: String, items: [LibraryItem.Key]) {
            (self.title, self.body, self.items) = (title, body, items)
        }
    }

    /// The most items a notification follows: past that, it goes once these are read.
    public static let followedItems = 500

    /// After a refresh: each feed that brought items by its title (its
    /// address's name when it has none); the items that came, as those each
    /// feed stored last; one named.
    public static func notice(brought: [URL: Int], title: (URL) -> String?, lastStored: (Int, URL) -> [LibraryItem]) -> Notice? {
        guard let text = text(brought.map { (title($0.key) ?? FeedAddress.displayName(of: $0.key), $0.value) }) else { return nil }
        let came = brought.filter { $0.value > 0 }.sorted { $0.key.absoluteString < $1.key.absoluteString }
        var items: [LibraryItem] = []
        for (feed, count) in came where items.count < followedItems {
            items += lastStored(min(count, followedItems - items.count), feed)
        }
        let keys = items.map(\.key)
        if came.count == 1, came[0].value == 1, let single = items.first {
            let feed = title(came[0].key) ?? FeedAddress.displayName(of: came[0].key)
            return Notice(title: tr("New Item from {feed}", ["feed": feed]), body: single.item.name, items: keys)
        }
        return Notice(title: tr("New Items"), body: text, items: keys)
    }

    /// `nil` when nothing new came.
    public static func text(_ brought: [(title: String, count: Int)]) -> String? {
        let feeds = brought.filter { $0.count > 0 }.sorted { $0.count != $1.count ? $0.count > $1.count : $0.title < $1.title }
        guard let first = feeds.first else { return nil }
        let total = feeds.reduce(0) { $0 + $1.count }
        let count = String(total)
        switch feeds.count {
        case 1:
            return trPlural("{count} new item from {feed}", "{count} new items from {feed}", total, ["count": count, "feed": first.title])
        case 2:
            return trPlural("{count} new item from {feed} and {other}", "{count} new items from {feed} and {other}", total,
                            ["count": count, "feed": first.title, "other": feeds[1].title])
        default:
            let more = String(feeds.count - 1)
            return trPlural("{count} new items from {feed} and {more} more feeds", "{count} new items from {feed} and {more} more feeds", feeds.count - 1,
                            ["count": count, "feed": first.title, "more": more])
        }
    }
}

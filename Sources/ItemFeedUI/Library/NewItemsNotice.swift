import Foundation
import ItemFeed

/// What the desktop notification says after a refresh brought new items:
/// how many, and from which feeds — the one that brought most by name.
public enum NewItemsNotice {
    /// A notification's title and text, and the one item it names.
    public struct Notice: Equatable, Sendable {
        public let title: String
        public let body: String
        /// Set when one item came: its notification opens it, or marks it read.
        public let item: LibraryItem.Key?

        public init(title: String, body: String, item: LibraryItem.Key?) {
            (self.title, self.body, self.item) = (title, body, item)
        }
    }

    /// After a refresh: each feed that brought items by its title (its
    /// address's name when it has none); one item that came named, as the
    /// item its feed stored last.
    public static func notice(brought: [URL: Int], title: (URL) -> String?, lastStored: (URL) -> LibraryItem?) -> Notice? {
        let came = brought.filter { $0.value > 0 }
        let single = came.count == 1 ? came.first.flatMap { $0.value == 1 ? lastStored($0.key) : nil } : nil
        return notice(brought.map { (title($0.key) ?? FeedAddress.displayName(of: $0.key), $0.value) }, single: single)
    }

    /// `single`: the item stored last, named when it is the one that came.
    public static func notice(_ brought: [(title: String, count: Int)], single: LibraryItem?) -> Notice? {
        guard let text = text(brought) else { return nil }
        let came = brought.filter { $0.count > 0 }
        if let single, came.count == 1, came[0].count == 1 {
            return Notice(title: tr("New Item from {feed}", ["feed": came[0].title]), body: single.item.name, item: single.key)
        }
        return Notice(title: tr("New Items"), body: text, item: nil)
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

import Foundation
import ItemFeed

/// A view as the parts of a query over `item`: fixed SQL fragments, every
/// value from the view bound, never spliced into the text.
///
/// A search of words of three characters or more starts from the full-text
/// index and keeps its order, newest stored first (`item_text.rowid`
/// descending), stopping at the page's end, so a keystroke never sorts
/// every match.
struct LibraryViewQuery {
    /// The tables: `item`, or the index joined to it.
    let from: String
    let condition: String
    let values: [SQLiteValue?]
    let order: String

    init(_ view: LibraryView) {
        var conditions: [String] = []
        var values: [SQLiteValue?] = []
        let words = view.searchWords ?? []
        // The trigram index finds words of three characters or more; a
        // shorter one is looked for in the rows the rest leaves.
        let indexed = words.filter { $0.count >= 3 }
        if indexed.isEmpty {
            from = "item"
            order = "item.sort_date DESC, item.id DESC"
        } else {
            from = "item_text JOIN item ON item.id = item_text.rowid"
            order = "item_text.rowid DESC"
            conditions.append("item_text MATCH ?")
            values.append(.text(indexed.map(Self.phrase).joined(separator: " AND ")))
        }
        switch view.scope {
        case .all: break
        case .unread: conditions.append("item.read = 0")
        case .starred: conditions.append("item.starred = 1")
        case let .folder(name):
            conditions.append("item.feed_id IN (SELECT feed.id FROM feed JOIN folder ON folder.id = feed.folder_id WHERE folder.name = ? AND folder.account_id = 1)")
            values.append(.text(name))
        case let .feed(address):
            conditions.append("item.feed_id = (SELECT id FROM feed WHERE address = ? AND account_id = 1)")
            values.append(.text(address.absoluteString))
        case let .account(account):
            conditions.append("item.feed_id IN (SELECT id FROM feed WHERE account_id = ?)")
            values.append(.integer(account))
        case let .accountFolder(account, folder):
            conditions.append("item.feed_id IN (SELECT feed.id FROM feed JOIN folder ON folder.id = feed.folder_id WHERE feed.account_id = ? AND folder.remote_id = ?)")
            values.append(.integer(account))
            values.append(.text(folder))
        case let .accountFeed(account, feed):
            conditions.append("item.feed_id = (SELECT id FROM feed WHERE account_id = ? AND remote_id = ?)")
            values.append(.integer(account))
            values.append(.text(feed))
        }
        for word in words where word.count < 3 {
            conditions.append("(item.title LIKE ?1 ESCAPE '\\' OR item.author LIKE ?1 ESCAPE '\\' OR item.summary LIKE ?1 ESCAPE '\\')"
                .replacingOccurrences(of: "?1", with: "?\(values.count + 1)"))
            values.append(.text("%" + Self.escapedForLike(word) + "%"))
        }
        condition = conditions.isEmpty ? "1" : conditions.joined(separator: " AND ")
        self.values = values
    }

    /// The order from the view's end.
    var reversedOrder: String { order.replacingOccurrences(of: " DESC", with: " ASC") }

    /// The view's items' ids, for a statement over `item` alone.
    var itemIDs: String { "SELECT item.id FROM \(from) WHERE \(condition)" }

    /// A word as an FTS5 string: quoted, so its characters are text, not syntax.
    private static func phrase(_ word: String) -> String {
        "\"" + word.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    private static func escapedForLike(_ word: String) -> String {
        word.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "\\%").replacingOccurrences(of: "_", with: "\\_")
    }
}

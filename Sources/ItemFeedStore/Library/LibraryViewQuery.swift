import Foundation
import ItemFeed

/// A view as the condition of a query over `item`: fixed SQL fragments,
/// every value from the view bound, never spliced into the text.
struct LibraryViewQuery {
    let condition: String
    let values: [SQLiteValue?]

    init(_ view: LibraryView) {
        var conditions: [String] = []
        var values: [SQLiteValue?] = []
        switch view.scope {
        case .all: break
        case .unread: conditions.append("item.read = 0")
        case .starred: conditions.append("item.starred = 1")
        case let .folder(name):
            conditions.append("item.feed_id IN (SELECT feed.id FROM feed JOIN folder ON folder.id = feed.folder_id WHERE folder.name = ?)")
            values.append(.text(name))
        case let .feed(address):
            conditions.append("item.feed_id = (SELECT id FROM feed WHERE address = ?)")
            values.append(.text(address.absoluteString))
        }
        let words = view.searchWords ?? []
        // The trigram index finds words of three characters or more; a
        // shorter one is looked for in the rows the rest leaves.
        let indexed = words.filter { $0.count >= 3 }
        if !indexed.isEmpty {
            conditions.append("item.id IN (SELECT rowid FROM item_text WHERE item_text MATCH ?)")
            values.append(.text(indexed.map(Self.phrase).joined(separator: " AND ")))
        }
        for word in words where word.count < 3 {
            conditions.append("(item.title LIKE ?1 ESCAPE '\\' OR item.author LIKE ?1 ESCAPE '\\' OR item.summary LIKE ?1 ESCAPE '\\')"
                .replacingOccurrences(of: "?1", with: "?\(values.count + 1)"))
            values.append(.text("%" + Self.escapedForLike(word) + "%"))
        }
        condition = conditions.isEmpty ? "1" : conditions.joined(separator: " AND ")
        self.values = values
    }

    /// A word as an FTS5 string: quoted, so its characters are text, not syntax.
    private static func phrase(_ word: String) -> String {
        "\"" + word.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    private static func escapedForLike(_ word: String) -> String {
        word.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "\\%").replacingOccurrences(of: "_", with: "\\_")
    }
}

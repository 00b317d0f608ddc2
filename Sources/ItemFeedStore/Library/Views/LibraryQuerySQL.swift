import Foundation
import ItemFeed

/// A query as a condition over `item`: fixed SQL fragments, every word,
/// name and date bound as a value, never spliced into the text.
///
/// Words of three characters or more go through the full-text index (its
/// trigram tokenizer finds any part of a word, in Japanese too); shorter
/// ones, which the index cannot find, are looked for with `LIKE`.
struct LibraryQuerySQL {
    let now: Date
    let calendar: Calendar
    /// Only some items are asked about: those stored from an id on (a rule
    /// or a saved view on what a refresh just stored), or those whose text
    /// changed; the full-text index is then asked for them, not whole.
    var onlyItems: ItemsAsked?

    enum ItemsAsked {
        case storedFrom(Int64)
        /// In `saved_view_recheck`.
        case rechecked
    }

    func condition(_ query: LibraryQuery, values: inout [SQLiteValue?]) -> String {
        switch query {
        case let .text(text):
            return text.count >= 3 ? indexed(Self.phrase(text), values: &values)
                : like(text, in: ["item.title", "item.author", "item.summary"], values: &values)
        case let .field(.title, text), let .field(.author, text):
            let column = query == .field(.title, text) ? "title" : "author"
            return text.count >= 3 ? indexed("\(column) : \(Self.phrase(text))", values: &values) : like(text, in: ["item.\(column)"], values: &values)
        case let .field(.feed, name):
            values.append(.text("%" + Self.escapedForLike(name) + "%"))
            return "item.feed_id IN (SELECT id FROM feed WHERE coalesce(custom_title, feed_title, address) LIKE ?\(values.count) ESCAPE '\\')"
        case let .field(.folder, name):
            values.append(.text(Self.escapedForLike(name)))
            return "item.feed_id IN (SELECT feed.id FROM feed JOIN folder ON folder.id = feed.folder_id WHERE folder.name LIKE ?\(values.count) ESCAPE '\\')"
        case .state(.unread): return ReadMarkSQL.unread
        case .state(.read): return ReadMarkSQL.read
        case .state(.starred): return "item.starred = 1"
        case let .after(date):
            values.append(.real(date.start(now: now, calendar: calendar).timeIntervalSince1970))
            return "item.sort_date >= ?\(values.count)"
        case let .before(date):
            values.append(.real(date.start(now: now, calendar: calendar).timeIntervalSince1970))
            return "item.sort_date < ?\(values.count)"
        case let .not(inner):
            return "NOT (\(condition(inner, values: &values)))"
        case let .and(all):
            return "(" + all.map { condition($0, values: &values) }.joined(separator: " AND ") + ")"
        case let .or(either):
            return "(" + either.map { condition($0, values: &values) }.joined(separator: " OR ") + ")"
        }
    }

    private func indexed(_ match: String, values: inout [SQLiteValue?]) -> String {
        values.append(.text(match))
        let matched = values.count
        switch onlyItems {
        case nil: return "item.id IN (SELECT rowid FROM item_text WHERE item_text MATCH ?\(matched))"
        case let .storedFrom(first):
            values.append(.integer(first))
            return "item.id IN (SELECT rowid FROM item_text WHERE item_text MATCH ?\(matched) AND rowid >= ?\(values.count))"
        case .rechecked:
            return "item.id IN (SELECT rowid FROM item_text WHERE item_text MATCH ?\(matched) AND rowid IN (SELECT item_id FROM saved_view_recheck))"
        }
    }

    private func like(_ text: String, in columns: [String], values: inout [SQLiteValue?]) -> String {
        values.append(.text("%" + Self.escapedForLike(text) + "%"))
        let number = values.count
        return "(" + columns.map { "\($0) LIKE ?\(number) ESCAPE '\\'" }.joined(separator: " OR ") + ")"
    }

    /// A word as an FTS5 string: quoted, so its characters are text, not syntax.
    static func phrase(_ word: String) -> String {
        "\"" + escaped(word, ["\"": "\"\""]) + "\""
    }

    static func escapedForLike(_ word: String) -> String {
        escaped(word, ["\\": "\\\\", "%": "\\%", "_": "\\_"])
    }

    /// Scalar by scalar, because a quote or a wildcard joined to a combining
    /// mark is one `Character` that a `String` replacement would not see.
    private static func escaped(_ word: String, _ replacements: [Unicode.Scalar: String]) -> String {
        var result = ""
        result.unicodeScalars.reserveCapacity(word.unicodeScalars.count)
        for scalar in word.unicodeScalars {
            if let replacement = replacements[scalar] { result.unicodeScalars.append(contentsOf: replacement.unicodeScalars) } else { result.unicodeScalars.append(scalar) }
        }
        return result
    }
}

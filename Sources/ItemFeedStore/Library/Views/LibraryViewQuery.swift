import Foundation
import ItemFeed

/// A view as the parts of a query over `item`: fixed SQL fragments, every
/// value from the view bound, never spliced into the text.
///
/// A search (`LibraryQuery`) whose words of three characters or more must
/// all be there starts from the full-text index and keeps its order,
/// newest stored first (`item_text.rowid` descending), stopping at the
/// page's end, so a keystroke never sorts every match.
struct LibraryViewQuery {
    /// The tables: `item`, or the index joined to it.
    let from: String
    let condition: String
    let values: [SQLiteValue?]
    let order: String
    /// Which order `order` is, for the rows before a given one.
    private let ordering: Ordering

    private enum Ordering {
        case newest, keptNewest, newestStored
    }

    /// Throws `LibraryQueryError` when the view's search cannot be read.
    /// `kept`: the saved view's kept items, read in place of matching its words.
    init(_ view: LibraryView, kept: KeptView? = nil, now: Date = Date(), calendar: Calendar = .current) throws {
        var conditions: [String] = []
        var values: [SQLiteValue?] = []
        let query = try view.search.flatMap(LibraryQuery.parse)
        // Words that must all be there start from the full-text index, in
        // its order; the rest of the query filters what it finds.
        var terms: [LibraryQuery]
        switch query {
        case let .and(all)?: terms = all
        case let term?: terms = [term]
        case nil: terms = []
        }
        let driving = terms.compactMap { term -> String? in
            guard case let .text(text) = term, text.count >= 3 else { return nil }
            return text
        }
        terms.removeAll { if case let .text(text) = $0 { return text.count >= 3 } else { return false } }
        let kept = kept.flatMap { $0.terms.words.isEmpty ? nil : $0 }
        if driving.isEmpty, kept != nil {
            from = "saved_view_item JOIN item ON item.id = saved_view_item.item_id"
            order = "saved_view_item.sort_date DESC, saved_view_item.item_id DESC"
            ordering = .keptNewest
        } else if driving.isEmpty {
            from = "item"
            order = "item.sort_date DESC, item.id DESC"
            ordering = .newest
        } else {
            from = "item_text JOIN item ON item.id = item_text.rowid"
            order = "item_text.rowid DESC"
            ordering = .newestStored
            values.append(.text(driving.map(LibraryQuerySQL.phrase).joined(separator: " AND ")))
            conditions.append("item_text MATCH ?\(values.count)")
        }
        if let scoped = Self.condition(of: view.scope, values: &values) { conditions.append(scoped) }
        // A hidden item is read too, so the unread views need not look.
        switch view.scope {
        case .hiddenByRules: conditions.append("item.hidden = 1")
        case .unread: break
        default: conditions.append("item.hidden = 0")
        }
        let sql = LibraryQuerySQL(now: now, calendar: calendar)
        if let kept {
            values.append(.integer(kept.id))
            conditions.append(driving.isEmpty ? "saved_view_item.view_id = ?\(values.count)" : "item.id IN (SELECT item_id FROM saved_view_item WHERE view_id = ?\(values.count))")
            for term in kept.terms.rest { conditions.append(sql.condition(term, values: &values)) }
        } else if case let .query(text) = view.scope, let saved = try LibraryQuery.parse(text) {
            conditions.append(sql.condition(saved, values: &values))
        }
        for term in terms { conditions.append(sql.condition(term, values: &values)) }
        condition = conditions.isEmpty ? "1" : conditions.joined(separator: " AND ")
        self.values = values
    }

    /// Items picked by a condition of the store's own, newest first.
    init(condition: String, values: [SQLiteValue?] = []) {
        (from, self.condition, self.values, order, ordering) = ("item", condition, values, "item.sort_date DESC, item.id DESC", .newest)
    }

    /// The items of a scope, `nil` for all of them.
    static func condition(of scope: LibraryView.Scope, values: inout [SQLiteValue?]) -> String? {
        switch scope {
        case .all, .query, .hiddenByRules: return nil
        case .unread: return ReadMarkSQL.unread
        case .starred: return "item.starred = 1"
        case let .folder(name):
            values.append(.text(name))
            return "item.feed_id IN (SELECT feed.id FROM feed JOIN folder ON folder.id = feed.folder_id WHERE folder.name = ?\(values.count) AND folder.account_id = 1)"
        case let .feed(feed):
            let condition = FeedIDSQL.condition(feed, from: values.count + 1)
            values += condition.values
            return "item.feed_id = (SELECT id FROM feed WHERE \(condition.sql))"
        case let .account(account):
            values.append(.integer(account))
            return "item.feed_id IN (SELECT id FROM feed WHERE account_id = ?\(values.count))"
        case let .accountFolder(account, folder):
            values.append(.integer(account))
            values.append(.text(folder))
            return "item.feed_id IN (SELECT feed.id FROM feed JOIN folder ON folder.id = feed.folder_id WHERE feed.account_id = ?\(values.count - 1) AND folder.remote_id = ?\(values.count))"
        }
    }

    /// The view's rows that come before the one whose sort date and key
    /// are bound at `sortDate` and `key`.
    func comesBefore(sortDate: Int, key: Int) -> String {
        switch ordering {
        case .newest: return "(item.sort_date > ?\(sortDate) OR (item.sort_date = ?\(sortDate) AND item.id > ?\(key)))"
        case .keptNewest:
            return "(saved_view_item.sort_date > ?\(sortDate) OR (saved_view_item.sort_date = ?\(sortDate) AND saved_view_item.item_id > ?\(key)))"
        case .newestStored: return "item_text.rowid > ?\(key)"
        }
    }

    /// The order from the view's end.
    var reversedOrder: String { order.replacingOccurrences(of: " DESC", with: " ASC") }

    /// The view's items' ids, for a statement over `item` alone.
    var itemIDs: String { "SELECT item.id FROM \(from) WHERE \(condition)" }
}

import Foundation
import ItemFeed

/// The items of each saved view kept in `saved_view_item`: matched once
/// when it is saved, then only among each refresh's or sync's new items
/// and the items whose text changed, so reading a view never searches the
/// whole library.
extension SQLiteLibraryStore {
    /// The saved view with this query, once its items are kept.
    func keptView(_ query: String) throws -> KeptView? {
        try database.statement("SELECT id, shown, unread FROM saved_view WHERE query = ? AND kept = 1 ORDER BY id LIMIT 1")
            .rows([.text(query)]) { row in
                KeptView(id: row.integer(0), terms: SavedViewTerms(try? LibraryQuery.parse(query)), shown: Int(row.integer(1)), unread: Int(row.integer(2)))
            }.first
    }

    /// Matches a view's words against every item, anew.
    func keepSavedView(_ id: SavedView.ID, query: String) throws {
        let terms = SavedViewTerms(try LibraryQuery.parse(query))
        try database.transaction {
            try database.statement("DELETE FROM saved_view_item WHERE view_id = ?").run([.integer(id)])
            try database.statement("UPDATE saved_view SET kept = 1, shown = 0, unread = 0 WHERE id = ?").run([.integer(id)])
            try keep(id, terms, among: nil)
        }
    }

    /// Matches the kept views' words against the items stored from `first`
    /// on and those whose text changed, inside the caller's transaction.
    func keepSavedViews(toItemsFrom first: Int64?) throws {
        let rechecking = try database.integer("SELECT EXISTS (SELECT 1 FROM saved_view_recheck)") != 0
        guard first != nil || rechecking else { return }
        let views = try database.statement("SELECT id, query FROM saved_view WHERE kept = 1").rows { row in
            (row.integer(0), SavedViewTerms(try? LibraryQuery.parse(row.text(1) ?? "")))
        }
        for (id, terms) in views {
            if let first { try keep(id, terms, among: .storedFrom(first)) }
            if rechecking { try keep(id, terms, among: .rechecked) }
        }
        if rechecking { try database.execute("DELETE FROM saved_view_recheck") }
    }

    /// The views not kept yet (saved before version 10) kept now.
    func keepUnkeptSavedViews() throws {
        let unkept = try database.statement("SELECT id, query FROM saved_view WHERE kept = 0").rows { ($0.integer(0), $0.text(1) ?? "") }
        for (id, query) in unkept { try? keepSavedView(id, query: query) }
    }

    private func keep(_ id: SavedView.ID, _ terms: SavedViewTerms, among: LibraryQuerySQL.ItemsAsked?) throws {
        guard !terms.words.isEmpty else { return }
        var values: [SQLiteValue?] = [.integer(id)]
        var conditions: [String] = []
        switch among {
        case let .storedFrom(first)?:
            values.append(.integer(first))
            conditions.append("item.id >= ?2")
        case .rechecked?: conditions.append("item.id IN (SELECT item_id FROM saved_view_recheck)")
        case nil: break
        }
        let sql = LibraryQuerySQL(now: now(), calendar: .current, onlyItems: among)
        conditions += terms.words.map { sql.condition($0, values: &values) }
        try database.statement("""
            INSERT OR IGNORE INTO saved_view_item (view_id, item_id, sort_date)
            SELECT ?1, item.id, item.sort_date FROM item WHERE \(conditions.joined(separator: " AND "))
            """).run(values)
    }
}

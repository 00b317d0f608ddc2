import Foundation
import ItemFeed

/// Saved searches in `saved_view`; each count is its query's, unread only.
extension SQLiteLibraryStore: SavedViewStore {
    public func savedViews(counted: Bool) throws -> [SavedView] {
        let views = try database.statement("SELECT id, name, query FROM saved_view").rows { row in
            SavedView(id: row.integer(0), name: row.text(1) ?? "", query: row.text(2) ?? "")
        }
        return views.map { view in
            guard counted else { return view }
            var view = view
            view.unread = (try? count(LibraryView(.query(view.query), search: "is:unread"))) ?? 0
            return view
        }.sorted { $0.name.localizedStandardCompare($1.name) == .orderedAscending }
    }

    public func addSavedView(name: String, query: String) throws -> SavedView.ID {
        _ = try LibraryQuery.parse(query)
        try database.statement("INSERT INTO saved_view (name, query, added) VALUES (?, ?, ?)").run([
            .text(name), .text(query), .real(now().timeIntervalSince1970),
        ])
        return database.lastInsertedRow
    }

    public func updateSavedView(_ id: SavedView.ID, name: String, query: String) throws {
        _ = try LibraryQuery.parse(query)
        try database.statement("UPDATE saved_view SET name = ?, query = ? WHERE id = ?").run([.text(name), .text(query), .integer(id)])
    }

    @discardableResult public func removeSavedView(_ id: SavedView.ID) throws -> Bool {
        try database.statement("DELETE FROM saved_view WHERE id = ?").run([.integer(id)])
        return database.changes > 0
    }
}

import Foundation
import ItemFeed

/// Saved searches in `saved_view`; each count is its query's, unread only,
/// read from the kept counts where they answer it.
extension SQLiteLibraryStore: SavedViewStore {
    public func savedViews(counted: Bool) throws -> [SavedView] {
        if counted { try keepUnkeptSavedViews() }
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
        return try database.transaction {
            try database.statement("INSERT INTO saved_view (name, query, added) VALUES (?, ?, ?)").run([
                .text(name), .text(query), .real(now().timeIntervalSince1970),
            ])
            let id = database.lastInsertedRow
            try keepSavedView(id, query: query)
            return id
        }
    }

    public func updateSavedView(_ id: SavedView.ID, name: String, query: String) throws {
        _ = try LibraryQuery.parse(query)
        try database.transaction {
            let edited = try database.integer("SELECT count(*) FROM saved_view WHERE id = ? AND query IS NOT ?", [.integer(id), .text(query)]) > 0
            try database.statement("UPDATE saved_view SET name = ?, query = ? WHERE id = ?").run([.text(name), .text(query), .integer(id)])
            if edited { try keepSavedView(id, query: query) }
        }
    }

    @discardableResult public func removeSavedView(_ id: SavedView.ID) throws -> Bool {
        try database.statement("DELETE FROM saved_view WHERE id = ?").run([.integer(id)])
        return database.changes > 0
    }
}

import Foundation
import ItemFeed

/// Saved views, counted by their query as the SQLite store counts them.
extension InMemoryLibraryStore {
    public func savedViews(counted: Bool) throws -> [SavedView] {
        try saved.map { view in
            var view = view
            if counted { view.unread = try count(LibraryView(.query(view.query), search: "is:unread")) }
            return view
        }.sorted { $0.name.localizedStandardCompare($1.name) == .orderedAscending }
    }

    public func addSavedView(name: String, query: String) throws -> SavedView.ID {
        _ = try LibraryQuery.parse(query)
        saved.append(SavedView(id: (saved.map(\.id).max() ?? 0) + 1, name: name, query: query))
        return saved[saved.count - 1].id
    }

    public func updateSavedView(_ id: SavedView.ID, name: String, query: String) throws {
        _ = try LibraryQuery.parse(query)
        guard let index = saved.firstIndex(where: { $0.id == id }) else { return }
        saved[index].name = name
        saved[index].query = query
    }

    @discardableResult public func removeSavedView(_ id: SavedView.ID) throws -> Bool {
        guard let index = saved.firstIndex(where: { $0.id == id }) else { return false }
        saved.remove(at: index)
        return true
    }
}

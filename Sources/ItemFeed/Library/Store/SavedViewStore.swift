import Foundation

/// A search kept in the sidebar (SPEC 17): its name, its query, and how
/// many unread items it shows now.
public struct SavedView: Equatable, Sendable {
    public typealias ID = Int64

    public let id: ID
    public var name: String
    /// A `LibraryQuery`'s text, as the user typed it.
    public var query: String
    public var unread: Int

    public init(id: ID, name: String, query: String, unread: Int = 0) {
        (self.id, self.name, self.query, self.unread) = (id, name, query, unread)
    }

    public var view: LibraryView { LibraryView(.query(query)) }
}

/// The saved searches a library keeps.
public protocol SavedViewStore: AnyObject {
    /// By name, each with its unread count when `counted` (each count is a
    /// query over the library: the window counts off the UI thread).
    func savedViews(counted: Bool) throws -> [SavedView]
    /// Throws `LibraryQueryError` when the query cannot be read (nothing kept).
    func addSavedView(name: String, query: String) throws -> SavedView.ID
    /// The new name and query; a query that cannot be read changes nothing.
    func updateSavedView(_ id: SavedView.ID, name: String, query: String) throws
    /// `false` when there was none.
    @discardableResult func removeSavedView(_ id: SavedView.ID) throws -> Bool
}

extension SavedViewStore {
    /// By name, each with its unread count.
    public func savedViews() throws -> [SavedView] {
        try savedViews(counted: true)
    }
}

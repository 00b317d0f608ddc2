import ItemFeed

/// Where a row's commands act: the local account, an account's work on
/// its server, the writer for saved views, the refresher; the window routes each.
/// Each answers on the UI thread.
@MainActor
public protocol RowActs: AnyObject {
    func rename(_ subject: RowSubject, to name: String, done: @escaping @MainActor (Result<Void, Error>) -> Void)
    func mark(_ change: MarkChange, done: @escaping @MainActor (Result<[LibraryItem.Key], Error>) -> Void)
    /// Unsubscribes or removes the view; answers how to put it back, `nil`
    /// when it cannot be here (an account's feed leaves its server at the
    /// next sync).
    func remove(_ subject: RowSubject, done: @escaping @MainActor (Result<RowRestore?, Error>) -> Void)
    /// The row's feeds asked now (an account's: its server synced).
    func refresh(_ subject: RowSubject)
    /// The library's folders, named when asking for one.
    var folders: [String] { get }
    /// Into `folder` (`nil`: none; a new name makes one).
    func move(_ subject: RowSubject, toFolder folder: String?, done: @escaping @MainActor (Result<Void, Error>) -> Void)
    /// "Always Fetch Full Articles" on or off for the row's feed.
    func setFetchesFullArticles(_ fetches: Bool, for subject: RowSubject, done: @escaping @MainActor (Result<Void, Error>) -> Void)
    func changeSearch(of saved: SavedView, to query: String, done: @escaping @MainActor (Result<Void, Error>) -> Void)
}

/// Puts a removed row back: its feed with its items and marks, or its view.
public typealias RowRestore = @MainActor (@escaping @MainActor (Result<Void, Error>) -> Void) -> Void

import ItemFeed

/// Where a row's commands write: the local account, an account's work on
/// its server, or the writer for saved views; the window routes each.
/// Each answers on the UI thread.
@MainActor
public protocol RowActs: AnyObject {
    func rename(_ subject: RowSubject, to name: String, done: @escaping @MainActor (Result<Void, Error>) -> Void)
    func mark(_ change: MarkChange, done: @escaping @MainActor (Result<[LibraryItem.Key], Error>) -> Void)
    /// Unsubscribes or removes the view; answers how to put it back, `nil`
    /// when it cannot be here (an account's feed leaves its server at the
    /// next sync).
    func remove(_ subject: RowSubject, done: @escaping @MainActor (Result<RowRestore?, Error>) -> Void)
}

/// Puts a removed row back: its feed with its items and marks, or its view.
public typealias RowRestore = @MainActor (@escaping @MainActor (Result<Void, Error>) -> Void) -> Void

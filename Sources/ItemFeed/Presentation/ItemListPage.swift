/// What fills the list screen's body.
public enum ItemListPage: Equatable, Sendable {
    /// The rows (none yet while the first load runs).
    case rows
    /// The feed loaded and has no items.
    case empty
    /// Nothing has loaded and the last load failed: with no rows to keep,
    /// the failure is the page, with a way to retry.
    case error(String)
    /// A search found nothing: the query, to say so.
    case noResults(String)
}


/// What fills the list screen's body.
public enum ItemListPage: Equatable, Sendable {
    /// The rows (none before the first load).
    case rows
    /// Nothing has loaded yet and a load runs: the first, or a retry from
    /// the error page.
    case loading
    /// The feed loaded and has no items.
    case empty
    /// Nothing has loaded and the last load failed: with no rows to keep,
    /// the failure is the page, with a way to retry.
    case error(String)
    /// A search found nothing: the query, to say so.
    case noResults(String)
    /// The address was a web page naming several feeds: one to choose.
    case feeds([FeedLink])
}


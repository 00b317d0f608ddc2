import Foundation

/// Decides what the list screen shows and where an activated item leads:
/// each event changes the one `ItemListState`, which the view is shown once.
/// Errors become the words the screen uses here, and only here.
///
/// View and coordinator are held weakly: both usually own the screen that
/// owns this presenter, and a strong reference would keep the screen alive.
public final class ItemListPresenter {
    private weak var view: ItemListView?
    private weak var coordinator: ItemListCoordinator?
    public private(set) var state = ItemListState()

    public static var genericErrorMessage: String { tr("Couldn't load the feed. Check your connection and try again.") }

    public init(view: ItemListView, coordinator: ItemListCoordinator?) {
        self.view = view
        self.coordinator = coordinator
    }

    public func didStartLoading() {
        update { $0.loadStarted() }
    }

    public func didLoadFirstItems(_ items: [Item]) {
        update { $0.itemsArrived(items) }
    }

    /// A saved copy is shown with a notice saying so, and a feed read only
    /// as far as a parser's recovery went with one saying where it broke,
    /// both taken from the feed itself: the notice cannot outlive, or miss,
    /// the load it belongs to.
    /// `pageSize`: the source reads rows by position (`ItemRangeLoader`).
    public func didFinishLoading(with feed: Feed, pageSize: Int? = nil) {
        var notice: String?
        if case let .saved(error) = feed.origin {
            notice = tr("Showing the feed as it was last loaded. {reason}", ["reason": Self.message(for: error)])
        } else if let problem = feed.problem {
            notice = tr("Part of the feed could not be read ({problem}); showing what could.", ["problem": problem])
        }
        update { $0.loaded(feed, notice: notice, pageSize: pageSize) }
    }

    /// A web page naming one feed opens that feed; naming several, they
    /// are offered to choose from.
    public func didFinishLoading(with error: Error) {
        if let problem = error as? LibraryQueryError, state.serverQuery != nil {
            return update { $0.searchRefused(problem.errorDescription ?? "\(problem)") }
        }
        if case let .pageNamesFeeds(links) = error as? RemoteLoadError, let first = links.first {
            if links.count == 1 {
                coordinator?.openFeed(at: first.url)
            } else {
                update { $0.feedsOffered(links) }
            }
            return
        }
        update { $0.loadFailed(Self.message(for: error)) }
    }

    /// One of the feeds a page named was picked.
    public func didChooseFeed(at index: Int) {
        guard state.offeredFeeds.indices.contains(index) else { return }
        coordinator?.openFeed(at: state.offeredFeeds[index].url)
    }

    public func didDismissError() {
        update { $0.messageDismissed() }
    }

    /// The page to load now, if the state allows one.
    public func didRequestNextPage() -> URL? {
        var page: URL?
        update { page = $0.nextPageRequested() }
        return page
    }

    public func didFinishLoadingPage(with feed: Feed) {
        update { $0.pageLoaded(feed) }
    }

    public func didFinishLoadingPage(with error: Error) {
        update { $0.pageFailed(Self.message(for: error)) }
    }

    public func didPaintCountedFirstPage() {
        update { $0.countedRowsAdded() }
    }

    /// The positions to read for a counted row now shown, if any.
    public func didShowRowNotLoaded(at position: Int) -> Range<Int>? {
        var range: Range<Int>?
        update { range = $0.rowsNeeded(at: position) }
        return range
    }

    public func didReadRows(_ items: [Item], at range: Range<Int>) {
        update { $0.rowsRead(items, at: range) }
    }

    public func didFailReadingRows(at range: Range<Int>, with error: Error) {
        update { $0.rowsFailed(at: range, Self.message(for: error)) }
    }

    public func didChangeSearch(to query: String, searchesOnServer: Bool) {
        update { $0.searchChanged(to: query, searchesOnServer: searchesOnServer) }
    }

    /// Whether the list must load now for the typed query.
    public func didPauseTyping() -> Bool {
        var mustLoad = false
        update { mustLoad = $0.serverSearchDue() }
        return mustLoad
    }

    /// Whether the list must load again now the search is closed.
    public func didEndSearch() -> Bool {
        var mustLoad = false
        update { mustLoad = $0.searchEnded() }
        return mustLoad
    }

    public func didActivate(_ item: Item) {
        coordinator?.open(item)
    }

    public func didRequestCopyLink(of item: Item) {
        coordinator?.copyLink(of: item)
    }

    /// Errors that know how to explain themselves do; anything else gets a
    /// message that at least says what the user can do.
    static func message(for error: Error) -> String {
        (error as? LocalizedError)?.errorDescription ?? genericErrorMessage
    }

    private func update(_ change: (inout ItemListState) -> Void) {
        change(&state)
        view?.display(state)
    }
}

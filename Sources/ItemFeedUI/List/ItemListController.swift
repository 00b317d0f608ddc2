import Foundation
import ItemFeed

/// The list screen's input and effects: it starts and cancels loads and
/// timers, and hands the rows' and controls' events on. What the screen
/// shows is decided by the presenter's `ItemListState` — the one place that
/// decides — and shown by its view, the `renderer`.
///
/// The toolkit's list view drives it with the same calls the headless tests
/// make: `screenShown()`, `rowBecameVisible(at:in:)` when a bound row widget
/// is on screen, `rowStoppedBeingVisible(in:)` when it leaves or is unbound,
/// and the near-visible pair for prefetching.
@MainActor
public final class ItemListController<Image> {
    public let refreshControl: RefreshControl
    /// The error banner's and error page's buttons.
    public let errorRetryButton = Button()
    public let errorDismissButton = Button()
    /// The search bar's text: a query for sources that search on their
    /// server, a filter over the loaded items for the others.
    public let searchField = SearchField()

    /// Shows the presenter's state: give it the list view, the status view
    /// and what to do when the title changes.
    public let renderer: ItemListRenderer<Image>

    private let itemLoader: ItemLoader
    private let pageLoader: ItemPageLoader?
    private let searchLoader: ItemSearchLoader?
    private let rangeLoader: ItemRangeLoader?
    private let schedule: ScheduleWork?
    let presenter: ItemListPresenter
    let rows: ItemListRows<Image>
    let marks: ItemMarks?

    private var hasBeenShown = false
    /// Only the newest load may render: an older one finishing late would
    /// otherwise overwrite fresher rows.
    private var newestLoad = 0
    /// The loads under way, one of each kind: a reload stops them (the
    /// server sees the connection close) rather than let them run unseen.
    private var runningLoad: FeedLoadTask?
    private var runningPageLoad: FeedLoadTask?
    /// Reads of a counted view's rows, by their first position.
    private var runningRowReads: [Int: FeedLoadTask] = [:]
    /// A server query waiting for typing to pause.
    private var pendingSearch: ScheduledWork?
    /// A counted view's rows after its first page, waiting for it to be painted.
    private var pendingCountedRows: ScheduledWork?

    init(
        itemLoader: ItemLoader,
        pageLoader: ItemPageLoader?,
        searchLoader: ItemSearchLoader?,
        rangeLoader: ItemRangeLoader? = nil,
        schedule: ScheduleWork?,
        loadThumbnail: @escaping ItemRowController<Image>.LoadThumbnail,
        rowDescription: ItemRowDescription,
        marks: ItemMarks? = nil,
        coordinator: ItemListCoordinator?,
        reloader: ListReloader,
        refreshControl: RefreshControl
    ) {
        self.itemLoader = itemLoader
        self.pageLoader = pageLoader
        self.searchLoader = searchLoader
        self.rangeLoader = rangeLoader
        self.schedule = schedule
        self.refreshControl = refreshControl
        self.marks = marks
        rows = ItemListRows(description: rowDescription, marks: marks, loadThumbnail: loadThumbnail)
        renderer = ItemListRenderer(refreshControl: refreshControl, rows: rows, reloader: reloader)
        presenter = ItemListPresenter(view: renderer, coordinator: coordinator)
        rows.loadMore = { [weak self] in self?.loadMore() }
        rows.readRows = { [weak self] in self?.readRows(at: $0) }
        refreshControl.addTarget(self, action: "refresh", for: .valueChanged, ItemListController.refresh)
        errorRetryButton.addTarget(self, action: "refresh", for: .primaryActionTriggered, ItemListController.refresh)
        errorDismissButton.addTarget(self, action: "dismissError", for: .primaryActionTriggered, ItemListController.dismissError)
        searchField.addTarget(self, action: "searchTextChanged", for: .valueChanged, ItemListController.searchTextChanged)
        searchField.addTarget(self, action: "searchEnded", for: .editingDidEnd, ItemListController.searchEnded)
    }

    /// A screen that goes away (another feed opened in the window) stops
    /// its transfers rather than let them run unseen.
    isolated deinit {
        runningLoad?.cancel()
        runningPageLoad?.cancel()
        runningRowReads.values.forEach { $0.cancel() }
        pendingSearch?.cancel()
        pendingCountedRows?.cancel()
        rows.discardAll()
    }

    // MARK: Screen events

    /// The first time the screen appears it loads the feed; later
    /// appearances (un-minimising, say) do not.
    public func screenShown() {
        guard !hasBeenShown else { return }
        hasBeenShown = true
        refresh()
    }

    /// Loads the first page: of the feed, or of the server search shown.
    public func refresh() {
        runningLoad?.cancel()
        runningLoad = nil
        runningPageLoad?.cancel()
        runningPageLoad = nil
        runningRowReads.values.forEach { $0.cancel() }
        runningRowReads = [:]
        pendingCountedRows?.cancel()
        pendingCountedRows = nil
        newestLoad += 1
        presenter.didStartLoading()
        let generation = newestLoad
        // Batches of an older load that are still on their way are dropped.
        let batches = { [weak self] (items: [Item]) in
            guard let self, generation == self.newestLoad else { return }
            presenter.didLoadFirstItems(items)
        }
        runningLoad = start({ completion in
            if let query = presenter.state.serverQuery, let searchLoader {
                searchLoader.search(query, completion: completion)
            } else {
                itemLoader.load(batches: batches, completion: completion)
            }
        }) { [weak self] result in
            self?.runningLoad = nil
            switch result {
            case let .success(feed):
                self?.presenter.didFinishLoading(with: feed, pageSize: self?.rangeLoader?.pageSize)
                self?.addCountedRows()
            case let .failure(error): self?.presenter.didFinishLoading(with: error)
            }
        }
    }

    /// Starts a load whose result counts only if no reload came since (a
    /// reload starts again from the first page). Returns its task while it
    /// runs; `nil` when the loader answered before returning it.
    private func start(
        _ load: (@escaping (Result<Feed, Error>) -> Void) -> FeedLoadTask,
        then finish: @escaping (Result<Feed, Error>) -> Void
    ) -> FeedLoadTask? {
        let generation = newestLoad
        return LoadStep.start(load) { [weak self] result in
            guard let self, generation == self.newestLoad else { return }
            finish(result)
        }
    }

    public func dismissError() {
        presenter.didDismissError()
    }

    // MARK: Rows

    // `presenter.state` is read in place: a copy of the state on every bind
    // would retain and release each of its arrays in the hot path.

    public var numberOfRows: Int { presenter.state.shownCount + (rows.loadMoreRow == nil ? 0 : 1) }

    /// `nil` for the load-more row.
    public func item(at position: Int) -> Item? {
        presenter.state.itemIndex(at: position).flatMap(presenter.state.item(atIndex:))
    }

    /// The item at `position`, reading its page first when it is a counted
    /// row not read yet (the reader moving past the rows shown).
    public func item(readingAt position: Int) -> Item? {
        if let item = item(at: position) { return item }
        guard position < presenter.state.shownCount else { return nil }
        readRows(at: position)
        return item(at: position)
    }

    /// The items the screen holds, in order: all of a feed's; the rows read
    /// so far of a counted view.
    public var heldItems: [Item] { presenter.state.heldItems }

    /// What the row at `position` shows, for a row view bound ahead of the
    /// viewport (it must never keep showing the item it was bound to before);
    /// `nil` for the load-more row.
    public func rowState(at position: Int) -> ItemRowState<Image>? {
        rows.row(at: position, in: presenter.state)?.state
    }

    public func rowBecameVisible(at position: Int, in view: any ItemRowView<Image>) {
        rows.bind(view, at: position, in: presenter.state)
    }

    public func rowStoppedBeingVisible(in view: any ItemRowView<Image>) {
        rows.unbind(view)
    }

    /// How many row views show a row right now.
    public var boundRowCount: Int { rows.boundCount }

    public func rowBecameNearVisible(at position: Int) {
        rows.row(at: position, in: presenter.state)?.becameNearVisible()
    }

    public func rowStoppedBeingNearVisible(at position: Int) {
        rows.row(at: position, in: presenter.state)?.stoppedBeingNearVisible()
    }

    /// A row was activated: `true` when it was handled here (a reading
    /// pane opened its item), instead of the coordinator opening the item.
    public var activating: ((Int) -> Bool)?

    /// Enter on an item opens it; on a load-more row that failed, tries again.
    public func rowActivated(at position: Int) {
        if item(at: position) != nil, activating?(position) == true { return }
        if let item = item(at: position) { return presenter.didActivate(item) }
        if position == presenter.state.shownCount, case .failed = presenter.state.pageLoad { loadMore() }
    }

    // MARK: Pages

    private func loadMore() {
        guard let pageLoader, let page = presenter.didRequestNextPage() else { return }
        runningPageLoad = start({ pageLoader.loadPage(at: page, completion: $0) }) { [weak self] result in
            self?.runningPageLoad = nil
            switch result {
            case let .success(feed): self?.presenter.didFinishLoadingPage(with: feed)
            case let .failure(error): self?.presenter.didFinishLoadingPage(with: error)
            }
        }
    }

    /// A counted view's other rows join a frame after its first page: given
    /// them at once, GTK 4.8 makes a widget for each of 200 rows before the
    /// first paint.
    private func addCountedRows() {
        guard presenter.state.hasCountedRowsToAdd else { return }
        guard let schedule else { return presenter.didPaintCountedFirstPage() }
        pendingCountedRows = schedule(0.02) { [weak self] in
            self?.pendingCountedRows = nil
            self?.presenter.didPaintCountedFirstPage()
        }
    }

    /// A counted row not read yet was shown: its page is read, once.
    private func readRows(at position: Int) {
        guard let rangeLoader, let range = presenter.didShowRowNotLoaded(at: position) else { return }
        let generation = newestLoad
        let search = presenter.state.serverQuery
        let task = LoadStep.start({ rangeLoader.loadItems(in: range, search: search, completion: $0) }) { [weak self] result in
            guard let self, generation == newestLoad else { return }
            runningRowReads[range.lowerBound] = nil
            switch result {
            case let .success(items): presenter.didReadRows(items, at: range)
            case let .failure(error): presenter.didFailReadingRows(at: range, with: error)
            }
        }
        if let task { runningRowReads[range.lowerBound] = task }
    }

    // MARK: Search

    /// Sources that search on their server get page 1 of the query once
    /// typing pauses for 300 ms (each keystroke would otherwise be a request,
    /// and the previous query's transfer is cancelled by the reload); the
    /// others filter what is loaded at once, on every keystroke.
    public func searchTextChanged() {
        let query = searchField.text.trimmingCharacters(in: .whitespacesAndNewlines)
        presenter.didChangeSearch(to: query, searchesOnServer: searchLoader != nil)
        guard searchLoader != nil else { return }
        pendingSearch?.cancel()
        guard let schedule else { return typingPaused() }
        pendingSearch = schedule(0.3) { [weak self] in self?.typingPaused() }
    }

    /// The search closed: the list the user had before it.
    public func searchEnded() {
        pendingSearch?.cancel()
        pendingSearch = nil
        if presenter.didEndSearch() { refresh() }
    }

    private func typingPaused() {
        pendingSearch = nil
        if presenter.didPauseTyping() { refresh() }
    }

    // MARK: A page's feeds

    /// The feed at `index` among those a web page named was picked.
    public func feedChosen(at index: Int) {
        presenter.didChooseFeed(at: index)
    }

    // MARK: Featured

    public var featured: [Item] { presenter.state.featured }

    public func featuredItemActivated(at index: Int) {
        guard featured.indices.contains(index) else { return }
        presenter.didActivate(featured[index])
    }
}

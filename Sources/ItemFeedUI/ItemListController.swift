import Foundation
import ItemFeed

/// The list screen's events and effects: it starts and cancels loads, keeps
/// one row controller per item for the images, and answers the list view.
/// What the screen shows is decided by the presenter's `ItemListState`,
/// which this renders after every event — the one place that decides.
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

    public weak var listView: Reloadable?
    public weak var statusView: ItemListStatusView? {
        didSet { renderStatus() }
    }
    /// The feed's name, for the window title.
    public private(set) var title: String?
    public var titleChanged: ((String) -> Void)?

    private let itemLoader: ItemLoader
    private let pageLoader: ItemPageLoader?
    private let searchLoader: ItemSearchLoader?
    private let schedule: ScheduleWork?
    private let reloader: ListReloader
    private let loadThumbnail: ItemRowController<Image>.LoadThumbnail
    private weak var coordinator: ItemListCoordinator?
    private lazy var presenter = ItemListPresenter(view: self, coordinator: coordinator)
    private var state: ItemListState { presenter.state }

    /// One per item of `state.items`, in the same order: they outlive row
    /// views, which GTK recycles.
    private var rows: [ItemRowController<Image>] = []
    /// The row after the items while the state shows one.
    private var loadMoreRow: LoadMoreRowController<Image>?
    /// Which row each bound view shows, so a recycled view is taken away from
    /// its previous row before it shows a new one.
    private var rowsByView: [ObjectIdentifier: BoundRow] = [:]

    @MainActor
    private enum BoundRow {
        case item(ItemRowController<Image>)
        case loadMore(LoadMoreRowController<Image>)

        func unbind() {
            switch self {
            case let .item(row): row.unbind()
            case let .loadMore(row): row.unbind()
            }
        }
    }

    private var hasBeenShown = false
    /// Only the newest load may render: an older one finishing late would
    /// otherwise overwrite fresher rows.
    private var newestLoad = 0
    /// The loads under way, one of each kind: a reload stops them (the
    /// server sees the connection close) rather than let them run unseen.
    private var runningLoad: FeedLoadTask?
    private var runningPageLoad: FeedLoadTask?
    /// A server query waiting for typing to pause.
    private var pendingSearch: ScheduledWork?

    init(
        itemLoader: ItemLoader,
        pageLoader: ItemPageLoader?,
        searchLoader: ItemSearchLoader?,
        schedule: ScheduleWork?,
        loadThumbnail: @escaping ItemRowController<Image>.LoadThumbnail,
        coordinator: ItemListCoordinator?,
        reloader: ListReloader,
        refreshControl: RefreshControl
    ) {
        self.itemLoader = itemLoader
        self.pageLoader = pageLoader
        self.searchLoader = searchLoader
        self.schedule = schedule
        self.loadThumbnail = loadThumbnail
        self.coordinator = coordinator
        self.reloader = reloader
        self.refreshControl = refreshControl
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
        pendingSearch?.cancel()
        rows.forEach { $0.discard() }
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
        newestLoad += 1
        let load = newestLoad
        presenter.didStartLoading()
        var answered = false
        let completion: (Result<Feed, Error>) -> Void = { [weak self] result in
            answered = true
            guard let self, load == self.newestLoad else { return }
            self.runningLoad = nil
            switch result {
            case let .success(feed): self.presenter.didFinishLoading(with: feed)
            case let .failure(error): self.presenter.didFinishLoading(with: error)
            }
        }
        let task = if let query = state.serverQuery, let searchLoader {
            searchLoader.search(query, completion: completion)
        } else {
            itemLoader.load(completion: completion)
        }
        // A loader may answer before returning its task.
        if !answered { runningLoad = task }
    }

    public func dismissError() {
        presenter.didDismissError()
    }

    // MARK: Rows

    public var numberOfRows: Int { state.shownCount + (loadMoreRow == nil ? 0 : 1) }

    /// `nil` for the load-more row.
    public func item(at position: Int) -> Item? {
        state.itemIndex(at: position).map { state.items[$0] }
    }

    private func row(at position: Int) -> ItemRowController<Image>? {
        state.itemIndex(at: position).map { rows[$0] }
    }

    public func rowBecameVisible(at position: Int, in view: any ItemRowView<Image>) {
        rowStoppedBeingVisible(in: view)
        if let row = row(at: position) {
            row.bind(to: view)
            rowsByView[ObjectIdentifier(view)] = .item(row)
        } else if position == state.shownCount, let loadMoreRow {
            // The end of the list came into view: this asks for the next page.
            rowsByView[ObjectIdentifier(view)] = .loadMore(loadMoreRow)
            loadMoreRow.bind(to: view)
        }
    }

    public func rowStoppedBeingVisible(in view: any ItemRowView<Image>) {
        rowsByView.removeValue(forKey: ObjectIdentifier(view))?.unbind()
    }

    /// How many row views show a row right now.
    public var boundRowCount: Int { rowsByView.count }

    public func rowBecameNearVisible(at position: Int) {
        row(at: position)?.becameNearVisible()
    }

    public func rowStoppedBeingNearVisible(at position: Int) {
        row(at: position)?.stoppedBeingNearVisible()
    }

    /// Enter on an item opens it; on a load-more row that failed, tries again.
    public func rowActivated(at position: Int) {
        if let item = item(at: position) { return presenter.didActivate(item) }
        if position == state.shownCount, case .failed = state.pageLoad { loadMore() }
    }

    // MARK: Pages

    private func loadMore() {
        guard let pageLoader, let page = presenter.didRequestNextPage() else { return }
        let load = newestLoad
        var answered = false
        let task = pageLoader.loadPage(at: page) { [weak self] result in
            answered = true
            // A reload since then starts again from the first page.
            guard let self, load == self.newestLoad else { return }
            self.runningPageLoad = nil
            switch result {
            case let .success(feed): self.presenter.didFinishLoadingPage(with: feed)
            case let .failure(error): self.presenter.didFinishLoadingPage(with: error)
            }
        }
        if !answered { runningPageLoad = task }
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

    // MARK: Featured

    public var featured: [Item] { state.featured }

    public func featuredItemActivated(at index: Int) {
        guard state.featured.indices.contains(index) else { return }
        presenter.didActivate(state.featured[index])
    }

    // MARK: Rendering

    private func renderStatus() {
        statusView?.display(bannerMessage: state.banner)
        statusView?.display(page: state.page)
        statusView?.display(featured: state.featured)
    }

    private func renderRows() {
        let hadLoadMoreRow = loadMoreRow != nil
        switch state.rowChange {
        case .none:
            if hadLoadMoreRow != state.showsLoadMoreRow { replaceLoadMoreRow() }
        case .replaced:
            rows.forEach { $0.discard() }
            forgetBoundViews()
            rows = state.items.map { ItemRowController(item: $0, loadThumbnail: loadThumbnail) }
            replaceLoadMoreRow()
            if let listView { reloader.reload(listView) }
        case let .appended(added):
            rows += state.items[added].map { ItemRowController(item: $0, loadThumbnail: loadThumbnail) }
            replaceLoadMoreRow()
            if state.isFiltering {
                // A page that was under way when filtering began: positions moved.
                forgetBoundViews()
                if let listView { reloader.reload(listView) }
            } else {
                listView?.rowsChanged(
                    at: added.lowerBound, removed: hadLoadMoreRow ? 1 : 0,
                    added: added.count + (loadMoreRow == nil ? 0 : 1)
                )
            }
        case .refiltered:
            // The list is reloaded: every position changes, and the list
            // view starts its visible and near-visible rows over, so the rows
            // that stay must not keep the prefetches it will never end.
            forgetBoundViews()
            rows.forEach { $0.stoppedBeingNearVisible() }
            replaceLoadMoreRow()
            if let listView { reloader.reload(listView) }
        }
        loadMoreRow?.display(LoadMoreRowState(state.pageLoad))
    }

    /// A fresh load-more row each time the end of the list changes: the old
    /// one keeps only its own bound view, which GTK unbinds.
    private func replaceLoadMoreRow() {
        loadMoreRow = state.showsLoadMoreRow ? LoadMoreRowController { [weak self] in self?.loadMore() } : nil
    }

    private func forgetBoundViews() {
        rowsByView.values.forEach { $0.unbind() }
        rowsByView.removeAll()
    }
}

extension ItemListController: @MainActor ItemListView {
    public func display(_ state: ItemListState) {
        state.isLoading ? refreshControl.beginRefreshing() : refreshControl.endRefreshing()
        renderRows()
        renderStatus()
        if let title = state.title, title != self.title {
            self.title = title
            titleChanged?(title)
        }
    }
}

private extension LoadMoreRowState {
    init(_ pageLoad: ItemListState.PageLoad) {
        switch pageLoad {
        case .idle, .loading: self.init(isLoading: true, errorMessage: nil)
        case let .failed(message): self.init(isLoading: false, errorMessage: message)
        }
    }
}

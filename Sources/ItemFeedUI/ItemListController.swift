import Foundation
import ItemFeed

/// The list screen: loads the feed, owns one row controller per item, and
/// answers the list view's questions and events.
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
    /// The feed's name, for the window title.
    public private(set) var title: String?
    public var titleChanged: ((String) -> Void)?
    public weak var statusView: ItemListStatusView? {
        didSet { renderStatus() }
    }

    /// The last load's failure, until a reload or a dismiss.
    private var errorMessage: String?
    /// Whether any load has succeeded, so a failure has rows (or an empty
    /// feed) to keep showing.
    private var hasLoaded = false

    private let itemLoader: ItemLoader
    private let pageLoader: ItemPageLoader?
    private let searchLoader: ItemSearchLoader?
    private let schedule: ScheduleWork?
    private let reloader: ListReloader
    private let loadThumbnail: ItemRowController<Image>.LoadThumbnail
    private weak var coordinator: ItemListCoordinator?
    private lazy var presenter = ItemListPresenter(view: self, coordinator: coordinator)

    private var rows: [ItemRowController<Image>] = []
    /// The row after the items while the source has a next page.
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

    /// The page to ask for next; `nil` at the last page.
    private var nextPage: URL?
    /// Pages asked for since the first, so a source that names one again
    /// cannot make the list load forever.
    private var requestedPages: Set<URL> = []
    private var runningPageLoad: FeedLoadTask?
    private var hasBeenShown = false
    /// Only the newest load may render: an older one finishing late would
    /// otherwise overwrite fresher rows.
    private var newestLoad = 0
    /// The feed load under way: one at a time, so a reload stops it (the
    /// server sees the connection close) rather than let it run on unseen.
    private var runningLoad: FeedLoadTask?

    /// A server query waiting for typing to pause.
    private var pendingSearch: ScheduledWork?
    /// The query whose results the list shows, for a server search.
    private var serverQuery: String?
    /// The local filter and which loaded rows it shows, in order.
    private var filter: (query: String, text: SearchText)?
    private var shownPositions: [Int]?

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
        // While a server search is open, a reload reloads its results.
        let task = if let serverQuery, let searchLoader {
            searchLoader.search(serverQuery, completion: completion)
        } else {
            itemLoader.load(completion: completion)
        }
        // A loader may answer before returning its task.
        if !answered { runningLoad = task }
    }

    public func dismissError() {
        errorMessage = nil
        renderStatus()
    }

    // MARK: Rows

    /// The load-more row is left out while a filter hides items.
    public var numberOfRows: Int { shownCount + (loadMoreRow == nil || filter != nil ? 0 : 1) }

    /// `nil` for the load-more row.
    public func item(at position: Int) -> Item? {
        row(at: position)?.item
    }

    private var shownCount: Int { shownPositions?.count ?? rows.count }

    private func row(at position: Int) -> ItemRowController<Image>? {
        guard let shownPositions else { return rows.indices.contains(position) ? rows[position] : nil }
        return shownPositions.indices.contains(position) ? rows[shownPositions[position]] : nil
    }

    public func rowBecameVisible(at position: Int, in view: any ItemRowView<Image>) {
        rowStoppedBeingVisible(in: view)
        if let row = row(at: position) {
            row.bind(to: view)
            rowsByView[ObjectIdentifier(view)] = .item(row)
        } else if position == shownCount, filter == nil, let loadMoreRow {
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
        if position == shownCount, let loadMoreRow, loadMoreRow.state.errorMessage != nil { loadMoreRow.retry() }
    }

    // MARK: Search

    /// Sources that search on their server get page 1 of the query once
    /// typing pauses for 300 ms (each keystroke would otherwise be a request,
    /// and the previous query's transfer is cancelled by the reload); the
    /// others filter what is loaded at once, on every keystroke.
    public func searchTextChanged() {
        let query = searchField.text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard searchLoader != nil else { return filter(by: query) }
        pendingSearch?.cancel()
        guard let schedule else { return searchServer(for: query) }
        pendingSearch = schedule(0.3) { [weak self] in self?.searchServer(for: query) }
        renderStatus()
    }

    /// The search closed: the list the user had before it.
    public func searchEnded() {
        pendingSearch?.cancel()
        pendingSearch = nil
        renderStatus()
        if serverQuery != nil {
            serverQuery = nil
            refresh()
        }
        if filter != nil { filter(by: "") }
    }

    private func searchServer(for query: String) {
        pendingSearch = nil
        let query = query.isEmpty ? nil : query
        guard query != serverQuery else { return }
        serverQuery = query
        refresh()
    }

    private func filter(by query: String) {
        filter = query.isEmpty ? nil : (query, SearchText(query))
        // The list is reloaded: every position changes, and the list view
        // starts its visible and near-visible rows over, so the rows that
        // stay must not keep the prefetches it will never end.
        rowsByView.values.forEach { $0.unbind() }
        rowsByView.removeAll()
        rows.forEach { $0.stoppedBeingNearVisible() }
        applyFilter()
        renderStatus()
        if let listView { reloader.reload(listView) }
    }

    private func applyFilter() {
        shownPositions = filter.map { filter in rows.indices.filter { rows[$0].searchText.contains(filter.text) } }
    }

    // MARK: Pages

    /// One page request at a time, never for a page asked for before, and
    /// none past the last page.
    private func loadMore() {
        guard let pageLoader, let nextPage, runningPageLoad == nil, let loadMoreRow, !requestedPages.contains(nextPage) || loadMoreRow.state.errorMessage != nil else { return }
        requestedPages.insert(nextPage)
        loadMoreRow.display(LoadMoreRowState(isLoading: true, errorMessage: nil))
        let load = newestLoad
        var answered = false
        let task = pageLoader.loadPage(at: nextPage) { [weak self, weak loadMoreRow] result in
            answered = true
            // A reload since then starts again from the first page.
            guard let self, load == self.newestLoad else { return }
            self.runningPageLoad = nil
            switch result {
            case let .success(feed):
                self.append(feed)
            case let .failure(error):
                loadMoreRow?.display(LoadMoreRowState(isLoading: false, errorMessage: ItemListPresenter.message(for: error)))
            }
        }
        if !answered { runningPageLoad = task }
    }

    /// The page's new items after the ones shown (an id shown already is
    /// not shown twice), then the load-more row again if there is a page
    /// after it. Only the end of the list changes.
    private func append(_ feed: Feed) {
        let shown = Set(rows.map(\.item.id))
        let newRows = feed.items.filter { !shown.contains($0.id) }.map { ItemRowController(item: $0, loadThumbnail: loadThumbnail) }
        let start = rows.count
        let removed = loadMoreRow == nil ? 0 : 1
        rows += newRows
        selectFeatured(adding: newRows.lazy.map(\.item))
        nextPage = feed.nextPage.flatMap { requestedPages.contains($0) ? nil : $0 }
        loadMoreRow = nextPage.map { _ in makeLoadMoreRow() }
        guard filter == nil else {
            // A page that was under way when filtering began: shown filtered.
            applyFilter()
            renderStatus()
            if let listView { reloader.reload(listView) }
            return
        }
        listView?.rowsChanged(at: start, removed: removed, added: newRows.count + (loadMoreRow == nil ? 0 : 1))
        renderStatus()
    }

    private func makeLoadMoreRow() -> LoadMoreRowController<Image> {
        LoadMoreRowController { [weak self] in self?.loadMore() }
    }

    private var page: ItemListPage {
        if !hasLoaded, let errorMessage { return .error(errorMessage) }
        guard hasLoaded, shownCount == 0 else { return .rows }
        if let query = filter?.query ?? serverQuery { return .noResults(query) }
        return .empty
    }

    private var bannerMessage: String? {
        hasLoaded ? errorMessage : nil
    }

    private func renderStatus() {
        statusView?.display(bannerMessage: bannerMessage)
        statusView?.display(page: page)
        statusView?.display(featured: featured)
    }

    // MARK: Featured

    /// SPEC 5.1's selection over the loaded items that carry a priority
    /// (native `priority`, Qiita's likes): none for feeds without, and
    /// none while searching, when the strip would only be in the way.
    public var featured: [Item] {
        guard filter == nil, serverQuery == nil, pendingSearch == nil else { return [] }
        return featuredSelection
    }

    /// Chosen when rows arrive, not on every render: a page only competes
    /// with the five already chosen, so 100,000 rows are sorted once.
    private var featuredSelection: [Item] = []

    private func selectFeatured(adding items: some Sequence<Item>) {
        featuredSelection = FeaturedItems.select(from: featuredSelection + items.filter { $0.priority != nil })
    }

    public func featuredItemActivated(at index: Int) {
        let featured = featured
        guard featured.indices.contains(index) else { return }
        presenter.didActivate(featured[index])
    }
}

extension ItemListController: @MainActor ItemListView {
    public func display(isLoading: Bool) {
        isLoading ? refreshControl.beginRefreshing() : refreshControl.endRefreshing()
    }

    /// A load from the first page replaces every row and the paging.
    public func display(items: [Item], nextPage: URL?) {
        rows.forEach { $0.discard() }
        rowsByView.values.forEach { $0.unbind() }
        rowsByView.removeAll()
        rows = items.map { ItemRowController(item: $0, loadThumbnail: loadThumbnail) }
        featuredSelection = []
        selectFeatured(adding: items)
        self.nextPage = nextPage
        requestedPages = []
        loadMoreRow = nextPage.map { _ in makeLoadMoreRow() }
        applyFilter()
        hasLoaded = true
        renderStatus()
        if let listView { reloader.reload(listView) }
    }

    public func display(title: String) {
        self.title = title
        titleChanged?(title)
    }

    public func display(errorMessage: String?) {
        self.errorMessage = errorMessage
        renderStatus()
    }
}

import Foundation

/// Everything the list screen shows, in one value. Events come in as the
/// methods below, each one case of what can happen; the view renders the
/// value that results. Paging, searching and saved copies are each a few
/// lines here and a test, not flags spread through a controller.
public struct ItemListState: Equatable {
    /// The search bar's effect on the list.
    public enum Search: Equatable {
        case none
        /// The loaded items, filtered by this query as it is typed.
        case filtering(String)
        /// A server search: the query whose results are shown (`nil`: the
        /// feed itself), and one being typed that has not been sent yet.
        case server(shown: String?, typing: String?)
    }

    /// The page after the loaded ones.
    public enum PageLoad: Equatable {
        case idle
        case loading
        case failed(String)
    }

    /// What happened to the rows in the last event, so a list view changes
    /// only that: a reload for new first pages and filters, an append at
    /// the end for a further page (a splice, keeping scroll and focus).
    public enum RowChange: Equatable {
        case none
        case replaced
        case appended(Range<Int>)
        case refiltered
        /// Rows of a counted view were read (`filled`), and the pages read
        /// longest ago let go (`dropped`): positions stay as they were.
        case read(filled: Range<Int>, dropped: [Range<Int>])
    }

    public private(set) var isLoading = false
    /// Every item loaded, all pages.
    public private(set) var items: [Item] = []
    public private(set) var title: String?
    public private(set) var nextPage: URL?
    public private(set) var pageLoad = PageLoad.idle
    public private(set) var search = Search.none
    public private(set) var rowChange = RowChange.none
    /// The last first-page failure, or the notice that a saved copy shows.
    private var message: String?
    /// Why the search typed cannot be read (the library's query language);
    /// the rows of the last search that could stay meanwhile.
    public private(set) var searchProblem: String?
    private var hasLoaded = false
    /// Pages asked for since the first, so a source that names one again
    /// cannot make the list load forever.
    private var requestedPages: Set<URL> = []
    /// The positions a filter shows; `nil` shows every item.
    private var shownIndices: [Int]?
    /// Folded once per item, on the first filter, so a keystroke only compares.
    private var searchTexts: [SearchText] = []
    private var featuredSelection: [Item] = []
    /// How many of `items` came in batches from the load under way.
    private var batchedCount = 0
    /// The feeds a web page named, to choose from, until a load succeeds.
    public private(set) var offeredFeeds: [FeedLink] = []
    /// A view its source counts (a library view): every row is shown at
    /// once, each read by position as it is shown; `items` is its first page.
    private var counted: CountedRows?

    public init() {}

    // MARK: What the view renders

    public var shownCount: Int { counted?.shownCount ?? shownIndices?.count ?? items.count }

    /// A counted view shows its first page alone, until `countedRowsAdded()`.
    public var hasCountedRowsToAdd: Bool { counted.map { $0.shownCount < $0.count } ?? false }

    /// The index of the item at `position`, for `item(atIndex:)`: the same
    /// while no filter hides items.
    public func itemIndex(at position: Int) -> Int? {
        if let counted { return (0..<counted.shownCount).contains(position) ? position : nil }
        if let shownIndices { return shownIndices.indices.contains(position) ? shownIndices[position] : nil }
        return items.indices.contains(position) ? position : nil
    }

    /// The item at `index` (see `itemIndex(at:)`); `nil` for a counted row
    /// not read yet.
    public func item(atIndex index: Int) -> Item? {
        if let counted { return counted.item(at: index) }
        return items.indices.contains(index) ? items[index] : nil
    }

    /// The items the screen holds, in order (a counted view's pages read so far).
    public var heldItems: [Item] { counted?.readItems ?? items }

    /// The row after the items while there is a next page; not while a
    /// filter shows only some of what is loaded.
    public var showsLoadMoreRow: Bool {
        nextPage != nil && !isFiltering
    }

    public var isFiltering: Bool {
        if case .filtering = search { return true }
        return false
    }

    /// The query whose server results the list shows.
    public var serverQuery: String? {
        if case let .server(shown, _) = search { return shown }
        return nil
    }

    public var page: ItemListPage {
        if !hasLoaded, isLoading { return .loading }
        if !hasLoaded, !offeredFeeds.isEmpty { return .feeds(offeredFeeds) }
        if !hasLoaded, let message { return .error(message) }
        guard hasLoaded, shownCount == 0 else { return .rows }
        switch search {
        case let .filtering(query): return .noResults(query)
        case let .server(shown?, _): return .noResults(shown)
        default: return .empty
        }
    }

    /// A failure or a notice over rows that stay.
    public var banner: String? { hasLoaded ? message : nil }

    /// The featured selection, hidden while searching.
    public var featured: [Item] { search == .none ? featuredSelection : [] }

    // MARK: First page

    public mutating func loadStarted() {
        rowChange = .none
        isLoading = true
        message = nil
        searchProblem = nil
        batchedCount = 0
        offeredFeeds = []
    }

    /// The address was a web page naming several feeds: they are the page
    /// until the user picks one (or reloads).
    public mutating func feedsOffered(_ links: [FeedLink]) {
        rowChange = .none
        isLoading = false
        batchedCount = 0
        offeredFeeds = links
    }

    /// The first items of the load under way, while it maps the rest: shown
    /// at once when the list has nothing to show, appended after the ones
    /// before. Over rows already shown (a reload) they wait for the whole
    /// feed, so the list never shrinks to a batch and back.
    public mutating func itemsArrived(_ batch: [Item]) {
        rowChange = .none
        guard isLoading, batchedCount > 0 || items.isEmpty, !batch.isEmpty else { return }
        if batchedCount == 0 {
            items = []
            searchTexts = []
            hasLoaded = true
        }
        let start = items.count
        items += batch
        batchedCount = items.count
        rowChange = start == 0 ? .replaced : .appended(start..<items.count)
        applyFilter()
    }

    /// `notice`: what to say over the items (they are a saved copy).
    /// `pageSize`: the feed's source reads rows by position, that many at a
    /// time; a feed that counts more items than it holds, without a next
    /// page, is then shown whole at once (`rowsNeeded(at:)`).
    public mutating func loaded(_ feed: Feed, notice: String?, pageSize: Int? = nil) {
        // The rows its batches showed are the feed's first: only the rest
        // is added. Anything else (a saved copy instead) replaces them.
        let batched = batchedCount
        batchedCount = 0
        let extendsBatches = batched > 0 && feed.items.count >= batched && feed.items[..<batched] == items[..<batched]
        rowChange = extendsBatches ? .appended(batched..<feed.items.count) : .replaced
        if !extendsBatches { searchTexts = [] }
        isLoading = false
        hasLoaded = true
        message = notice
        items = feed.items
        title = feed.title ?? title
        nextPage = feed.nextPage
        requestedPages = []
        pageLoad = .idle
        featuredSelection = FeaturedItems.select(from: items.filter { $0.priority != nil })
        counted = nil
        if let pageSize, let total = feed.totalItemCount, feed.nextPage == nil, total > feed.items.count {
            counted = CountedRows(count: total, firstPage: feed.items, pageSize: pageSize)
            rowChange = .replaced
        }
        applyFilter()
    }

    /// Rows that batches of the failed load showed stay, under the message.
    public mutating func loadFailed(_ message: String) {
        rowChange = .none
        isLoading = false
        batchedCount = 0
        self.message = message
    }

    public mutating func messageDismissed() {
        rowChange = .none
        message = nil
    }

    // MARK: Later pages

    /// The page to ask for now, marked as loading; `nil` past the last
    /// page, while one loads, or for a page asked for before (unless it
    /// failed and is being tried again).
    public mutating func nextPageRequested() -> URL? {
        rowChange = .none
        guard let nextPage, showsLoadMoreRow, pageLoad != .loading else { return nil }
        if case .idle = pageLoad, requestedPages.contains(nextPage) { return nil }
        requestedPages.insert(nextPage)
        pageLoad = .loading
        return nextPage
    }

    /// New items after the ones loaded (an id loaded already is not added
    /// twice); the next page, unless it is one asked for before.
    public mutating func pageLoaded(_ feed: Feed) {
        let known = Set(items.lazy.map(\.id))
        let added = feed.items.filter { !known.contains($0.id) }
        let start = items.count
        items += added
        rowChange = .appended(start..<items.count)
        nextPage = feed.nextPage.flatMap { requestedPages.contains($0) ? nil : $0 }
        pageLoad = .idle
        featuredSelection = FeaturedItems.select(from: featuredSelection + added.filter { $0.priority != nil })
        applyFilter()
    }

    public mutating func pageFailed(_ message: String) {
        rowChange = .none
        pageLoad = .failed(message)
    }

    // MARK: Counted rows

    /// The rows of a counted view after its first page join the list,
    /// after its end: the first page is painted first on its own.
    public mutating func countedRowsAdded() {
        rowChange = .none
        guard let shown = counted?.shownCount, hasCountedRowsToAdd else { return }
        counted!.showAll()
        rowChange = .appended(shown..<counted!.count)
    }

    /// A row of a counted view is shown: the positions to read for it, when
    /// they are neither read nor being read.
    public mutating func rowsNeeded(at position: Int) -> Range<Int>? {
        rowChange = .none
        return counted?.request(at: position)
    }

    public mutating func rowsRead(_ items: [Item], at range: Range<Int>) {
        rowChange = .none
        guard counted != nil else { return }
        let dropped = counted!.fill(items, at: range)
        rowChange = .read(filled: range, dropped: dropped)
    }

    /// The rows stay empty under the message; showing them again tries again.
    public mutating func rowsFailed(at range: Range<Int>, _ message: String) {
        rowChange = .none
        counted?.failed(at: range)
        self.message = message
    }

    // MARK: Search

    /// The search typed cannot be read: said in the search bar, not as a
    /// failure to retry; the rows stay.
    public mutating func searchRefused(_ problem: String) {
        rowChange = .none
        isLoading = false
        searchProblem = problem
    }

    /// Filtering applies at once; a server query waits for `serverSearchDue`.
    public mutating func searchChanged(to query: String, searchesOnServer: Bool) {
        if searchesOnServer {
            rowChange = .none
            search = .server(shown: serverQuery, typing: query)
            return
        }
        search = query.isEmpty ? .none : .filtering(query)
        rowChange = .refiltered
        applyFilter()
    }

    /// Typing paused: the typed query becomes the one shown. Returns
    /// whether the list must load (a new query, or back to the feed).
    public mutating func serverSearchDue() -> Bool {
        rowChange = .none
        guard case let .server(shown, typing?) = search else { return false }
        let query = typing.isEmpty ? nil : typing
        search = query == nil ? .none : .server(shown: query, typing: nil)
        return query != shown
    }

    /// The search closed. Returns whether the list must load again (it
    /// shows a server's results); a filter is simply lifted.
    public mutating func searchEnded() -> Bool {
        let wasShowingResults = serverQuery != nil
        searchProblem = nil
        rowChange = isFiltering ? .refiltered : .none
        search = .none
        applyFilter()
        return wasShowingResults
    }

    private mutating func applyFilter() {
        guard counted == nil, case let .filtering(query) = search else {
            shownIndices = nil
            return
        }
        if searchTexts.count < items.count {
            searchTexts += items[searchTexts.count...].map(SearchText.init(item:))
        }
        let folded = SearchText(query)
        shownIndices = searchTexts.indices.filter { searchTexts[$0].contains(folded) }
    }
}

import Foundation

/// A library view as the list's loaders: the view counted and its first
/// page read straight from the store (the window never waits on the network
/// for what the library holds), any other page as its rows are shown; a
/// search through the full-text index, page after page as the list reaches
/// its end (counting every match on each keystroke would cost more than the
/// page). F5 refreshes the view's feeds first (`refresh`), then
/// reads the store again.
///
/// It also keeps the marks of the items it has handed out, which the rows
/// show (`ItemMarks`) and opening an item changes (`LibraryViewLoader+Marks`).
/// Used on the UI thread only, as the store connection it reads.
public final class LibraryViewLoader: ItemLoader, ItemPageLoader, ItemSearchLoader, ItemRangeLoader {
    public let view: LibraryView
    let store: LibraryStore
    /// Where marks are written (the store's reads stay on this thread).
    let writer: LibraryWriter
    private let title: String
    public let pageSize: Int
    /// The first page is smaller: a GtkListView makes a row widget for
    /// each of up to 200 items at once; 32 rows fill a 4K screen.
    private let firstPageSize: Int
    /// The network refresh of the view's feeds, calling back when written.
    public var refresh: ((@escaping () -> Void) -> FeedLoadTask)?
    /// Told when the rows' marks changed: at once, and again when a write
    /// failed and put them back.
    public var marksChanged: () -> Void = {}
    /// Told when the store has the marks (the counts can be read again).
    public var marksWritten: () -> Void = {}
    /// Told when the view was counted again (its first page read): new
    /// items offered until then are on screen now.
    public var counted: () -> Void = {}
    /// Told when a read or write of the store failed (a full disk).
    public var failed: (Error) -> Void = { _ in }
    var known = KnownLibraryItems(keptReads: 64)
    private var hasLoaded = false
    /// The next load reads the store without refreshing the feeds first.
    private var readsStoreNext = false
    /// How many items the view had when last counted.
    private var count = 0

    public init(
        view: LibraryView, title: String, store: LibraryStore, writer: LibraryWriter? = nil, pageSize: Int = 200, firstPageSize: Int = 32
    ) {
        self.view = view
        self.title = title
        self.store = store
        self.writer = writer ?? ImmediateLibraryWriter(store: store)
        self.pageSize = max(1, pageSize)
        self.firstPageSize = max(1, min(firstPageSize, pageSize))
    }

    public func load(batches: (([Item]) -> Void)?, completion: @escaping (Result<Feed, Error>) -> Void) -> FeedLoadTask {
        let firstLoad = !hasLoaded || readsStoreNext
        hasLoaded = true
        readsStoreNext = false
        guard !firstLoad, let refresh else {
            completion(firstPage())
            return FinishedLoad()
        }
        return refresh { [weak self] in
            guard let self else { return }
            completion(firstPage())
        }
    }

    /// How many more items the view holds than when its rows were counted:
    /// new ones a refresh wrote since (a search is not counted: none).
    public func newItemCount() -> Int {
        guard view.search == nil, let now = try? store.count(view) else { return 0 }
        return max(0, now - count)
    }

    /// The next load (the list's reload) shows what the store holds now,
    /// without asking the feeds again: the new items a refresh brought.
    public func readStoreOnNextLoad() {
        readsStoreNext = true
    }

    public func loadItems(in range: Range<Int>, search: String?, completion: @escaping (Result<[Item], Error>) -> Void) -> FeedLoadTask {
        let view = LibraryView(view.scope, search: search)
        // A page past the middle is read from the end: cheaper the nearer it is.
        let fromEnd = range.lowerBound > count / 2 && range.upperBound <= count
        completion(Result {
            let items = fromEnd ? try store.items(view, fromEnd: count - range.upperBound..<count - range.lowerBound) : try store.items(view, in: range)
            return handOut(items)
        })
        return FinishedLoad()
    }

    /// The view counted, and its first rows.
    private func firstPage() -> Result<Feed, Error> {
        guard view.search == nil else { return page(of: view, from: 0, size: firstPageSize) }
        let page = Result {
            count = try store.count(view)
            return Feed(items: try read(view, in: 0..<firstPageSize), title: title, totalItemCount: count)
        }
        counted()
        return page
    }

    public func loadPage(at url: URL, completion: @escaping (Result<Feed, Error>) -> Void) -> FeedLoadTask {
        let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        let value = { (name: String) in components?.queryItems?.first { $0.name == name }?.value }
        let offset = value("offset").flatMap(Int.init) ?? 0
        completion(page(of: LibraryView(view.scope, search: value("search")), from: offset, size: pageSize))
        return FinishedLoad()
    }

    public func search(_ query: String, completion: @escaping (Result<Feed, Error>) -> Void) -> FeedLoadTask {
        completion(page(of: LibraryView(view.scope, search: query), from: 0, size: firstPageSize))
        return FinishedLoad()
    }

    private func page(of view: LibraryView, from offset: Int, size: Int) -> Result<Feed, Error> {
        do {
            // One more than shown: whether there is a next page, without a count.
            let items = try read(view, in: offset..<offset + size + 1)
            let next = items.count > size ? Self.pageURL(offset: offset + size, search: view.search) : nil
            return .success(Feed(items: Array(items.prefix(size)), title: title, nextPage: next))
        } catch {
            return .failure(error)
        }
    }

    private func read(_ view: LibraryView, in range: Range<Int>) throws -> [Item] {
        handOut(try store.items(view, in: range))
    }

    /// The rows' items, each known by its place in the library: two feeds
    /// may carry the same entry (a site's RSS and JSON Feed), and as equal
    /// items the marks and the article of one went to the other.
    private func handOut(_ stored: [LibraryItem]) -> [Item] {
        let items = stored.map { LibraryItem(key: $0.key, feedAddress: $0.feedAddress, item: $0.item.identified(as: "library-\($0.key)"), isRead: $0.isRead, isStarred: $0.isStarred) }
        known.remember(items)
        return items.map(\.item)
    }

    private static func pageURL(offset: Int, search: String?) -> URL? {
        var components = URLComponents()
        components.scheme = "itemfeed-library"
        components.path = "page"
        components.queryItems = [URLQueryItem(name: "offset", value: String(offset))] + (search.map { [URLQueryItem(name: "search", value: $0)] } ?? [])
        return components.url
    }

}

extension LibraryViewLoader: ItemMarks {
    public func isRead(_ item: Item) -> Bool { known[item]?.isRead ?? false }
    public func isStarred(_ item: Item) -> Bool { known[item]?.isStarred ?? false }
}

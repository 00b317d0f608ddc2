import Foundation

/// A library view as the list's loaders: the first page straight from the
/// store (the window never waits on the network for what the library
/// holds), the next as the list scrolls to its end, a search through the
/// full-text index. F5 refreshes the view's feeds first (`refresh`), then
/// reads the store again.
///
/// It also keeps the marks of the items it has handed out, which the rows
/// show (`ItemMarks`) and opening an item changes (`LibraryViewLoader+Marks`).
/// Used on the UI thread only, as the store connection it reads.
public final class LibraryViewLoader: ItemLoader, ItemPageLoader, ItemSearchLoader {
    public let view: LibraryView
    let store: LibraryStore
    private let title: String
    private let pageSize: Int
    /// The first page is smaller: a GtkListView makes a row widget for
    /// each of up to 200 items at once, and 200 took the first paint of a
    /// library from 180 ms to 400 ms; 32 rows fill a 4K screen.
    private let firstPageSize: Int
    /// The network refresh of the view's feeds, calling back when written.
    public var refresh: ((@escaping () -> Void) -> FeedLoadTask)?
    /// Told when marks changed, after the store has them.
    public var marksChanged: () -> Void = {}
    /// Told when a read or write of the store failed (a full disk).
    public var failed: (Error) -> Void = { _ in }
    var known: [Item: LibraryItem] = [:]
    private var hasLoaded = false

    public init(view: LibraryView, title: String, store: LibraryStore, pageSize: Int = 200, firstPageSize: Int = 32) {
        self.view = view
        self.title = title
        self.store = store
        self.pageSize = max(1, pageSize)
        self.firstPageSize = max(1, min(firstPageSize, pageSize))
    }

    public func load(batches: (([Item]) -> Void)?, completion: @escaping (Result<Feed, Error>) -> Void) -> FeedLoadTask {
        let firstLoad = !hasLoaded
        hasLoaded = true
        guard !firstLoad, let refresh else {
            completion(page(of: view, from: 0, size: firstPageSize))
            return FinishedLoad()
        }
        return refresh { [weak self] in
            guard let self else { return }
            completion(self.page(of: self.view, from: 0, size: self.firstPageSize))
        }
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
            let items = try store.items(view, in: offset..<offset + size + 1)
            let shown = items.prefix(size)
            for item in shown { known[item.item] = item }
            let next = items.count > size ? Self.pageURL(offset: offset + size, search: view.search) : nil
            return .success(Feed(items: shown.map(\.item), title: title, nextPage: next))
        } catch {
            return .failure(error)
        }
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

/// A load answered before it returned: nothing to cancel.
private struct FinishedLoad: FeedLoadTask {
    func cancel() {}
}

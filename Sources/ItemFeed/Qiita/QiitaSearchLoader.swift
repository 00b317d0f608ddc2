import Foundation

/// Qiita's server search: page 1 of `query=` on the same item list.
public struct QiitaSearchLoader: ItemSearchLoader {
    private let baseURL: URL
    private let pages: ItemPageLoader

    /// - Parameter itemsURL: the item list the window shows; its host (the
    ///   real service or a local one) is searched.
    public init(itemsURL: URL, pages: ItemPageLoader) {
        var base = URLComponents(url: itemsURL, resolvingAgainstBaseURL: true)
        base?.path = String(itemsURL.path.dropLast(QiitaAPI.itemsPath.count))
        base?.query = nil
        baseURL = base?.url ?? QiitaAPI.defaultBaseURL
        self.pages = pages
    }

    @discardableResult
    public func search(_ query: String, completion: @escaping (Result<Feed, Error>) -> Void) -> FeedLoadTask {
        guard let url = QiitaAPI.itemsURL(base: baseURL, query: query) else {
            let task = LoadTask<Feed>(completion: completion)
            task.finish(with: .failure(RemoteLoadError.invalidData))
            return task
        }
        return pages.loadPage(at: url, completion: completion)
    }
}

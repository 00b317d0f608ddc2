import Foundation

/// A source that searches on its server: the first page of a query's
/// results, paged like any feed. Sources without one are filtered locally.
public protocol ItemSearchLoader {
    @discardableResult
    func search(_ query: String, completion: @escaping (Result<Feed, Error>) -> Void) -> FeedLoadTask
}

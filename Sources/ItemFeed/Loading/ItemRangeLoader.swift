import Foundation

/// Reads the items at some positions of what its first load counted: a
/// source that knows how many items it has (a library view) and lets the
/// list show them all at once, reading each page as its rows are shown.
///
/// A first load's `Feed` is counted when its `totalItemCount` is more than
/// the items it holds and it names no next page.
public protocol ItemRangeLoader {
    /// How many rows a read takes at most.
    var pageSize: Int { get }

    /// The items at `range` of the first load's order, for the search shown
    /// (`nil`: none); fewer at the end when rows went since they were counted.
    @discardableResult
    func loadItems(in range: Range<Int>, search: String?, completion: @escaping (Result<[Item], Error>) -> Void) -> FeedLoadTask
}

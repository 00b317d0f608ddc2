/// The "featured" selection: the most urgent items first.
///
/// Ordered by priority, then date, then id, all ascending, and limited to a
/// handful so the selection stays a highlight rather than a second feed.
/// Items without a priority or date sort after those that have one, so a
/// feed that fills the fields in part still ranks its explicit entries first.
public enum FeaturedItems {
    public static let limit = 5

    public static func select(from items: [Item]) -> [Item] {
        Array(items.sorted(by: isRankedBefore).prefix(limit))
    }

    static func isRankedBefore(_ a: Item, _ b: Item) -> Bool {
        if a.priority != b.priority { return isBefore(a.priority, b.priority) }
        if a.date != b.date { return isBefore(a.date, b.date) }
        return a.id < b.id
    }

    private static func isBefore<T: Comparable>(_ a: T?, _ b: T?) -> Bool {
        switch (a, b) {
        case let (a?, b?): return a < b
        case (.some, .none): return true
        case (.none, _): return false
        }
    }
}

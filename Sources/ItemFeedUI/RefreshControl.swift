/// "Give me new data": pulled past the top of the list or clicked in the
/// header bar, it sends `.valueChanged`; while a load runs it shows that it
/// is refreshing.
@MainActor
public final class RefreshControl: Control {
    public private(set) var isRefreshing = false {
        didSet {
            if isRefreshing != oldValue { isRefreshingChanged?(isRefreshing) }
        }
    }

    /// How a toolkit widget follows the state (a spinner, a disabled button).
    public var isRefreshingChanged: ((Bool) -> Void)?

    public override init() {}

    public func beginRefreshing() { isRefreshing = true }
    public func endRefreshing() { isRefreshing = false }
}

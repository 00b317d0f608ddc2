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

    private var pull = ListPull()

    public override init() {}

    public func beginRefreshing() { isRefreshing = true }
    public func endRefreshing() { isRefreshing = false }

    public func listScrolled(by input: ListScrollInput) {
        pull.listScrolled(by: input)
    }

    /// The list scrolled past its top: a reload when it was pulled there by
    /// a touchpad or a finger and none is under way.
    public func listOvershotTop() {
        guard pull.overshootingTopReloads, !isRefreshing else { return }
        sendActions(for: .valueChanged)
    }
}

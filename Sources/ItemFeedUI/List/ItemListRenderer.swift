import ItemFeed

/// Shows the presenter's `ItemListState` on the screen's parts: the refresh
/// control's spinner, the rows (through their controllers and the list
/// view), the status parts around them and the window title.
///
/// It is the presenter's view, so the controller keeps to input and
/// effects: loads, timers and the events of the rows and controls.
@MainActor
public final class ItemListRenderer<Image>: @MainActor ItemListView {
    public weak var listView: Reloadable?
    public weak var statusView: ItemListStatusView? {
        didSet { renderStatus() }
    }
    /// The feed's name, for the window title.
    public private(set) var title: String?
    public var titleChanged: ((String) -> Void)?

    private let refreshControl: RefreshControl
    private let rows: ItemListRows<Image>
    private let reloader: ListReloader
    /// The last state shown, for a status view that arrives later.
    private var state = ItemListState()

    init(refreshControl: RefreshControl, rows: ItemListRows<Image>, reloader: ListReloader) {
        self.refreshControl = refreshControl
        self.rows = rows
        self.reloader = reloader
    }

    public func display(_ state: ItemListState) {
        self.state = state
        state.isLoading ? refreshControl.beginRefreshing() : refreshControl.endRefreshing()
        rows.follow(state, in: listView, reloader: reloader)
        renderStatus()
        if let title = state.title, title != self.title {
            self.title = title
            titleChanged?(title)
        }
    }

    private func renderStatus() {
        statusView?.display(bannerMessage: state.banner)
        statusView?.display(page: state.page)
        statusView?.display(featured: state.featured)
        statusView?.display(searchProblem: state.searchProblem)
    }
}

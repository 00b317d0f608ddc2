import Foundation
import ItemFeed

/// The list screen: loads the feed, owns one row controller per item, and
/// answers the list view's questions and events.
///
/// The toolkit's list view drives it with the same calls the headless tests
/// make: `screenShown()`, `rowBecameVisible(at:in:)` when a bound row widget
/// is on screen, `rowStoppedBeingVisible(in:)` when it leaves or is unbound,
/// and the near-visible pair for prefetching.
@MainActor
public final class ItemListController<Image> {
    public let refreshControl: RefreshControl
    /// The error banner's and error page's buttons.
    public let errorRetryButton = Button()
    public let errorDismissButton = Button()

    public weak var listView: Reloadable?
    public weak var statusView: ItemListStatusView? {
        didSet { renderStatus() }
    }

    /// The last load's failure, until a reload or a dismiss.
    private var errorMessage: String?
    /// Whether any load has succeeded, so a failure has rows (or an empty
    /// feed) to keep showing.
    private var hasLoaded = false

    private let itemLoader: ItemLoader
    private let reloader: ListReloader
    private let loadThumbnail: ItemRowController<Image>.LoadThumbnail
    private weak var coordinator: ItemListCoordinator?
    private lazy var presenter = ItemListPresenter(view: self, coordinator: coordinator)

    private var rows: [ItemRowController<Image>] = []
    /// Which row each bound view shows, so a recycled view is taken away from
    /// its previous row before it shows a new one.
    private var rowsByView: [ObjectIdentifier: ItemRowController<Image>] = [:]
    private var hasBeenShown = false
    /// Only the newest load may render: an older one finishing late would
    /// otherwise overwrite fresher rows.
    private var newestLoad = 0
    /// The feed load under way: one at a time, so a reload stops it (the
    /// server sees the connection close) rather than let it run on unseen.
    private var runningLoad: FeedLoadTask?

    init(
        itemLoader: ItemLoader,
        loadThumbnail: @escaping ItemRowController<Image>.LoadThumbnail,
        coordinator: ItemListCoordinator?,
        reloader: ListReloader,
        refreshControl: RefreshControl
    ) {
        self.itemLoader = itemLoader
        self.loadThumbnail = loadThumbnail
        self.coordinator = coordinator
        self.reloader = reloader
        self.refreshControl = refreshControl
        refreshControl.addTarget(self, action: "refresh", for: .valueChanged, ItemListController.refresh)
        errorRetryButton.addTarget(self, action: "refresh", for: .primaryActionTriggered, ItemListController.refresh)
        errorDismissButton.addTarget(self, action: "dismissError", for: .primaryActionTriggered, ItemListController.dismissError)
    }

    // MARK: Screen events

    /// The first time the screen appears it loads the feed; later
    /// appearances (un-minimising, say) do not.
    public func screenShown() {
        guard !hasBeenShown else { return }
        hasBeenShown = true
        refresh()
    }

    public func refresh() {
        runningLoad?.cancel()
        runningLoad = nil
        newestLoad += 1
        let load = newestLoad
        presenter.didStartLoading()
        var answered = false
        let task = itemLoader.load { [weak self] result in
            answered = true
            guard let self, load == self.newestLoad else { return }
            self.runningLoad = nil
            switch result {
            case let .success(feed): self.presenter.didFinishLoading(with: feed)
            case let .failure(error): self.presenter.didFinishLoading(with: error)
            }
        }
        // A loader may answer before returning its task.
        if !answered { runningLoad = task }
    }

    public func dismissError() {
        errorMessage = nil
        renderStatus()
    }

    // MARK: Rows

    public var numberOfRows: Int { rows.count }

    public func item(at position: Int) -> Item? {
        rows.indices.contains(position) ? rows[position].item : nil
    }

    public func rowBecameVisible(at position: Int, in view: any ItemRowView<Image>) {
        guard rows.indices.contains(position) else { return }
        rowStoppedBeingVisible(in: view)
        let row = rows[position]
        row.bind(to: view)
        rowsByView[ObjectIdentifier(view)] = row
    }

    public func rowStoppedBeingVisible(in view: any ItemRowView<Image>) {
        rowsByView.removeValue(forKey: ObjectIdentifier(view))?.unbind()
    }

    /// How many row views show a row right now.
    public var boundRowCount: Int { rowsByView.count }

    public func rowBecameNearVisible(at position: Int) {
        guard rows.indices.contains(position) else { return }
        rows[position].becameNearVisible()
    }

    public func rowStoppedBeingNearVisible(at position: Int) {
        guard rows.indices.contains(position) else { return }
        rows[position].stoppedBeingNearVisible()
    }

    public func rowActivated(at position: Int) {
        guard let item = item(at: position) else { return }
        presenter.didActivate(item)
    }

    private var page: ItemListPage {
        if !hasLoaded, let errorMessage { return .error(errorMessage) }
        return hasLoaded && rows.isEmpty ? .empty : .rows
    }

    private var bannerMessage: String? {
        hasLoaded ? errorMessage : nil
    }

    private func renderStatus() {
        statusView?.display(bannerMessage: bannerMessage)
        statusView?.display(page: page)
    }
}

extension ItemListController: @MainActor ItemListView {
    public func display(isLoading: Bool) {
        isLoading ? refreshControl.beginRefreshing() : refreshControl.endRefreshing()
    }

    public func display(items: [Item]) {
        rows.forEach { $0.discard() }
        rowsByView.removeAll()
        rows = items.map { ItemRowController(item: $0, loadThumbnail: loadThumbnail) }
        hasLoaded = true
        renderStatus()
        if let listView { reloader.reload(listView) }
    }

    public func display(errorMessage: String?) {
        self.errorMessage = errorMessage
        renderStatus()
    }
}

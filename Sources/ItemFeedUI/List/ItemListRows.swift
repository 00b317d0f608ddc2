import ItemFeed

/// The row controllers behind the list — one per loaded item, by its index
/// in the state, plus the load-more row — and which row view shows which.
/// They outlive row views, which GTK recycles; each state's `rowChange`
/// says how they and the list view change.
///
/// A row's controller is made the first time its row is asked for: a
/// controller holds its item and its thumbnail's state (a few hundred
/// bytes), and a million-item feed is mostly rows nobody scrolls to.
@MainActor
final class ItemListRows<Image> {
    private let loadThumbnail: ItemRowController<Image>.LoadThumbnail
    private let description: ItemRowDescription
    private let marks: ItemMarks?
    /// What the load-more row does when it comes into view.
    var loadMore: () -> Void = {}
    /// What a row of a counted view not read yet does when it is shown.
    var readRows: (Int) -> Void = { _ in }
    /// The item the reading pane shows, highlighted.
    var openItem: Item?
    private var rows: [Int: ItemRowController<Image>] = [:]
    /// The row after the items while the state shows one.
    private(set) var loadMoreRow: LoadMoreRowController<Image>?
    /// Which row each bound view shows, so a recycled view is taken away from
    /// its previous row before it shows a new one.
    private var rowsByView: [ObjectIdentifier: BoundRow] = [:]

    @MainActor
    private enum BoundRow {
        case item(ItemRowController<Image>)
        case loadMore(LoadMoreRowController<Image>)
        /// A counted row being read, at its position, and the view waiting for it.
        case loading(Int, any ItemRowView<Image>)

        func unbind() {
            switch self {
            case let .item(row): row.unbind()
            case let .loadMore(row): row.unbind()
            case .loading: break
            }
        }
    }

    init(description: ItemRowDescription, marks: ItemMarks?, loadThumbnail: @escaping ItemRowController<Image>.LoadThumbnail) {
        self.description = description
        self.marks = marks
        self.loadThumbnail = loadThumbnail
    }

    /// How many row views show a row right now.
    var boundCount: Int { rowsByView.count }

    func row(at position: Int, in state: ItemListState) -> ItemRowController<Image>? {
        guard let index = state.itemIndex(at: position) else { return nil }
        if let row = rows[index] { return row }
        guard let item = state.item(atIndex: index) else { return nil }
        let row = ItemRowController(
            item: item, description: description, marks: marks, isOpen: { [weak self] in self?.openItem == $0 }, loadThumbnail: loadThumbnail
        )
        rows[index] = row
        return row
    }

    func bind(_ view: any ItemRowView<Image>, at position: Int, in state: ItemListState) {
        unbind(view)
        if let row = row(at: position, in: state) {
            row.bind(to: view)
            rowsByView[ObjectIdentifier(view)] = .item(row)
        } else if position == state.shownCount, let loadMoreRow {
            // The end of the list came into view: this asks for the next page.
            rowsByView[ObjectIdentifier(view)] = .loadMore(loadMoreRow)
            loadMoreRow.bind(to: view)
        } else if position < state.shownCount {
            // A counted row not read yet: blank until its page is read,
            // which may happen before `readRows` returns.
            rowsByView[ObjectIdentifier(view)] = .loading(position, view)
            view.display(Self.loadingRow)
            readRows(position)
        }
    }

    private static var loadingRow: ItemRowState<Image> {
        ItemRowState(name: "", accessibleLabel: tr("Loading"), image: nil, isLoading: true, canRetry: false)
    }

    func unbind(_ view: any ItemRowView<Image>) {
        rowsByView.removeValue(forKey: ObjectIdentifier(view))?.unbind()
    }

    /// Makes the rows follow `state`, and tells the list view only what
    /// changed: a reload, or a splice at the end for an appended page.
    func follow(_ state: ItemListState, in listView: Reloadable?, reloader: ListReloader) {
        let hadLoadMoreRow = loadMoreRow != nil
        switch state.rowChange {
        case .none:
            if hadLoadMoreRow != state.showsLoadMoreRow { replaceLoadMoreRow(for: state) }
        case .replaced:
            discardAll()
            replaceLoadMoreRow(for: state)
            if let listView { reloader.reload(listView) }
        case let .appended(added):
            replaceLoadMoreRow(for: state)
            if state.isFiltering {
                // A page that was under way when filtering began: positions moved.
                forgetBoundViews()
                if let listView { reloader.reload(listView) }
            } else {
                listView?.rowsChanged(
                    at: added.lowerBound, removed: hadLoadMoreRow ? 1 : 0,
                    added: added.count + (loadMoreRow == nil ? 0 : 1)
                )
            }
        case .refiltered:
            // The list is reloaded: every position changes, and the list
            // view starts its visible and near-visible rows over, so the rows
            // that stay must not keep the prefetches it will never end.
            forgetBoundViews()
            rows.values.forEach { $0.stoppedBeingNearVisible() }
            replaceLoadMoreRow(for: state)
            if let listView { reloader.reload(listView) }
        case let .read(filled, dropped):
            forgetRows(in: dropped)
            showReadRows(in: filled, of: state)
        }
        loadMoreRow?.display(LoadMoreRowState(state.pageLoad))
    }

    /// Rows whose page was let go leave too, unless a view shows them.
    private func forgetRows(in ranges: [Range<Int>]) {
        guard !ranges.isEmpty else { return }
        var shown = Set<ObjectIdentifier>()
        for case let .item(row) in rowsByView.values { shown.insert(ObjectIdentifier(row)) }
        for range in ranges {
            for index in range {
                guard let row = rows[index], !shown.contains(ObjectIdentifier(row)) else { continue }
                row.discard()
                rows[index] = nil
            }
        }
    }

    /// Views waiting for rows now read show them, where they stand: the
    /// positions did not change, so the list view need not hear of it.
    private func showReadRows(in range: Range<Int>, of state: ItemListState) {
        let waiting = rowsByView.values.compactMap { row -> (Int, any ItemRowView<Image>)? in
            if case let .loading(position, view) = row, range.contains(position) { return (position, view) }
            return nil
        }
        for (position, view) in waiting {
            guard let row = row(at: position, in: state) else { continue }
            row.bind(to: view)
            rowsByView[ObjectIdentifier(view)] = .item(row)
        }
    }

    /// Marks changed (an item opened, Mark All as Read): bound rows show
    /// them now; the others read them when bound.
    func marksChanged() {
        for case let .item(row) in rowsByView.values { row.marksChanged() }
    }

    /// Every row leaves: its image load stops.
    func discardAll() {
        rows.values.forEach { $0.discard() }
        rows = [:]
        forgetBoundViews()
    }

    /// A fresh load-more row each time the end of the list changes: the old
    /// one keeps only its own bound view, which GTK unbinds.
    private func replaceLoadMoreRow(for state: ItemListState) {
        loadMoreRow = state.showsLoadMoreRow ? LoadMoreRowController { [weak self] in self?.loadMore() } : nil
    }

    private func forgetBoundViews() {
        rowsByView.values.forEach { $0.unbind() }
        rowsByView.removeAll()
    }
}

private extension LoadMoreRowState {
    init(_ pageLoad: ItemListState.PageLoad) {
        switch pageLoad {
        case .idle, .loading: self.init(isLoading: true, errorMessage: nil)
        case let .failed(message): self.init(isLoading: false, errorMessage: message)
        }
    }
}

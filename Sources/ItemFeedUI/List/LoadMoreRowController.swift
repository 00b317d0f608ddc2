import ItemFeed

/// The row at the end of the list while the source has more pages. Coming
/// into view is what asks for the next page (the Essential Feed case
/// study's load-more cell); after a failure, its retry button or activating
/// it asks again.
@MainActor
final class LoadMoreRowController<Image> {
    private weak var view: (any ItemRowView<Image>)?
    private let loadMore: () -> Void
    private(set) var state = LoadMoreRowState(isLoading: false, errorMessage: nil)

    init(loadMore: @escaping () -> Void) {
        self.loadMore = loadMore
    }

    func bind(to view: any ItemRowView<Image>) {
        self.view = view
        view.retryButton.addTarget(self, action: "retry", for: .primaryActionTriggered, LoadMoreRowController.retry)
        view.display(state)
        if state.errorMessage == nil { loadMore() }
    }

    func unbind() {
        view?.retryButton.removeTarget(self, for: .primaryActionTriggered)
        view = nil
    }

    func retry() {
        loadMore()
    }

    func display(_ state: LoadMoreRowState) {
        self.state = state
        view?.display(state)
    }
}

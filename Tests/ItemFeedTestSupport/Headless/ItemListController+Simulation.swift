import ItemFeedUI

/// The list view's events, named for what GtkListView does, so a test reads
/// like a user scrolling.
@MainActor
public extension ItemListController where Image == HeadlessImage {
    func simulateScreenShown() {
        screenShown()
    }

    func simulateUserInitiatedReload() {
        refreshControl.simulatePullToRefresh()
    }

    var isShowingLoadingIndicator: Bool { refreshControl.isRefreshing }

    /// GtkListView binding a fresh row widget at `position`.
    @discardableResult
    func simulateRowVisible(at position: Int) -> HeadlessItemRowView {
        let view = HeadlessItemRowView()
        rowBecameVisible(at: position, in: view)
        return view
    }

    /// GtkListView recycling `view` for `position`.
    func simulateRowRebound(_ view: HeadlessItemRowView, to position: Int) {
        rowBecameVisible(at: position, in: view)
    }

    @discardableResult
    func simulateRowNotVisible(at position: Int) -> HeadlessItemRowView {
        let view = simulateRowVisible(at: position)
        rowStoppedBeingVisible(in: view)
        return view
    }

    func simulateRowNotVisible(_ view: HeadlessItemRowView) {
        rowStoppedBeingVisible(in: view)
    }

    func simulateRowNearVisible(at position: Int) {
        rowBecameNearVisible(at: position)
    }

    func simulateRowNotNearVisible(at position: Int) {
        simulateRowNearVisible(at: position)
        rowStoppedBeingNearVisible(at: position)
    }

    func simulateRowActivated(at position: Int) {
        rowActivated(at: position)
    }

    func simulateErrorRetryTapped() {
        errorRetryButton.simulateTap()
    }

    func simulateErrorDismissTapped() {
        errorDismissButton.simulateTap()
    }

    /// The name each row shows, read by binding and unbinding a view per row.
    var renderedNames: [String] {
        (0..<numberOfRows).map { simulateRowNotVisible(at: $0).name ?? "" }
    }
}

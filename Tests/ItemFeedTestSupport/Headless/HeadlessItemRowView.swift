import ItemFeedUI

/// A row view with no toolkit: it records what the row controller told it
/// to show, and offers the retry button the GTK row widget would.
@MainActor
public final class HeadlessItemRowView: ItemRowView {
    public let retryButton = Button()
    public private(set) var state: ItemRowState<HeadlessImage>?
    /// Set while the view shows the load-more row instead of an item.
    public private(set) var loadMoreState: LoadMoreRowState?

    public init() {}

    public func display(_ state: ItemRowState<HeadlessImage>) {
        self.state = state
        loadMoreState = nil
    }

    public func display(_ state: LoadMoreRowState) {
        loadMoreState = state
        self.state = nil
    }

    public var name: String? { state?.name }
    public var renderedImage: HeadlessImage? { state?.image }
    public var isShowingLoadingIndicator: Bool { state?.isLoading ?? false }
    public var isShowingRetryAction: Bool { state?.canRetry ?? false }

    public func simulateRetryTapped() {
        retryButton.simulateTap()
    }
}

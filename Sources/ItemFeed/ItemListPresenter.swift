import Foundation

/// Decides what the list screen shows while a feed loads, and where an
/// activated item leads.
///
/// View and coordinator are held weakly: both usually own the screen that
/// owns this presenter, and a strong reference would keep the screen alive.
public final class ItemListPresenter {
    private weak var view: ItemListView?
    private weak var coordinator: ItemListCoordinator?

    public static let genericErrorMessage = "Couldn't load the feed. Check your connection and try again."

    public init(view: ItemListView, coordinator: ItemListCoordinator?) {
        self.view = view
        self.coordinator = coordinator
    }

    public func didStartLoading() {
        view?.display(errorMessage: nil)
        view?.display(isLoading: true)
    }

    /// A saved copy is shown with a notice saying so, taken from the feed
    /// itself: the notice cannot outlive, or miss, the load it belongs to.
    public func didFinishLoading(with feed: Feed) {
        view?.display(items: feed.items, nextPage: feed.nextPage)
        if let title = feed.title { view?.display(title: title) }
        if case let .saved(error) = feed.origin {
            view?.display(errorMessage: "Showing the feed as it was last loaded. " + Self.message(for: error))
        }
        view?.display(isLoading: false)
    }

    public func didFinishLoading(with error: Error) {
        view?.display(errorMessage: Self.message(for: error))
        view?.display(isLoading: false)
    }

    public func didActivate(_ item: Item) {
        coordinator?.open(item)
    }

    /// Errors that know how to explain themselves do; anything else gets a
    /// message that at least says what the user can do.
    public static func message(for error: Error) -> String {
        (error as? LocalizedError)?.errorDescription ?? genericErrorMessage
    }
}

import CGtk
import ItemFeedGtk
import ItemFeedUI

/// The refresh's progress with its Stop, and "3 New Items", at the start
/// of whichever list screen is in front: the refresh goes on as screens
/// change, so the progress shown follows the refresher, not the screen.
@MainActor
final class RefreshIndicators {
    private let refresher: LibraryRefreshController
    private var progress: RefreshProgress?
    private var newItems: NewItemsButton?
    private var shownProgress: LibraryRefreshController.Progress?

    init(following refresher: LibraryRefreshController) {
        self.refresher = refresher
        refresher.progressChanged = { [weak self] progress in
            self?.shownProgress = progress
            self?.progress?.show(progress?.text)
        }
    }

    /// Both, at the start of the new screen; `goToNewItems`: the button's click.
    func add(to screen: ItemFeedScreen, goToNewItems: @escaping @MainActor () -> Void) {
        let progress = RefreshProgress { [weak refresher] in refresher?.cancel() }
        screen.addStartButton(progress.widget)
        progress.show(shownProgress?.text)
        self.progress = progress
        let newItems = NewItemsButton(go: goToNewItems)
        screen.addStartButton(newItems.widget)
        self.newItems = newItems
    }

    /// The list stays where the reader is while a refresh writes: the new
    /// items wait behind the button (none: it hides).
    func offerNewItems(_ count: Int) {
        newItems?.show(count: count)
    }
}

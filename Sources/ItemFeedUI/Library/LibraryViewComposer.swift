import ItemFeed

/// Wires a library view's list to the library's flows, as the window and
/// the headless tests both do, so F5 goes one way: the list's loader asks
/// the refresh controller, which refreshes through the account, which
/// writes the store; then the loader reads the view again.
@MainActor
public enum LibraryViewComposer {
    /// F5 on the view refreshes the feeds it shows, then reads it again.
    public static func refreshes(_ loader: LibraryViewLoader, with refresher: LibraryRefreshController) {
        let view = loader.view
        loader.refresh = { [weak refresher] done in
            guard let refresher else {
                done()
                return FinishedLoad()
            }
            return refresher.refresh(view, then: done)
        }
    }
}

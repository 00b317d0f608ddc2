import CGtk
import Foundation
import ItemFeed
import ItemFeedCommandLine
import ItemFeedLibrary
import ItemFeedUI

/// GNOME Shell's search while the window's process holds ItemFeed's name.
extension ItemFeedApplication {
    /// No session bus: no search.
    func exportSearchProvider() {
        searchProvider = LibraryShellSearch.export(
            store: { [unowned self] in openLibrary()?.store },
            open: { [unowned self] key in openItem(key) },
            launch: { [unowned self] terms in launchSearch(terms) }
        )
    }

    /// "More results" in the overview: the window on All Items, the terms typed in its search.
    func launchSearch(_ terms: [String]) {
        guard let library = openLibrary() else { return }
        if window == nil || screen !== library.screen { showLibrary(library) }
        if let window { gtk_window_present(itemfeed_window(window)) }
        if let all = library.sidebar.rows.firstIndex(where: { $0.view == .all }) { library.sidebar.select(at: all) }
        library.screen?.search(for: terms.joined(separator: " "))
    }
}

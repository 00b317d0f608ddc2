import CGtk
import Foundation
import ItemFeed
import ItemFeedCommandLine
import ItemFeedGLib
import ItemFeedUI

/// GNOME Shell's search: the overview finds library items while ItemFeed
/// runs (`resources/…search-provider.ini` names this object); a result opens
/// in All Items, "more results" opens the search in the window.
extension ItemFeedApplication {
    static let searchProviderPath = "/io/github/itemfeed/ItemFeed/SearchProvider"

    /// On the session bus's shared connection, the one GApplication takes
    /// its name on, before it does: a message that started ItemFeed must
    /// find the object there when it arrives. No session bus: no search.
    func exportSearchProvider() {
        var error: UnsafeMutablePointer<GError>?
        guard let connection = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, &error) else {
            if let error { g_error_free(error) }
            return
        }
        defer { g_object_unref(UnsafeMutableRawPointer(connection)) }
        let provider = ShellSearchProvider(ShellSearchProvider.Handlers(
            search: { [unowned self] terms in shellSearch()?.results(for: terms) ?? [] },
            metas: { [unowned self] ids in
                (shellSearch()?.metas(for: ids) ?? []).map { ShellSearchProvider.Meta(id: $0.id, name: $0.name, description: $0.description) }
            },
            activate: { [unowned self] id, _ in
                if let key = shellSearch()?.key(of: id) { openItem(key) }
            },
            launch: { [unowned self] terms in launchSearch(terms) }
        ))
        do {
            try provider.export(on: UnsafeMutableRawPointer(connection), at: Self.searchProviderPath)
            searchProvider = provider
        } catch {
            say(tr("item-feed: GNOME Shell's search cannot reach ItemFeed: {reason}", ["reason": "\(error)"]))
        }
    }

    /// The library's search, made with the library (none while it cannot open).
    private func shellSearch() -> LibrarySearchResults? {
        if let shellSearchResults { return shellSearchResults }
        guard let library = openLibrary() else { return nil }
        let search = LibrarySearchResults(store: library.store) { date in
            date.formatted(Date.FormatStyle(date: .abbreviated, time: .shortened).locale(Translation.locale()))
        }
        shellSearchResults = search
        return search
    }

    /// "More results" in the overview: the window on All Items, the terms typed in its search.
    private func launchSearch(_ terms: [String]) {
        guard let library = openLibrary() else { return }
        if window == nil || screen !== library.screen { showLibrary(library) }
        if let window { gtk_window_present(itemfeed_window(window)) }
        if let all = library.sidebar.rows.firstIndex(where: { $0.view == .all }) { library.sidebar.select(at: all) }
        library.screen?.search(for: terms.joined(separator: " "))
    }
}

import Foundation
import ItemFeed
import ItemFeedGLib
import ItemFeedLibrary
import ItemFeedStore
import ItemFeedUI

/// GNOME Shell's search over the library, in whichever process holds
/// ItemFeed's name (the window's, or the background's): the overview finds
/// library items (`resources/…search-provider.ini` names this object); a
/// result opens in All Items, "more results" opens the search in the window.
@MainActor
public enum LibraryShellSearch {
    public static let path = "/io/github/itemfeed/ItemFeed/SearchProvider"

    /// Exported before GApplication takes its name: a message that started
    /// ItemFeed must find the object there when it arrives. `store` is
    /// asked for on the first search (the library opens with the window).
    public static func export(
        store: @escaping @MainActor () -> LibraryStore?, open: @escaping @MainActor (LibraryItem.Key) -> Void, launch: @escaping @MainActor ([String]) -> Void
    ) -> ShellSearchProvider? {
        var made: LibrarySearchResults?
        let search = { () -> LibrarySearchResults? in
            if let made { return made }
            guard let store = store() else { return nil }
            made = LibrarySearchResults(store: store) { date in
                date.formatted(Date.FormatStyle(date: .abbreviated, time: .shortened).locale(Translation.locale()))
            }
            return made
        }
        let provider = ShellSearchProvider(ShellSearchProvider.Handlers(
            search: { terms in search()?.results(for: terms) ?? [] },
            metas: { ids in (search()?.metas(for: ids) ?? []).map { ShellSearchProvider.Meta(id: $0.id, name: $0.name, description: $0.description) } },
            activate: { id, _ in if let key = search()?.key(of: id) { open(key) } },
            launch: launch
        ))
        do {
            return try provider.exportOnSessionBus(at: path) ? provider : nil
        } catch {
            say(tr("item-feed: GNOME Shell's search cannot reach ItemFeed: {reason}", ["reason": "\(error)"]))
            return nil
        }
    }
}

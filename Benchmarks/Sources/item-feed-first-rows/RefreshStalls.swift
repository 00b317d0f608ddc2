import CGtk
import Foundation
import ItemFeed
import ItemFeedApp
import ItemFeedLibrary
import ItemFeedGLib
import ItemFeedGtk
import ItemFeedUI

/// `item-feed-first-rows refresh`: the library in $XDG_DATA_HOME shown as
/// the window shows it (the sidebar beside the All view), then every feed
/// refreshed as F5 does, with the window's writer; a GLib timeout every 5 ms
/// notes the longest the main loop went without running it. Prints that
/// stall in milliseconds and the refresh's seconds, then exits.
/// `item-feed-first-rows sync`: the same window while its accounts sync
/// (and no local feed is asked).
@MainActor
enum RefreshStalls {
    static func run(composition: ItemFeedComposition, links: ItemListCoordinator, syncingOnly: Bool = false) -> Never {
        let store = try! composition.openLibrary().store
        let writer = try! composition.libraryWriter()
        let sidebarController = LibrarySidebarController(store: store, accounts: store)
        let sidebar = LibrarySidebar(controller: sidebarController)
        let leaflet = LibraryLeaflet(sidebar: sidebar)
        sidebarController.reload()
        let library = composition.makeLibraryList(of: .all, titled: "All Items", in: store, writer: writer, links: links)
        let screen = LibraryProbeWindow.show(library, in: leaflet)

        let refresher = LibraryRefreshController(store: store, schedule: MainContextTimer.schedule) {
            composition.localAccount(writingTo: writer).makeRefresh()
        }
        if syncingOnly { refresher.accounts = AccountSyncer(store: store, work: composition.accountWork()) }
        // As the window: the counts once per batch written, the new items' button.
        var reloadPending = false
        refresher.written = {
            guard !reloadPending else { return }
            reloadPending = true
            _ = MainContextTimer.schedule(0) {
                reloadPending = false
                sidebarController.reload()
                _ = library.loader.newItemCount()
            }
        }
        let stalls = MainLoopStalls()
        _ = MainContextTimer.schedule(1.0) {
            let started = DispatchTime.now().uptimeNanoseconds
            stalls.start()
            refresher.refresh(.view, where: { _ in !syncingOnly }, syncingAccounts: syncingOnly, then: {
                stalls.stop()
                let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
                print(String(format: "%.1f %.2f", stalls.longest, seconds))
                exit(0)
            })
        }
        while true {
            withExtendedLifetime((leaflet, screen, library, refresher, sidebar)) { _ = g_main_context_iteration(nil, 1) }
        }
    }
}

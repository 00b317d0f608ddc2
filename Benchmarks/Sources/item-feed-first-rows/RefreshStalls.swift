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
        let screen = ItemFeedScreen(controller: library.controller, primaryMenu: nil)
        leaflet.show(screen)
        let window = adw_window_new()!
        gtk_window_set_default_size(itemfeed_window(window), 1000, 720)
        adw_window_set_content(itemfeed_adw_window(window), leaflet.root)
        screen.attach(to: window)
        gtk_window_present(itemfeed_window(window))
        library.controller.screenShown()

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
        var longest = 0.0, last = DispatchTime.now().uptimeNanoseconds, started: UInt64 = 0
        var finished = false
        func tick() {
            let now = DispatchTime.now().uptimeNanoseconds
            if started > 0 { longest = max(longest, Double(now - last) / 1e6) }
            last = now
            guard !finished else { return }
            _ = MainContextTimer.schedule(0.005) { tick() }
        }
        _ = MainContextTimer.schedule(1.0) {
            started = DispatchTime.now().uptimeNanoseconds
            last = started
            tick()
            refresher.refresh(.view, where: { _ in !syncingOnly }, syncingAccounts: syncingOnly, then: {
                finished = true
                let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
                print(String(format: "%.1f %.2f", longest, seconds))
                exit(0)
            })
        }
        while true {
            withExtendedLifetime((leaflet, screen, library, refresher, sidebar)) { _ = g_main_context_iteration(nil, 1) }
        }
    }
}

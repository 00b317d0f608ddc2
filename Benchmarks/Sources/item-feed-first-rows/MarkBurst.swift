import CGtk
import Foundation
import ItemFeed
import ItemFeedApp
import ItemFeedGLib
import ItemFeedGtk
import ItemFeedUI

/// `item-feed-first-rows marks FOLDER`: the library in $XDG_DATA_HOME shown
/// as the window shows it (the sidebar beside the folder's view, the
/// sidebar following the writer's changes and the view's marks), then Mark
/// All as Read of the folder, then its Undo, as the window's menu and toast
/// do; a GLib timeout every 5 ms notes the longest the main loop went
/// without running it. Prints, for each burst: the longest stall (ms), the
/// seconds until written, the changes the writer told, the sidebar's
/// reloads; then the items marked. The library is as it was after.
@MainActor
enum MarkBurst {
    static func run(folder: String, composition: ItemFeedComposition, links: ItemListCoordinator) -> Never {
        let store = try! composition.openLibrary().store
        let writer = try! composition.libraryWriter()
        let sidebarController = LibrarySidebarController(store: store)
        let sidebar = LibrarySidebar(controller: sidebarController)
        let leaflet = LibraryLeaflet(sidebar: sidebar)
        let refresher = LibraryRefreshController(store: store, schedule: MainContextTimer.schedule) {
            composition.localAccount(writingTo: writer).makeRefresh()
        }
        let counts = LibrarySidebarComposer.compose(
            sidebarController, following: refresher, countingViewsOn: writer, schedule: MainContextTimer.schedule, written: {}, finished: { _, _ in }
        )
        var changes = 0, reloads = 0, written = 0
        writer.changed = { change in
            changes += 1
            counts.follow(change)
        }
        let drawn = sidebarController.changed
        sidebarController.changed = {
            reloads += 1
            drawn()
        }
        sidebarController.reload()
        let library = composition.makeLibraryList(of: LibraryView(.folder(folder)), titled: folder, in: store, writer: writer, links: links)
        let follow = library.loader.marksWritten
        library.loader.marksWritten = {
            written += 1
            follow()
        }
        let screen = LibraryProbeWindow.show(library, in: leaflet)
        let stalls = MainLoopStalls()
        /// One burst: `start` it, wait until written and a second more (the
        /// counts once a turn), then the line, then `next`.
        func burst(_ start: () -> Void, then next: @escaping () -> Void) {
            (changes, reloads, written) = (0, 0, 0)
            stalls.reset()
            let started = DispatchTime.now().uptimeNanoseconds
            var seconds: Double?
            start()
            func settle() {
                if seconds == nil, written > 0 { seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9 }
                guard let seconds, Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9 > seconds + 1 else {
                    _ = MainContextTimer.schedule(0.05) { settle() }
                    return
                }
                print(String(format: "%.1f %.3f %d %d", stalls.longest, seconds, changes, reloads), terminator: " ")
                next()
            }
            settle()
        }
        _ = MainContextTimer.schedule(1.0) {
            stalls.start()
            var marked: [LibraryItem.Key] = []
            burst({ library.loader.markAllRead { marked = $0 } }) {
                burst({ library.loader.undoMarkAllRead(marked) }) {
                    print(marked.count)
                    exit(0)
                }
            }
        }
        while true {
            withExtendedLifetime((leaflet, screen, library, refresher, sidebar, counts)) { _ = g_main_context_iteration(nil, 1) }
        }
    }
}

import CGtk
import Foundation
import ItemFeedApp
import ItemFeedGLib
import ItemFeedGtk
import ItemFeedUI

/// The library's sidebar beside a view's list in a window, as the app
/// shows them: what the probes that time the window's main loop show.
@MainActor
enum LibraryProbeWindow {
    static func show(_ library: LibraryList, in leaflet: LibraryLeaflet) -> ItemFeedScreen {
        let screen = ItemFeedScreen(controller: library.controller, primaryMenu: nil)
        leaflet.show(screen)
        let window = adw_window_new()!
        gtk_window_set_default_size(itemfeed_window(window), 1000, 720)
        adw_window_set_content(itemfeed_adw_window(window), leaflet.root)
        screen.attach(to: window)
        gtk_window_present(itemfeed_window(window))
        library.controller.screenShown()
        return screen
    }
}

/// The longest the main loop went without running a timeout asked every
/// 5 ms, since it started or was last reset.
@MainActor
final class MainLoopStalls {
    private(set) var longest = 0.0
    private var last = DispatchTime.now().uptimeNanoseconds
    private var stopped = false

    func start() {
        reset()
        tick()
    }

    func reset() {
        longest = 0
        last = DispatchTime.now().uptimeNanoseconds
    }

    func stop() {
        stopped = true
    }

    private func tick() {
        let now = DispatchTime.now().uptimeNanoseconds
        longest = max(longest, Double(now - last) / 1e6)
        last = now
        guard !stopped else { return }
        _ = MainContextTimer.schedule(0.005) { [self] in tick() }
    }
}

import CGtk
import Foundation
import ItemFeed
import ItemFeedApp
import ItemFeedGtk
import ItemFeedUI

// `make benchmark`'s first-rows row (scripts/first-rows.sh runs it under
// Xvfb): opens FEED in ItemFeed's own screen and window, as the app wires
// them, and prints the milliseconds from the start of `main` to the end of
// the first frame painted with rows in it, then exits.
//   item-feed-first-rows FEED

private final class NoLinks: ItemListCoordinator {
    func open(_ item: Item) {}
    func copyLink(of item: Item) {}
}

let started = DispatchTime.now().uptimeNanoseconds
guard CommandLine.arguments.count == 2 else {
    FileHandle.standardError.write(Data("usage: item-feed-first-rows FEED\n".utf8))
    exit(2)
}
let feed = CommandLine.arguments[1]
let feedURL = feed.contains("://") ? URL(string: feed)! : URL(fileURLWithPath: feed)

MainActor.assumeIsolated {
    gtk_init()
    adw_init()
    let coordinator = NoLinks()
    let controller = ItemFeedComposition.live().makeListController(feedURL: feedURL, coordinator: coordinator)
    let screen = ItemFeedScreen(controller: controller, primaryMenu: nil)
    let window = adw_window_new()!
    gtk_window_set_default_size(itemfeed_window(window), 480, 720)
    adw_window_set_content(itemfeed_adw_window(window), screen.root)
    screen.attach(to: window)
    gtk_window_present(itemfeed_window(window))
    let clock = UnsafeMutableRawPointer(gtk_widget_get_frame_clock(window)!)
    Signal.connect(clock, "after-paint") {
        guard controller.numberOfRows > 0, screen.list.boundRowCount > 0 else { return }
        print(String(format: "%.1f", Double(DispatchTime.now().uptimeNanoseconds - started) / 1e6))
        exit(0)
    }
    controller.screenShown()
    withExtendedLifetime((coordinator, screen)) {
        while true { g_main_context_iteration(nil, 1) }
    }
}

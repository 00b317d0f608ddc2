import CGtk
import Foundation
import ItemFeed
import ItemFeedApp
import ItemFeedGtk
import ItemFeedUI

// `make benchmark`'s first-rows row (Benchmarks/scripts/first-rows.sh runs it under
// Xvfb): opens FEED in ItemFeed's own screen and window, as the app wires
// them, and prints the milliseconds from the start of `main` to the end of
// the first frame painted with rows in it, then exits. With LOADED_ROWS, it
// waits for that many rows, the load finished and scrolled to the end, and
// prints the milliseconds, then the resident and peak memory in MiB (the
// million-item row). MAX_FEED_MIB raises the feed-size cap.
// FEED `library` shows the All view of the library in $XDG_DATA_HOME
// instead, as the window does; LOADED_ROWS then scrolls to the end as End
// does, waits for the last row to be painted, and prints as well the
// milliseconds from the scroll to that frame. FEED `refresh` refreshes
// that library instead, timing the main loop's longest stall meanwhile
// (RefreshStalls); `marks FOLDER` marks a folder of it read and back (MarkBurst). `article FILE`, `page FILE`, `model FILE` and `reading [FILE]` time the reading pane
// (ReadingTimes), `scroll FILE` scrolls through an article (RichReading).
//   item-feed-first-rows FEED [LOADED_ROWS [MAX_FEED_MIB]]

private final class NoLinks: ItemListCoordinator {
    func open(_ item: Item) {}
    func copyLink(of item: Item) {}
    func openFeed(at url: URL) {}
}

let started = DispatchTime.now().uptimeNanoseconds
guard (2...4).contains(CommandLine.arguments.count) else {
    FileHandle.standardError.write(Data("usage: item-feed-first-rows FEED [LOADED_ROWS [MAX_FEED_MIB]]\n".utf8))
    exit(2)
}
let feed = CommandLine.arguments[1]
let loadedRows = CommandLine.arguments.count > 2 ? Int(CommandLine.arguments[2]) : nil
let maxFeedMiB = CommandLine.arguments.count > 3 ? Int(CommandLine.arguments[3]) : nil

/// VmRSS and VmHWM from /proc/self/status, in MiB.
func residentMiB() -> (now: Double, peak: Double) {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    func value(_ key: String) -> Double {
        let line = status.split(separator: "\n").first { $0.hasPrefix(key + ":") } ?? ""
        return (Double(line.split(separator: " ").dropFirst().first ?? "") ?? 0) / 1024
    }
    return (value("VmRSS"), value("VmHWM"))
}
let feedURL = feed.contains("://") ? URL(string: feed)! : URL(fileURLWithPath: feed)
let showsLibrary = feed == "library"

MainActor.assumeIsolated {
    gtk_init()
    adw_init()
    let coordinator = NoLinks()
    let composition = ItemFeedComposition.live()
    if feed == "refresh" { RefreshStalls.run(composition: composition, links: coordinator) }
    if feed == "sync" { RefreshStalls.run(composition: composition, links: coordinator, syncingOnly: true) }
    if feed == "marks", let folder = CommandLine.arguments.dropFirst(2).first { MarkBurst.run(folder: folder, composition: composition, links: coordinator) }
    if feed == "reading" { ReadingTimes.keys(composition: composition, links: coordinator, richArticle: CommandLine.arguments.dropFirst(2).first) }
    if feed == "scroll", let path = CommandLine.arguments.dropFirst(2).first { RichReading.scroll(path, composition: composition, links: coordinator) }
    if feed == "article", let path = CommandLine.arguments.dropFirst(2).first { ReadingTimes.article(path, composition: composition, links: coordinator) }
    if feed == "page", let path = CommandLine.arguments.dropFirst(2).first { ReadingTimes.article(path, isPage: true, composition: composition, links: coordinator) }
    if feed == "model", let path = CommandLine.arguments.dropFirst(2).first { ReadingTimes.model(path) }
    if let maxFeedMiB { composition.maxFeedBytes = maxFeedMiB * 1_048_576 }
    let library = showsLibrary ? composition.makeLibraryList(of: .all, titled: "All Items", in: try! composition.openLibrary().store, links: coordinator) : nil
    let controller = library?.controller ?? composition.makeListController(feedURL: feedURL, coordinator: coordinator)
    let screen = ItemFeedScreen(controller: controller, primaryMenu: nil)
    let window = adw_window_new()!
    gtk_window_set_default_size(itemfeed_window(window), 480, 720)
    adw_window_set_content(itemfeed_adw_window(window), screen.root)
    screen.attach(to: window)
    gtk_window_present(itemfeed_window(window))
    let clock = UnsafeMutableRawPointer(gtk_widget_get_frame_clock(window)!)
    let adjustment = gtk_scrolled_window_get_vadjustment(itemfeed_scrolled_window(screen.list.widget))
    var scrolledToEnd: UInt64?
    Signal.connect(clock, "after-paint") {
        guard controller.numberOfRows > 0, screen.list.boundRowCount > 0 else { return }
        let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e6
        guard let loadedRows else {
            // The library's row says the memory the window holds then, too.
            print(showsLibrary ? String(format: "%.1f %.0f", milliseconds, residentMiB().now) : String(format: "%.1f", milliseconds))
            exit(0)
        }
        guard controller.numberOfRows >= loadedRows, !controller.refreshControl.isRefreshing else { return }
        guard let scrolledToEnd else {
            // Scrolls: the last rows are bound and drawn in a later frame.
            scrolledToEnd = DispatchTime.now().uptimeNanoseconds
            gtk_adjustment_set_value(adjustment, gtk_adjustment_get_upper(adjustment))
            return
        }
        guard screen.list.visibleRowRange.upperBound >= loadedRows - 1,
              controller.item(at: loadedRows - 1) != nil else {
            // GTK learns the real height of rows as it binds them: the end moves.
            gtk_adjustment_set_value(adjustment, gtk_adjustment_get_upper(adjustment))
            return
        }
        let memory = residentMiB()
        let end = Double(DispatchTime.now().uptimeNanoseconds - scrolledToEnd) / 1e6
        print(String(format: "%.1f %.0f %.0f", milliseconds, memory.now, memory.peak) + (showsLibrary ? String(format: " %.1f", end) : ""))
        exit(0)
    }
    controller.screenShown()
    withExtendedLifetime((coordinator, screen, library)) {
        while true { g_main_context_iteration(nil, 1) }
    }
}

import CGtk
import Foundation
import ItemFeed
@testable import ItemFeedApp
@testable import ItemFeedGtk
import ItemFeedTestSupport
import XCTest

extension XCTestCase {
    /// The library's window content as the app builds it, over `server`, on
    /// a library of Tech (in Work) and News, with All Items open; the
    /// folder goes when the test ends.
    @MainActor
    /// `wrap`: what the window is given of its store (a test's decorator).
    func makeLibraryWindow(
        server: InMemoryFeedServer, width: Int32 = 0, height: Int32 = 0, wrap: (LibraryStore) -> LibraryStore = { $0 }
    ) throws -> (LibraryWindow, LibraryStore, UnsafeMutablePointer<GtkWidget>) {
        try GtkDisplay.require()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("itemfeed-window-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        let composition = ItemFeedComposition(
            feedClient: { _, _ in server }, imageClient: { _, _ in server },
            cacheDirectory: folder.appendingPathComponent("cache"), libraryDirectory: folder.appendingPathComponent("data")
        )
        let store = try composition.openLibrary().store
        try LibrarySpecData.subscribeTechAndNews(store)
        let library = LibraryWindow(store: wrap(store), writer: try composition.libraryWriter(), composition: composition, links: DesktopItemLinks()) { g_menu_new()! }
        let window = adw_window_new()!
        if width > 0 { gtk_window_set_default_size(itemfeed_window(window), width, height) }
        adw_window_set_content(itemfeed_adw_window(window), library.leaflet.root)
        library.window = window
        gtk_window_present(itemfeed_window(window))
        library.sidebar.select(at: 0)
        return (library, store, window)
    }
}

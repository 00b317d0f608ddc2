import CGtk
import Foundation
import ItemFeed
import ItemFeedGLib
@testable import ItemFeedGtk
import ItemFeedTestSupport
import ItemFeedUI
import XCTest

/// The real screen (GtkListView, row widgets, banner) in a real window,
/// over the loader spy: the test decides what the network answers and when.
@MainActor
final class ItemFeedScreenHarness {
    let loader = ItemLoaderSpy()
    let coordinator = CoordinatorSpy()
    let controller: ItemListController<Thumbnail>
    private let shown: ScreenWindow
    var screen: ItemFeedScreen { shown.screen }
    var window: UnsafeMutablePointer<GtkWidget> { shown.window }

    init(width: Int32 = 400, height: Int32 = 600) {
        controller = ItemListComposer.compose(
            itemLoader: loader,
            pageLoader: loader,
            imageLoader: loader,
            imageDecoder: PixbufImageDecoder(maxPixelSize: 64),
            coordinator: coordinator
        )
        shown = ScreenWindow(controller: controller, width: width, height: height)
    }

    var adjustment: UnsafeMutablePointer<GtkAdjustment> {
        gtk_scrolled_window_get_vadjustment(itemfeed_scrolled_window(screen.list.widget))
    }

    /// Runs GTK's main loop until `condition` holds; false on timeout.
    @discardableResult
    func spin(until condition: () -> Bool, timeout: Double = 5) -> Bool {
        MainContext.iterate(until: condition, timeoutSeconds: timeout)
    }

    func spin(seconds: Double) {
        _ = MainContext.iterate(until: { false }, timeoutSeconds: seconds)
    }

    /// Loads `items` and waits for GTK to lay out and bind the first rows.
    func showItems(_ items: [Item], nextPage: URL? = nil) {
        loader.completeItemLoading(with: Feed(items: items, nextPage: nextPage), at: loader.loadItemsCallCount - 1)
        spin(until: { self.controller.boundRowCount > 0 && gtk_adjustment_get_page_size(self.adjustment) > 0 })
        spin(seconds: 0.1)
    }

    func scroll(to value: Double) {
        gtk_adjustment_set_value(adjustment, value)
        spin(seconds: 0.01)
    }

    var uncancelledImageRequests: Int {
        loader.loadedImageURLs.count - loader.cancelledImageURLs.count
    }
}

func manyItems(_ count: Int) -> [Item] {
    (0..<count).map { index in
        makeItem(id: "\(index)", name: "Item \(index)", imageURL: URL(string: "https://img.example.com/\(index).png")!)
    }
}

/// A real PNG from the demo feed, for the real decoder.
/// A PNG of the given size, encoded by gdk-pixbuf: a picture's shape is what is checked.
func pngOfSize(_ width: Int32, _ height: Int32) throws -> Data {
    let pixbuf = try XCTUnwrap(gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, width, height))
    defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
    gdk_pixbuf_fill(pixbuf, 0x3584_e4ff)
    var buffer: UnsafeMutablePointer<gchar>?
    var size: gsize = 0
    var error: UnsafeMutablePointer<GError>?
    guard gdk_pixbuf_save_to_bufferv(pixbuf, &buffer, &size, "png", nil, nil, &error) != 0, let buffer else {
        g_clear_error(&error)
        throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "gdk-pixbuf could not write a PNG"])
    }
    defer { g_free(buffer) }
    return Data(bytes: buffer, count: Int(size))
}

func demoPNG() throws -> Data {
    try Data(contentsOf: repositoryFile("resources/demo/images/01.png"))
}

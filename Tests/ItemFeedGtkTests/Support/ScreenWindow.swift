import CGtk
@testable import ItemFeedGtk
import ItemFeedUI

/// A list controller's screen in a shown libadwaita window, as the app
/// shows it; the window goes with this, so each test's GTK objects (and the
/// Swift objects their signal handlers point to) are released.
@MainActor
final class ScreenWindow {
    let screen: ItemFeedScreen
    let window: UnsafeMutablePointer<GtkWidget>

    init(controller: ItemListController<Thumbnail>, width: Int32 = 400, height: Int32 = 600) {
        screen = ItemFeedScreen(controller: controller, primaryMenu: nil)
        window = adw_window_new()
        gtk_window_set_default_size(itemfeed_window(window), width, height)
        adw_window_set_content(itemfeed_adw_window(window), screen.root)
        screen.attach(to: window)
        gtk_window_present(itemfeed_window(window))
        controller.screenShown()
    }

    isolated deinit {
        gtk_window_destroy(itemfeed_window(window))
    }
}

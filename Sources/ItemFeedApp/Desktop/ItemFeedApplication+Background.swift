import CGtk
import Foundation
import ItemFeed
import ItemFeedGLib
import ItemFeedGtk
import ItemFeedUI

/// Run in Background: the window closed, the library goes on refreshing
/// and notifying; `--background` (at login) starts that way; Quit, or the
/// notification's Quit, ends it.
extension ItemFeedApplication {
    static let backgroundNotification = "background"

    /// `--background`: the library refreshing, its window made but not
    /// shown until the user opens ItemFeed. Nothing when Run in Background
    /// is off (a stale autostart file): the process ends.
    func startInBackground() {
        guard let library = openLibrary(), ((try? library.store.runsInBackground()) ?? nil) == true else { return }
        let window = self.window ?? makeWindow(besideLibrary: true)
        self.window = window
        attach(library, to: window)
        library.startRefreshing()
    }

    /// The window's close: quit, hide it and go on, or ask once. `true`
    /// keeps the window (hidden, or while asking).
    func closeRequested(_ window: UnsafeMutablePointer<GtkWidget>) -> Bool {
        guard let library, library.window == window else { return false }
        let closing = WindowClosing(
            runsInBackground: (try? library.store.runsInBackground()) ?? nil,
            interval: (try? library.store.preference(RefreshInterval.self)) ?? .standard, hasFeeds: library.hasSubscriptions
        )
        switch closing {
        case .quit: return false
        case .runInBackground: runInBackground(window)
        case .ask:
            BackgroundQuestion.ask(over: window) { [unowned self] runs in
                chooseBackground(runs) { [unowned self] refusal in
                    if let refusal { return library.screen?.showPassingNotice(refusal) ?? () }
                    if runs { runInBackground(window) } else { gtk_window_destroy(itemfeed_window(window)) }
                }
            }
        }
        return true
    }

    /// Asks the desktop, then keeps the choice; `done` is told the
    /// refusal's reason, `nil` when it is done as chosen.
    func chooseBackground(_ isOn: Bool, done: @escaping @MainActor (String?) -> Void) {
        guard let library else { return }
        background.set(isOn) { answer in
            var refusal: String?
            if case let .refused(reason) = answer { refusal = reason }
            let runs = isOn && refusal == nil
            library.writer.write({ try $0.setRunsInBackground(runs) }) { written in
                if case let .failure(error) = written { return done(LibraryWindow.reason(error)) }
                done(refusal)
            }
        }
    }

    /// Hidden, not destroyed: the library's refreshes and syncs go on, and
    /// a notification says so, with Quit.
    private func runInBackground(_ window: UnsafeMutablePointer<GtkWidget>) {
        gtk_widget_set_visible(window, 0)
        let notification = g_notification_new(tr("ItemFeed Runs in the Background"))!
        g_notification_set_body(notification, tr("Your feeds are refreshed, and new items told, while the window is closed."))
        g_notification_set_default_action(notification, "app.show-window")
        g_notification_add_button(notification, tr("Quit"), "app.quit")
        g_application_send_notification(itemfeed_g_application(app), Self.backgroundNotification, notification)
        g_object_unref(UnsafeMutableRawPointer(notification))
    }

    /// The window back in front; a library started in the background opens its first view now.
    func showWindowAgain(_ window: UnsafeMutablePointer<GtkWidget>) {
        g_application_withdraw_notification(itemfeed_g_application(app), Self.backgroundNotification)
        if let library, library.window == window, library.screen == nil { library.sidebar.select(at: library.sidebar.selectedIndex) }
        gtk_window_present(itemfeed_window(window))
    }
}

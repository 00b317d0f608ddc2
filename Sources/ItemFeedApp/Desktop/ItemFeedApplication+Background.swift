import CGtk
import Foundation
import ItemFeed
import ItemFeedCommandLine
import ItemFeedGLib
import ItemFeedGtk
import ItemFeedLibrary
import ItemFeedUI

/// Run in Background: when the window closes, this process becomes
/// `item-feed --background` (`BackgroundProcess`, no GTK), which refreshes
/// and notifies and becomes the window again when ItemFeed is opened.
extension ItemFeedApplication {
    /// The window's close: quit, go on in the background, or ask once.
    /// `true` keeps the window (while asking, or hidden).
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
                if case let .failure(error) = written { return done(error.explanation) }
                done(refusal)
            }
        }
    }

    /// The window goes at once; once every write is on disk, the process
    /// leaves the session bus and becomes the background's, without GTK.
    /// Where that binary is missing, the window is only hidden and this
    /// process goes on as it is.
    private func runInBackground(_ window: UnsafeMutablePointer<GtkWidget>) {
        gtk_widget_set_visible(window, 0)
        guard let library, ProcessHandover.canExec(ProcessHandover.commandBinaryName) else { return sayRunning() }
        library.session.finish { [app] in
            DesktopApplication.leaveBus(UnsafeMutableRawPointer(itemfeed_g_application(app)))
            say(ProcessHandover.exec(ProcessHandover.commandBinaryName, ["--background", "--from-window"]))
            exit(1)
        }
    }

    private func sayRunning() {
        notifications.send(
            DesktopNotifications.background, title: tr("ItemFeed Runs in the Background"),
            body: tr("Your feeds are refreshed, and new items told, while the window is closed."),
            primary: .init("", "show-window"), buttons: [.init(tr("Quit"), "quit")]
        )
    }

    /// The background's process became this one: the window on what the user asked for.
    func resumeFromBackground(_ resume: WindowResume) {
        switch resume {
        case .window: activate()
        case .unread:
            activate()
            showUnread()
        case let .item(key): openItem(key)
        case let .search(terms): launchSearch([terms])
        }
    }

    /// The window back in front; a library opened with no view opens its first view now.
    func showWindowAgain(_ window: UnsafeMutablePointer<GtkWidget>) {
        notifications.withdraw(DesktopNotifications.background)
        if let library, library.window == window, library.screen == nil { library.sidebar.select(at: library.sidebar.selectedIndex) }
        gtk_window_present(itemfeed_window(window))
    }
}

import Foundation
import ItemFeed
import ItemFeedGLib
import ItemFeedLibrary
import ItemFeedUI

/// Run in Background with no window and no GTK: `item-feed --background`
/// at login, or the window's process become this one when the window
/// closes. It holds ItemFeed's name, refreshes and notifies; anything that
/// shows a window (opening ItemFeed, a notification's Open, a search
/// result) hands the process over to `item-feed-window` by exec.
@MainActor
public final class BackgroundProcess {
    private let application: DesktopApplication
    private let library: LibrarySession
    private let notifications: DesktopNotifications
    private var searchProvider: ShellSearchProvider?
    private var handingOver = false

    /// Runs until Quit; 0 at once when ItemFeed already runs or Run in
    /// Background is off. `fromWindow`: the window just closed, so a
    /// notification says ItemFeed goes on, with Quit.
    public static func run(composition: LibraryComposition, fromWindow: Bool) -> Int32 {
        let application = DesktopApplication(id: ItemFeedInfo.applicationID)
        let library: LibrarySession
        do {
            library = try LibrarySession.open(composition).0
        } catch {
            say(tr("The library could not be opened: {reason}", ["reason": error.localizedDescription]))
            return 1
        }
        // Off: a stale autostart file starts nothing.
        guard ((try? library.store.runsInBackground()) ?? nil) == true else { return 0 }
        let process = BackgroundProcess(application: application, library: library)
        process.searchProvider = LibraryShellSearch.export(
            store: { library.store }, open: { [unowned process] in process.handOver(.item($0)) }, launch: { [unowned process] in process.handOver(.search($0.joined(separator: " "))) }
        )
        switch application.register() {
        case .running: return 0
        case let .failed(reason):
            say("item-feed: " + reason)
            return 1
        case .primary: break
        }
        if fromWindow { process.sayRunning() }
        library.pruneByRetention()
        library.start()
        return withExtendedLifetime(process) { application.run() }
    }

    private init(application: DesktopApplication, library: LibrarySession) {
        self.application = application
        self.library = library
        notifications = DesktopNotifications(application: application.pointer)
        application.activated = { [unowned self] in handOver(.window) }
        application.opened = { [unowned self] uris in handOver(arguments: uris) }
        let app = application.pointer
        ApplicationActions.add("quit", to: app) { [unowned self] in quit() }
        ApplicationActions.add("show-window", to: app) { [unowned self] in handOver(.window) }
        ApplicationActions.add("show-unread", to: app) { [unowned self] in handOver(.unread) }
        ItemActions.add(to: app, open: { [unowned self] key in handOver(.item(key)) }, markRead: { [unowned self] key in
            notifications.withdraw(noticesOf: key)
            library.account.mark(.read(true, [key])) { result in
                if case let .failure(error) = result { say("item-feed: \(error.localizedDescription)") }
            }
        })
        library.newItems = { [unowned self] notice in
            notifications.sendItems(DesktopNotifications.newItems, title: notice.title, body: notice.body, items: notice.items)
        }
        library.ruleMatched = { [unowned self] text, items in
            notifications.sendItems(DesktopNotifications.ruleMatched, title: tr("Rule Matched"), body: text, items: items)
        }
        library.changed = { [unowned self] change in
            guard change.contains(.items) else { return }
            notifications.withdrawRead { library.unreadKeys(among: $0) }
        }
    }

    /// The window closed: ItemFeed goes on, and says so, with Quit.
    private func sayRunning() {
        notifications.send(
            DesktopNotifications.background, title: tr("ItemFeed Runs in the Background"),
            body: tr("Your feeds are refreshed, and new items told, while the window is closed."),
            primary: .init("", "show-window"), buttons: [.init(tr("Quit"), "quit")]
        )
    }

    private func quit() {
        notifications.withdraw(DesktopNotifications.background)
        library.finish { [application] in application.quit() }
    }

    private func handOver(_ resume: WindowResume) {
        handOver(arguments: ["--\(WindowResume.optionName)=\(resume.argument)"])
    }

    /// Once the desktop's call is answered and every write is on disk: off
    /// the bus, so the window takes the name, then exec'd into the window.
    private func handOver(arguments: [String]) {
        guard !handingOver else { return }
        handingOver = true
        notifications.withdraw(DesktopNotifications.background)
        _ = MainContextTimer.schedule(0) { [self] in
            library.finish { [self] in
                searchProvider?.unexport()
                application.leaveBus()
                say(ProcessHandover.exec(ProcessHandover.windowBinaryName, arguments))
                exit(1)
            }
        }
    }
}

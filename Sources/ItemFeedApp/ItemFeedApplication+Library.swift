import CGtk
import Foundation
import ItemFeed
import ItemFeedCommandLine
import ItemFeedGLib
import ItemFeedGtk
import ItemFeedLibrary
import ItemFeedStore
import ItemFeedUI
import ItemFeedXML

/// The application's library: opening it, the window's first page (the
/// library, or a welcome while it has no feeds), its command line,
/// preferences and OPML files.
extension ItemFeedApplication {
    /// The library's store on the UI thread, opened once. A file that was
    /// kept aside, or none that opens, is said in a toast once shown.
    func openLibrary() -> LibraryWindow? {
        if let library { return library }
        do {
            let opened = try composition.openLibrary()
            let writer = try composition.libraryWriter()
            let library = LibraryWindow(store: opened.store, writer: writer, composition: composition, links: links) { [unowned self] in primaryMenu() }
            // What the user's retention lets go, written off the UI thread.
            library.commands.pruneByRetention()
            library.session.newItems = { [unowned self] notice in notifyNewItems(notice) }
            library.session.ruleMatched = { [unowned self] text, items in notifyRuleMatched(text, items: items) }
            library.changedLibrary = { [unowned self] change in withdrawNoticeOfReadItem(after: change) }
            library.screenShown = { [unowned self] screen, controller in
                self.screen = screen
                self.controller = controller
                if let window { screen.attach(to: window) }
            }
            self.library = library
            libraryProblem = opened.problem
            return library
        } catch {
            libraryProblem = tr("The library could not be opened: {reason}", ["reason": error.explanation])
            say("item-feed: " + (libraryProblem ?? ""))
            return nil
        }
    }

    func showWelcome() {
        let window = self.window ?? makeWindow()
        self.window = window
        gtk_window_set_title(itemfeed_window(window), ItemFeedInfo.name)
        let menu = primaryMenu()
        let welcome = WelcomePage(primaryMenu: menu)
        g_object_unref(UnsafeMutableRawPointer(menu))
        adw_application_window_set_content(itemfeed_adw_application_window(window), welcome.root)
        gtk_window_present(itemfeed_window(window))
        welcome.focusFirstChoice()
        if let problem = libraryProblem {
            libraryProblem = nil
            say("item-feed: " + problem)
        }
    }

    func showLibrary(_ library: LibraryWindow) {
        let window = self.window ?? makeWindow(besideLibrary: true)
        self.window = window
        attach(library, to: window)
        library.sidebar.select(at: library.sidebar.selectedIndex)
        gtk_window_present(itemfeed_window(window))
        tellLibraryProblem()
        library.startRefreshing()
    }

    /// The library is the window's content, titled by the view it shows.
    func attach(_ library: LibraryWindow, to window: UnsafeMutablePointer<GtkWidget>) {
        library.titleChanged = { title in gtk_window_set_title(itemfeed_window(window), title) }
        library.window = window
        adw_application_window_set_content(itemfeed_adw_application_window(window), library.leaflet.root)
    }

    func tellLibraryProblem() {
        guard let problem = libraryProblem else { return }
        libraryProblem = nil
        (library?.screen ?? screen)?.showPassingNotice(problem)
    }

    func showPreferences() {
        guard let library = openLibrary() else { return }
        let store = library.store
        let preferences = PreferencesWindow(parent: window, choices: PreferencesWindow.Choices(
            retention: (try? store.preference(ReadRetention.self)) ?? .standard,
            interval: (try? store.preference(RefreshInterval.self)) ?? .standard,
            notifies: (try? store.notifiesNewItems()) ?? true,
            retentionChosen: { chosen in
                let now = Date()
                library.writer.write({ store in
                    try store.setPreference(chosen)
                    try store.pruneByRetention(now: now)
                }) { library.commands.changed($0.map { _ in () }) }
            },
            intervalChosen: { chosen in
                library.writer.write({ try $0.setPreference(chosen) }) { written in
                    library.commands.changed(written)
                    library.refresher.intervalChanged()
                }
            },
            notifiesChosen: { chosen in library.writer.write({ try $0.setNotifiesNewItems(chosen) }) { library.commands.changed($0) } },
            background: PreferencesWindow.Background(isOn: ((try? store.runsInBackground()) ?? nil) == true) { [unowned self] isOn, refused in
                chooseBackground(isOn) { refusal in if let refusal { refused(refusal) } }
            },
            reading: PreferencesWindow.Reading(
                textSize: library.reading.textSize.size, pictureStorage: (try? store.preference(ArticlePictureStorage.self)) ?? .standard,
                textSizeChosen: { library.reading.textSize.choose($0) },
                pictureStorageChosen: { chosen in
                    library.writer.write({ try $0.setPreference(chosen) }) { _ in }
                    library.composition.keepArticlePictures(within: chosen)
                }
            ),
            accounts: library.commands.accountChoices(),
            rules: library.commands.ruleChoices()
        ))
        self.preferences = preferences
        preferences.present()
    }

    /// One desktop notification, only while the window is not in front:
    /// one item's opens it and has Open and Mark as Read; more open the Unread view.
    func notifyNewItems(_ notice: NewItemsNotice.Notice) {
        if let window, gtk_window_is_active(itemfeed_window(window)) != 0 { return }
        notifications.sendItems(DesktopNotifications.newItems, title: notice.title, body: notice.body, items: notice.items)
    }

    /// A notify rule matched: told even with the window in front, which
    /// shows no other sign of it.
    func notifyRuleMatched(_ text: String, items: [LibraryItem.Key]) {
        notifications.sendItems(DesktopNotifications.ruleMatched, title: tr("Rule Matched"), body: text, items: items)
    }

    /// A notification goes once its items are read, wherever they were
    /// read (in the window, by its own button, on another computer).
    private func withdrawNoticeOfReadItem(after change: LibraryChange) {
        guard change.contains(.items), let library else { return }
        notifications.withdrawRead { library.session.unreadKeys(among: $0) }
    }

    /// A notification's Open: the item opened, its notification withdrawn.
    func openNotifiedItem(_ key: LibraryItem.Key) {
        notifications.withdraw(noticesOf: key)
        openItem(key)
    }

    /// The window in front, on the item in All Items (on Unread when the
    /// library no longer shows it).
    func openItem(_ key: LibraryItem.Key) {
        guard let library = openLibrary() else { return }
        if window == nil || screen !== library.screen { showLibrary(library) }
        if let window { showWindowAgain(window) }
        if !library.reading.openItem(key) { showUnread() }
    }

    /// A notification's Mark as Read: written through the library's
    /// account, no window needed; its notification goes with it.
    func markItemRead(_ key: LibraryItem.Key) {
        notifications.withdraw(noticesOf: key)
        guard let library = openLibrary() else { return }
        library.commands.mark(.read(true, [key])) { [weak self] result in
            guard case let .failure(error) = result else { return }
            let reason = error.explanation
            if let screen = library.screen ?? self?.screen { screen.showPassingNotice(reason) } else { say("item-feed: " + reason) }
        }
    }

    /// The notification's action: the window in front, on Unread.
    func showUnread() {
        guard let library, let window else { return }
        notifications.withdraw(DesktopNotifications.newItems)
        showWindowAgain(window)
        if let unread = library.sidebar.rows.firstIndex(where: { $0.view == .unread }) { library.sidebar.select(at: unread) }
        library.leaflet.showContent()
    }

    func importOPML() {
        OPMLFileChooser.choose(saving: false, over: window) { [unowned self] path in importOPML(at: URL(fileURLWithPath: path)) }
    }

    /// An OPML file opened from the file manager or named on the command
    /// line (`*.opml`, or a file whose first element is `<opml>`) is
    /// imported rather than read as a feed; `false` for any other address.
    func importsOPML(_ url: URL) -> Bool {
        guard url.isFileURL, let file = FileHandle(forReadingAtPath: url.path) else { return false }
        let start = (try? file.read(upToCount: 1_024)) ?? Data()
        try? file.close()
        guard OPMLReader.isOPML(start, named: url.lastPathComponent) else { return false }
        importOPML(at: url)
        return true
    }

    /// The file's feeds added to the library in one go (or none), the
    /// library shown with how many came. Read off the UI thread (a file of
    /// 100,000 outlines takes seconds), with Cancel until it is written.
    private func importOPML(at file: URL) {
        guard let library = openLibrary() else { return }
        if window == nil || library.screen == nil || screen !== library.screen { showLibrary(library) }
        let stop = SyncStop()
        let done = library.screen?.showWork(tr("Importing feeds from {file}…", ["file": file.lastPathComponent])) { stop.stop() } ?? {}
        BackgroundWork(label: "ItemFeed OPML import").run({ Result { try OPMLReader.read(Data(contentsOf: file)) } }, then: { read in
            let told = { (text: String) in
                done()
                library.screen?.showPassingNotice(text)
            }
            guard !stop.isStopped else { return told(tr("Import cancelled: no feed was added")) }
            switch read {
            case let .failure(error): told(error.explanation)
            case let .success(document):
                LibraryOPML.importFeeds(document, into: library.session.account, stop: stop) { result in
                    switch result {
                    case let .success(imported):
                        told(trPlural(
                            "Imported {count} feed ({present} in the library already)", "Imported {count} feeds ({present} in the library already)",
                            imported.added, ["count": String(imported.added), "present": String(imported.present)]
                        ))
                    case let .failure(error) where error is CancellationError: told(tr("Import cancelled: no feed was added"))
                    case let .failure(error): told(error.explanation)
                    }
                }
            }
        })
    }

    func exportOPML() {
        guard let library = openLibrary() else { return }
        OPMLFileChooser.choose(saving: true, over: window) { path in
            do {
                try LibraryOPML.export(library.store).write(to: URL(fileURLWithPath: path), options: .atomic)
                library.screen?.showPassingNotice(tr("Feeds exported to {file}", ["file": path]))
            } catch {
                library.screen?.showPassingNotice(error.explanation)
            }
        }
    }
}

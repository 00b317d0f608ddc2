import CGtk
import Foundation
import ItemFeed
import ItemFeedCommandLine
import ItemFeedGLib
import ItemFeedGtk
import ItemFeedLibrary
import ItemFeedStore
import ItemFeedUI

/// The AdwApplication: command-line options, actions and shortcuts, and the
/// main window. libadwaita's style manager follows the desktop's light or
/// dark preference (through the Settings portal) by itself.
@MainActor
public final class ItemFeedApplication {
    let app: UnsafeMutablePointer<GtkApplication>
    var feedURL: URL?
    var window: UnsafeMutablePointer<GtkWidget>?
    var controller: ItemListController<Thumbnail>?
    var screen: ItemFeedScreen?
    let links = DesktopItemLinks()
    let composition: ItemFeedComposition
    /// Whether the feed was named on the command line (then a running
    /// ItemFeed opens it), rather than the demo by default.
    private var feedWasNamed = false
    private let recentFeeds = RecentFeedsMenu()
    /// The library, opened with the window; `nil` when its file could not
    /// be opened at all (the window then shows one feed, as before).
    var library: LibraryWindow?
    /// Why the library could not be opened as it was: said once, when the
    /// window first shows.
    var libraryProblem: String?
    /// Preferences while open: its Accounts page answers the server later.
    var preferences: PreferencesWindow?
    /// GNOME Shell's search provider, while the application runs.
    var searchProvider: ShellSearchProvider?
    /// New items' and rules' notifications, withdrawn once their item is read.
    private(set) lazy var notifications = DesktopNotifications(application: UnsafeMutableRawPointer(itemfeed_g_application(app)))
    /// What to show first when the background's process handed over to this one.
    var resume: WindowResume?
    /// Run in Background's permission (the portal, or the autostart file).
    let background = BackgroundPermission()
    /// Found once, by `main` (finding it walks up from the binary, file by file).
    let resources: ResourceLocator?

    public init(composition: ItemFeedComposition, resources: ResourceLocator?) {
        self.composition = composition
        self.resources = resources
        // HANDLES_OPEN: `item-feed URL` while ItemFeed runs hands the
        // address to the running one, which opens it in its window.
        app = itemfeed_application(UnsafeMutableRawPointer(adw_application_new(ItemFeedInfo.applicationID, G_APPLICATION_HANDLES_OPEN)))
        let gApp = itemfeed_g_application(app)
        ApplicationOption.register(ItemFeedCommand.options, on: UnsafeMutableRawPointer(gApp!))
        g_application_set_option_context_summary(gApp, ItemFeedCommand.summary)

        Signal.connect(app, "handle-local-options") { [unowned self] (options: UnsafeMutablePointer<GVariantDict>) in
            handleLocalOptions(ParsedOptions(UnsafeMutableRawPointer(options)))
        }
        Signal.connect(app, "startup") { [unowned self] in startUp() }
        Signal.connect(app, "activate") { [unowned self] in activate() }
        Signal.connectOpen(UnsafeMutableRawPointer(app)) { [unowned self] uris in
            guard let url = uris.first.flatMap(URL.init(string:)) else { return activate() }
            show(url)
        }
    }

    public func run() -> Int32 {
        g_application_run(itemfeed_g_application(app), CommandLine.argc, CommandLine.unsafeArgv)
    }

    // MARK: Command line

    /// Returns an exit status to stop here, or -1 to go on and open a window.
    private func handleLocalOptions(_ options: ParsedOptions) -> Int32 {
        switch ItemFeedCommand.handle(options, composition: composition, resources: resources) {
        case let .exit(status):
            return status
        case let .window(feed, named):
            resume = options.string(WindowResume.optionName).flatMap(WindowResume.init(argument:))
            feedURL = feed
            feedWasNamed = named
            // Before GApplication takes its name: a search that started
            // ItemFeed (D-Bus activation) finds the provider at once.
            exportSearchProvider()
            return forwardToRunningInstance()
        case .background:
            // With no window, GTK is not needed: the command line's process runs it.
            say(ProcessHandover.exec(ProcessHandover.commandBinaryName, ["--background"]))
            return 1
        }
    }

    /// With ItemFeed already running, a named feed opens in its window and
    /// this process ends; otherwise this is the running one (-1: go on).
    private func forwardToRunningInstance() -> Int32 {
        let gApp = itemfeed_g_application(app)
        guard feedWasNamed, let feedURL, g_application_register(gApp, nil, nil) != 0,
              g_application_get_is_remote(gApp) != 0
        else { return -1 }
        var file: OpaquePointer? = g_file_new_for_uri(feedURL.absoluteString)
        g_application_open(gApp, &file, 1, "")
        g_object_unref(UnsafeMutableRawPointer(file))
        return 0
    }

    // MARK: Application

    private func startUp() {
        if let styleSheet = resources?.styleSheet, FileManager.default.fileExists(atPath: styleSheet.path) {
            let provider = gtk_css_provider_new()
            gtk_css_provider_load_from_path(provider, styleSheet.path)
            gtk_style_context_add_provider_for_display(
                gdk_display_get_default(), itemfeed_style_provider(UnsafeMutableRawPointer(provider)),
                guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION)
            )
            g_object_unref(UnsafeMutableRawPointer(provider))
        }
        addAction("quit", accelerators: ["<Control>q"]) { [unowned self] in
            g_application_quit(itemfeed_g_application(app))
        }
        addAction("about", accelerators: []) { [unowned self] in showAbout() }
        setAccelerators(["F5", "<Control>r"], for: ItemFeedScreen.reloadAction)
        // GtkWindow's own action: the window's close, as its button (and Run in Background) has it.
        setAccelerators(["<Control>w"], for: "window.close")
        addAction("search", accelerators: ["<Control>f"]) { [unowned self] in
            screen?.toggleSearch()
        }
        addAction("open-feed", accelerators: ["<Control>l"]) { [unowned self] in
            OpenFeedDialog(parent: window) { [unowned self] url in show(url) }.present()
        }
        addAction("toggle-sidebar", accelerators: ["F9", "<Control>b"]) { [unowned self] in library?.leaflet.toggleSidebar() }
        addAction("mark-all-read", accelerators: ["<Shift><Control>a"]) { [unowned self] in library?.commands.markAllRead() }
        addAction("import-opml", accelerators: []) { [unowned self] in importOPML() }
        addAction("preferences", accelerators: ["<Control>comma"]) { [unowned self] in showPreferences() }
        addAction("open-demo", accelerators: []) { [unowned self] in
            if let demo = resources?.demoFeed { show(demo) }
        }
        addAction("export-opml", accelerators: []) { [unowned self] in exportOPML() }
        addAction("show-unread", accelerators: []) { [unowned self] in showUnread() }
        addAction("show-window", accelerators: []) { [unowned self] in activate() }
        ItemActions.add(to: UnsafeMutableRawPointer(app), open: { [unowned self] key in openNotifiedItem(key) }, markRead: { [unowned self] key in markItemRead(key) })
        let openRecent = g_simple_action_new("open-recent", g_variant_type_new("s"))!
        Signal.connectActivate(UnsafeMutableRawPointer(openRecent)) { [unowned self] (address: String) in
            if let url = URL(string: address) { show(url) }
        }
        g_action_map_add_action(itemfeed_action_map(app), itemfeed_action(UnsafeMutableRawPointer(openRecent)))
        g_object_unref(UnsafeMutableRawPointer(openRecent))
    }

    func activate() {
        if let resume {
            self.resume = nil
            return resumeFromBackground(resume)
        }
        if let window { return showWindowAgain(window) }
        // With no address, the library opens on All when it has feeds; a
        // library with none welcomes the user.
        if !feedWasNamed, let library = openLibrary() {
            return library.hasSubscriptions ? showLibrary(library) : showWelcome()
        }
        guard let feedURL else { return }
        show(feedURL)
    }

    /// Opens `feedURL` in the window (made on first use), replacing the
    /// feed it showed: the old screen goes, and with it its transfers.
    func show(_ feedURL: URL) {
        if importsOPML(feedURL) { return }
        let library = openLibrary()
        let window = self.window ?? makeWindow(besideLibrary: library != nil)
        self.window = window
        self.feedURL = feedURL
        let articles = HeldArticles()
        let controller = composition.makeListController(feedURL: feedURL, coordinator: links, articles: articles)
        // The feed's address names it until the feed says its own name.
        let title = FeedAddress.displayName(of: feedURL)
        gtk_window_set_title(itemfeed_window(window), title)
        if let library {
            // Beside the library's sidebar: its view when subscribed, else
            // the feed itself with Subscribe.
            library.titleChanged = { title in gtk_window_set_title(itemfeed_window(window), title) }
            library.window = window
            adw_application_window_set_content(itemfeed_adw_application_window(window), library.leaflet.root)
            if !library.openSubscribed(feedURL) { library.showUnsubscribed(controller, feedURL: feedURL, title: title, articles: articles) }
        } else {
            controller.renderer.titleChanged = { title in gtk_window_set_title(itemfeed_window(window), title) }
            let menu = primaryMenu()
            let screen = ItemFeedScreen(controller: controller, primaryMenu: menu)
            g_object_unref(UnsafeMutableRawPointer(menu)) // the menu button holds it now
            adw_application_window_set_content(itemfeed_adw_application_window(window), screen.root)
            links.notify = { [weak screen] message in screen?.showPassingNotice(message) }
            screen.attach(to: window)
            self.controller = controller
            self.screen = screen
            controller.screenShown()
        }
        // A web page's one feed, or the one picked: opened as if typed, once
        // the screen that asked has finished its turn (it is replaced).
        links.openFeed = { [unowned self] url in
            _ = MainContextTimer.schedule(0) { [weak self] in self?.show(url) }
        }
        // The bundled demo feeds are not "recent": they are always there.
        let isDemo = resources.map { feedURL.path.hasPrefix($0.directory.path) } ?? false
        recentFeeds.opened(feedURL, remember: !isDemo)
        gtk_window_present(itemfeed_window(window))
        tellLibraryProblem()
    }

    /// Wide enough for the sidebar beside the list when the library shows.
    func makeWindow(besideLibrary: Bool = false) -> UnsafeMutablePointer<GtkWidget> {
        let window = adw_application_window_new(app)!
        gtk_window_set_default_size(itemfeed_window(window), besideLibrary ? 1200 : 480, 760)
        gtk_window_set_icon_name(itemfeed_window(window), ItemFeedInfo.applicationID)
        gtk_application_window_set_help_overlay(itemfeed_application_window(window), ShortcutsWindow.make())
        Signal.connectCloseRequest(UnsafeMutableRawPointer(window)) { [unowned self] in closeRequested(window) }
        return window
    }

    private func addAction(_ name: String, accelerators: [String], _ handler: @escaping @MainActor () -> Void) {
        let action = g_simple_action_new(name, nil)!
        Signal.connectActivate(UnsafeMutableRawPointer(action), handler)
        g_action_map_add_action(itemfeed_action_map(app), itemfeed_action(UnsafeMutableRawPointer(action)))
        g_object_unref(UnsafeMutableRawPointer(action))
        setAccelerators(accelerators, for: "app.\(name)")
    }

    /// Accelerators reach any action the focused widget can see: the app's,
    /// and the screen's own (its reload).
    private func setAccelerators(_ accelerators: [String], for action: String) {
        guard !accelerators.isEmpty else { return }
        var strings = accelerators.map { UnsafePointer(strdup($0)) } + [nil]
        gtk_application_set_accels_for_action(app, action, &strings)
        strings.forEach { free(UnsafeMutableRawPointer(mutating: $0)) }
    }

    private func showAbout() {
        let about = adw_about_window_new()!
        let dialog = itemfeed_adw_about_window(about)
        adw_about_window_set_application_name(dialog, ItemFeedInfo.name)
        adw_about_window_set_version(dialog, ItemFeedInfo.version)
        adw_about_window_set_comments(dialog, tr("Follow the feeds you read: a library kept up to date, read in a native article pane."))
        adw_about_window_set_application_icon(dialog, ItemFeedInfo.applicationID)
        adw_about_window_set_developer_name(dialog, tr("The ItemFeed developers"))
        // Translators: your names, one per line, shown in the About window.
        let translators = tr("translator-credits")
        if translators != "translator-credits" { adw_about_window_set_translator_credits(dialog, translators) }
        adw_about_window_set_website(dialog, ItemFeedInfo.website)
        adw_about_window_set_issue_url(dialog, ItemFeedInfo.website + "/issues")
        adw_about_window_set_license_type(dialog, GTK_LICENSE_MIT_X11)
        if let window { gtk_window_set_transient_for(itemfeed_window(about), itemfeed_window(window)) }
        gtk_window_set_modal(itemfeed_window(about), 1)
        gtk_window_present(itemfeed_window(about))
    }

    func primaryMenu() -> OpaquePointer {
        let menu = g_menu_new()!
        let feeds = g_menu_new()!
        g_menu_append(feeds, tr("_Add Feed…"), "app.open-feed")
        g_menu_append(feeds, tr("_Mark All as Read"), "app.mark-all-read")
        g_menu_append_submenu(feeds, tr("_Recent Feeds"), recentFeeds.menuModel)
        g_menu_append_section(menu, nil, itemfeed_menu_model(UnsafeMutableRawPointer(feeds)))
        g_object_unref(UnsafeMutableRawPointer(feeds))
        let opml = g_menu_new()!
        g_menu_append(opml, tr("_Import Feeds…"), "app.import-opml")
        g_menu_append(opml, tr("_Export Feeds…"), "app.export-opml")
        g_menu_append_section(menu, nil, itemfeed_menu_model(UnsafeMutableRawPointer(opml)))
        g_object_unref(UnsafeMutableRawPointer(opml))
        g_menu_append(menu, tr("_Preferences"), "app.preferences")
        g_menu_append(menu, tr("_Keyboard Shortcuts"), "win.show-help-overlay")
        g_menu_append(menu, tr("_About ItemFeed"), "app.about")
        return menu
    }
}

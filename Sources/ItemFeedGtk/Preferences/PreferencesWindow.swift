import CGtk
import ItemFeed

/// Preferences (Ctrl+,): how long read items are kept, how often the
/// library refreshes on its own, and whether it says so when the window is
/// not in front; the article's text size and the room its pictures take
/// offline; the accounts; the rules. Each change is told at once, as GNOME's preferences apply.
@MainActor
public final class PreferencesWindow {
    /// What the window shows, and what each change does.
    public struct Choices {
        public var retention: ReadRetention
        public var interval: RefreshInterval
        public var notifies: Bool
        public var retentionChosen: @MainActor (ReadRetention) -> Void
        public var intervalChosen: @MainActor (RefreshInterval) -> Void
        public var notifiesChosen: @MainActor (Bool) -> Void
        /// Run in Background; `nil`: not offered.
        public var background: Background?
        /// The reading group; `nil`: none is shown.
        public var reading: Reading?
        /// The accounts' page; `nil`: none is shown.
        public var accounts: AccountsPage.Choices?
        /// The rules' page; `nil`: none is shown.
        public var rules: RulesPage.Choices?

        public init(
            retention: ReadRetention, interval: RefreshInterval, notifies: Bool,
            retentionChosen: @escaping @MainActor (ReadRetention) -> Void,
            intervalChosen: @escaping @MainActor (RefreshInterval) -> Void,
            notifiesChosen: @escaping @MainActor (Bool) -> Void,
            background: Background? = nil, reading: Reading? = nil, accounts: AccountsPage.Choices? = nil, rules: RulesPage.Choices? = nil
        ) {
            self.background = background
            self.reading = reading
            self.accounts = accounts
            self.rules = rules
            self.retention = retention
            self.interval = interval
            self.notifies = notifies
            self.retentionChosen = retentionChosen
            self.intervalChosen = intervalChosen
            self.notifiesChosen = notifiesChosen
        }
    }

    /// Run in Background: on, the desktop is asked (the portal, or the
    /// autostart file); a refusal turns the switch back off and says why.
    public struct Background {
        public var isOn: Bool
        public var chosen: @MainActor (_ isOn: Bool, _ refused: @escaping @MainActor (String) -> Void) -> Void

        public init(isOn: Bool, chosen: @escaping @MainActor (_ isOn: Bool, _ refused: @escaping @MainActor (String) -> Void) -> Void) {
            self.isOn = isOn
            self.chosen = chosen
        }
    }

    /// The article's text size (also Ctrl+plus, Ctrl+minus, Ctrl+0) and the
    /// room read articles' pictures take on disk.
    public struct Reading {
        public var textSize: ArticleTextSize
        public var pictureStorage: ArticlePictureStorage
        public var textSizeChosen: @MainActor (ArticleTextSize) -> Void
        public var pictureStorageChosen: @MainActor (ArticlePictureStorage) -> Void

        public init(
            textSize: ArticleTextSize, pictureStorage: ArticlePictureStorage,
            textSizeChosen: @escaping @MainActor (ArticleTextSize) -> Void, pictureStorageChosen: @escaping @MainActor (ArticlePictureStorage) -> Void
        ) {
            self.textSize = textSize
            self.pictureStorage = pictureStorage
            self.textSizeChosen = textSizeChosen
            self.pictureStorageChosen = pictureStorageChosen
        }
    }

    let window: UnsafeMutablePointer<GtkWidget>
    private let retentionRow: UnsafeMutablePointer<GtkWidget>
    private let intervalRow: UnsafeMutablePointer<GtkWidget>
    private let notifySwitch: UnsafeMutablePointer<GtkWidget>
    private var accountsPage: AccountsPage?
    public private(set) var rulesPage: RulesPage?

    public init(parent: UnsafeMutablePointer<GtkWidget>?, choices: Choices) {
        window = adw_preferences_window_new()
        if let parent { gtk_window_set_transient_for(itemfeed_window(window), itemfeed_window(parent)) }
        gtk_window_set_modal(itemfeed_window(window), 1)
        adw_preferences_window_set_search_enabled(itemfeed_adw_preferences_window(window), 0)
        let page = adw_preferences_page_new()!
        adw_preferences_page_set_title(itemfeed_adw_preferences_page(page), tr("General"))
        adw_preferences_page_set_icon_name(itemfeed_adw_preferences_page(page), "preferences-system-symbolic")

        let library = Self.group(tr("Library"), description: tr("Starred and unread items are always kept."))
        retentionRow = Self.comboRow(tr("Keep Read Items"), ReadRetention.allCases, choices.retention, title: \.title, chosen: choices.retentionChosen)
        adw_preferences_group_add(itemfeed_adw_preferences_group(library), retentionRow)
        adw_preferences_page_add(itemfeed_adw_preferences_page(page), itemfeed_adw_preferences_group(library))

        let refresh = Self.group(tr("Refreshing"), description: tr("Feeds are also refreshed with F5, and each from its menu."))
        intervalRow = Self.comboRow(tr("Refresh Feeds"), RefreshInterval.allCases, choices.interval, title: \.title, chosen: choices.intervalChosen)
        adw_preferences_group_add(itemfeed_adw_preferences_group(refresh), intervalRow)
        (notifySwitch, _) = Self.switchRow(
            tr("Notify About New Items"), subtitle: tr("When a refresh brings new items while the window is not in front"),
            isOn: choices.notifies, in: refresh, chosen: choices.notifiesChosen
        )
        if let background = choices.background { addBackgroundRow(background, to: refresh) }
        adw_preferences_page_add(itemfeed_adw_preferences_page(page), itemfeed_adw_preferences_group(refresh))
        if let reading = choices.reading {
            let group = Self.group(tr("Reading"), description: tr("The article is set in the desktop's document font."))
            let size = Self.comboRow(tr("Text Size"), ArticleTextSize.allCases, reading.textSize, title: \.title, chosen: reading.textSizeChosen)
            adw_preferences_group_add(itemfeed_adw_preferences_group(group), size)
            let pictures = Self.comboRow(tr("Pictures Kept Offline"), ArticlePictureStorage.allCases, reading.pictureStorage, title: \.title, chosen: reading.pictureStorageChosen)
            adw_action_row_set_subtitle(itemfeed_adw_action_row(pictures), tr("Read articles' pictures, the oldest removed first"))
            adw_preferences_group_add(itemfeed_adw_preferences_group(group), pictures)
            adw_preferences_page_add(itemfeed_adw_preferences_page(page), itemfeed_adw_preferences_group(group))
        }
        adw_preferences_window_add(itemfeed_adw_preferences_window(window), itemfeed_adw_preferences_page(page))
        if let accounts = choices.accounts {
            let accountsPage = AccountsPage(choices: accounts, in: self)
            adw_preferences_window_add(itemfeed_adw_preferences_window(window), itemfeed_adw_preferences_page(accountsPage.page))
            self.accountsPage = accountsPage
        }
        if let rules = choices.rules {
            let rulesPage = RulesPage(choices: rules)
            adw_preferences_window_add(itemfeed_adw_preferences_window(window), itemfeed_adw_preferences_page(rulesPage.page))
            self.rulesPage = rulesPage
        }
    }

    private func addBackgroundRow(_ background: Background, to group: UnsafeMutablePointer<GtkWidget>) {
        let subtitle = tr("Refresh and notify with the window closed, and start at login")
        var row: UnsafeMutablePointer<GtkWidget>?
        var toggle: UnsafeMutablePointer<GtkWidget>?
        (toggle, row) = Self.switchRow(tr("Run in Background"), subtitle: subtitle, isOn: background.isOn, in: group) { isOn in
            if let row { adw_action_row_set_subtitle(itemfeed_adw_action_row(row), subtitle) }
            background.chosen(isOn) { reason in
                if let toggle { gtk_switch_set_active(itemfeed_switch(toggle), 0) }
                if let row { adw_action_row_set_subtitle(itemfeed_adw_action_row(row), reason) }
            }
        }
    }

    /// Preferences opened on the Accounts page (Add Account).
    public func showAccounts() {
        guard let accountsPage else { return }
        adw_preferences_window_set_visible_page(itemfeed_adw_preferences_window(window), itemfeed_adw_preferences_page(accountsPage.page))
    }

    public func present() {
        gtk_window_present(itemfeed_window(window))
    }

    private static func group(_ title: String, description: String) -> UnsafeMutablePointer<GtkWidget> {
        let group = adw_preferences_group_new()!
        adw_preferences_group_set_title(itemfeed_adw_preferences_group(group), title)
        adw_preferences_group_set_description(itemfeed_adw_preferences_group(group), description)
        return group
    }

    private static func comboRow<Choice: Equatable>(
        _ label: String, _ choices: [Choice], _ current: Choice, title: (Choice) -> String, chosen: @escaping @MainActor (Choice) -> Void
    ) -> UnsafeMutablePointer<GtkWidget> {
        let row = adw_combo_row_new()!
        adw_preferences_row_set_title(itemfeed_adw_preferences_row(row), label)
        var titles = choices.map { UnsafePointer(strdup(title($0))) } + [nil]
        let model = gtk_string_list_new(&titles)!
        titles.forEach { free(UnsafeMutableRawPointer(mutating: $0)) }
        adw_combo_row_set_model(itemfeed_adw_combo_row(row), itemfeed_list_model(UnsafeMutableRawPointer(model)))
        g_object_unref(UnsafeMutableRawPointer(model))
        adw_combo_row_set_selected(itemfeed_adw_combo_row(row), guint(choices.firstIndex(of: current) ?? 0))
        // `notify` passes the property spec: the one-argument form.
        Signal.connect(UnsafeMutableRawPointer(row), "notify::selected") { (_: UnsafeMutableRawPointer) in
            let index = Int(adw_combo_row_get_selected(itemfeed_adw_combo_row(row)))
            if choices.indices.contains(index) { chosen(choices[index]) }
        }
        return row
    }

    /// An action row with a switch (libadwaita 1.2 has no switch row); the
    /// whole row toggles it, and screen readers hear the row's title.
    private static func switchRow(
        _ title: String, subtitle: String, isOn: Bool, in group: UnsafeMutablePointer<GtkWidget>, chosen: @escaping @MainActor (Bool) -> Void
    ) -> (UnsafeMutablePointer<GtkWidget>, UnsafeMutablePointer<GtkWidget>) {
        let row = adw_action_row_new()!
        adw_preferences_row_set_title(itemfeed_adw_preferences_row(row), title)
        adw_action_row_set_subtitle(itemfeed_adw_action_row(row), subtitle)
        let toggle = gtk_switch_new()!
        gtk_switch_set_active(itemfeed_switch(toggle), isOn ? 1 : 0)
        gtk_widget_set_valign(toggle, GTK_ALIGN_CENTER)
        // Named by the row (libadwaita labels it by the title): a label of
        // its own was read twice, "Notify About New Items Notify About New Items".
        adw_action_row_add_suffix(itemfeed_adw_action_row(row), toggle)
        adw_action_row_set_activatable_widget(itemfeed_adw_action_row(row), toggle)
        Signal.connect(UnsafeMutableRawPointer(toggle), "notify::active") { (_: UnsafeMutableRawPointer) in
            chosen(gtk_switch_get_active(itemfeed_switch(toggle)) != 0)
        }
        adw_preferences_group_add(itemfeed_adw_preferences_group(group), row)
        return (toggle, row)
    }
}

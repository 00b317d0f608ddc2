import CGtk
import Foundation
import ItemFeed

/// Preferences → Accounts: the accounts on feed servers, each with its
/// state (and Sign In when the server refused its password) and Remove; and
/// Add Account, which signs in before anything is kept, then the first sync
/// starts.
@MainActor
public final class AccountsPage {
    /// What the page shows and what its buttons do.
    public struct Choices {
        public var accounts: @MainActor () -> [SyncAccount]
        /// Every service Add Account offers, as each declares itself.
        public var services: [SyncServiceDescription]
        /// Signs in, keeps the account and syncs it; answers why not, or `nil`.
        public var add: @MainActor (_ service: SyncServiceKind, _ address: URL, _ user: String, _ password: String, _ done: @escaping @MainActor (String?) -> Void) -> Void
        public var remove: @MainActor (SyncAccount) -> Void

        public init(
            accounts: @escaping @MainActor () -> [SyncAccount], services: [SyncServiceDescription],
            add: @escaping @MainActor (SyncServiceKind, URL, String, String, @escaping @MainActor (String?) -> Void) -> Void,
            remove: @escaping @MainActor (SyncAccount) -> Void
        ) {
            (self.accounts, self.services, self.add, self.remove) = (accounts, services, add, remove)
        }
    }

    let page: UnsafeMutablePointer<GtkWidget>
    private let choices: Choices
    private let list: UnsafeMutablePointer<GtkWidget>
    private var accountRows: [UnsafeMutablePointer<GtkWidget>] = []
    /// Add Account: its description says where the chosen service's address is.
    private let form: UnsafeMutablePointer<GtkWidget>
    private let serviceRow: UnsafeMutablePointer<GtkWidget>
    private let addressRow: UnsafeMutablePointer<GtkWidget>
    private let userRow: UnsafeMutablePointer<GtkWidget>
    private let passwordRow: UnsafeMutablePointer<GtkWidget>
    private let signInButton: UnsafeMutablePointer<GtkWidget>
    /// Why the last Sign In did not keep an account, or that it is under way.
    private let status: UnsafeMutablePointer<GtkWidget>
    private weak var window: PreferencesWindow?

    init(choices: Choices, in window: PreferencesWindow) {
        self.choices = choices
        self.window = window
        page = adw_preferences_page_new()
        adw_preferences_page_set_title(itemfeed_adw_preferences_page(page), tr("Accounts"))
        adw_preferences_page_set_icon_name(itemfeed_adw_preferences_page(page), "network-server-symbolic")

        list = adw_preferences_group_new()
        adw_preferences_group_set_title(itemfeed_adw_preferences_group(list), tr("Accounts"))
        adw_preferences_group_set_description(itemfeed_adw_preferences_group(list), tr("Feeds, read and starred items kept by a feed server, synced with every refresh. Passwords are kept in the desktop's keyring."))
        adw_preferences_page_add(itemfeed_adw_preferences_page(page), itemfeed_adw_preferences_group(list))

        form = adw_preferences_group_new()
        adw_preferences_group_set_title(itemfeed_adw_preferences_group(form), tr("Add Account"))
        serviceRow = PreferencesForm.comboRow(tr("Service"), choices.services.map(\.title))
        addressRow = Self.entry(tr("Server Address"), adw_entry_row_new())
        userRow = Self.entry(tr("User Name"), adw_entry_row_new())
        passwordRow = Self.entry(tr("Password"), adw_password_entry_row_new())
        Self.nameRevealButton(in: passwordRow)
        for row in [serviceRow, addressRow, userRow, passwordRow] { adw_preferences_group_add(itemfeed_adw_preferences_group(form), row) }
        status = PreferencesForm.statusLine()
        signInButton = PreferencesForm.sendButton(tr("Sign In"))
        adw_preferences_group_add(itemfeed_adw_preferences_group(form), status)
        adw_preferences_group_add(itemfeed_adw_preferences_group(form), signInButton)
        adw_preferences_page_add(itemfeed_adw_preferences_page(page), itemfeed_adw_preferences_group(form))

        showHint()
        Signal.connect(UnsafeMutableRawPointer(serviceRow), "notify::selected") { [weak self] (_: UnsafeMutableRawPointer) in self?.showHint() }
        Signal.connect(UnsafeMutableRawPointer(signInButton), "clicked") { [weak self] in self?.signIn() }
        Signal.connect(UnsafeMutableRawPointer(passwordRow), "entry-activated") { [weak self] in self?.signIn() }
        showAccounts()
    }

    /// Where the chosen service's address and password are found.
    private func showHint() {
        let index = Int(adw_combo_row_get_selected(itemfeed_adw_combo_row(serviceRow)))
        guard choices.services.indices.contains(index) else { return }
        adw_preferences_group_set_description(itemfeed_adw_preferences_group(form), choices.services[index].signInHint)
    }

    /// libadwaita 1.2's password row shows its text with a button a screen
    /// reader hears as "GtkImage": named here.
    private static func nameRevealButton(in widget: UnsafeMutablePointer<GtkWidget>) {
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            if String(cString: gtk_widget_get_css_name(current)) == "button" {
                itemfeed_accessible_set_label(itemfeed_accessible(current), tr("Show Password"))
            }
            nameRevealButton(in: current)
            child = gtk_widget_get_next_sibling(current)
        }
    }

    private static func entry(_ title: String, _ row: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget> {
        adw_preferences_row_set_title(itemfeed_adw_preferences_row(row), title)
        return row
    }

    /// The accounts as the library has them now.
    func showAccounts() {
        for row in accountRows { adw_preferences_group_remove(itemfeed_adw_preferences_group(list), row) }
        accountRows = []
        let accounts = choices.accounts()
        if accounts.isEmpty {
            let row = adw_action_row_new()!
            adw_preferences_row_set_title(itemfeed_adw_preferences_row(row), tr("No accounts yet: the library is on this computer only."))
            accountRows.append(row)
        }
        for account in accounts {
            let row = adw_action_row_new()!
            adw_preferences_row_set_title(itemfeed_adw_preferences_row(row), account.title)
            adw_action_row_set_subtitle(itemfeed_adw_action_row(row), Self.subtitle(account, service: choices.services.first(account.service)))
            adw_action_row_set_subtitle_lines(itemfeed_adw_action_row(row), 0)
            if account.state == .needsSignIn {
                let signIn = gtk_button_new_with_label(tr("Sign In"))!
                gtk_widget_set_valign(signIn, GTK_ALIGN_CENTER)
                Signal.connect(UnsafeMutableRawPointer(signIn), "clicked") { [weak self] in self?.prepareSignIn(account) }
                adw_action_row_add_suffix(itemfeed_adw_action_row(row), signIn)
            }
            let remove = gtk_button_new_from_icon_name("user-trash-symbolic")!
            gtk_widget_set_valign(remove, GTK_ALIGN_CENTER)
            gtk_widget_add_css_class(remove, "flat")
            gtk_widget_set_tooltip_text(remove, tr("Remove Account"))
            itemfeed_accessible_set_label(itemfeed_accessible(remove), tr("Remove the account {account}", ["account": account.title]))
            Signal.connect(UnsafeMutableRawPointer(remove), "clicked") { [weak self] in self?.confirmRemoving(account) }
            adw_action_row_add_suffix(itemfeed_adw_action_row(row), remove)
            accountRows.append(row)
        }
        for row in accountRows { adw_preferences_group_add(itemfeed_adw_preferences_group(list), row) }
    }

    /// `locale`: the messages' language (`LANGUAGE` first), for the date too.
    static func subtitle(_ account: SyncAccount, service: SyncServiceDescription?, locale: Locale = Translation.locale(), timeZone: TimeZone = .current) -> String {
        let state: String = switch account.state {
        case .neverSynced: tr("Not synced yet")
        case .ok: account.lastSync.map { date in
            tr("Synced {time}", ["time": date.formatted(Date.FormatStyle(date: .abbreviated, time: .shortened, timeZone: timeZone).locale(locale))])
        } ?? tr("Synced")
        case .needsSignIn: tr("Needs sign-in: the server refused the password")
        case let .failed(reason, _): tr("Last sync failed: {reason}", ["reason": reason])
        }
        let feeds = trPlural("{count} feed", "{count} feeds", account.feedCount, ["count": String(account.feedCount)])
        let line = [service?.title ?? account.service.rawValue, account.address.absoluteString, feeds, state].joined(separator: " · ")
        return service?.limitation.map { line + "\n" + $0 } ?? line
    }

    /// The form filled with the account, waiting for its new password.
    private func prepareSignIn(_ account: SyncAccount) {
        if let index = choices.services.firstIndex(where: { $0.kind == account.service }) {
            adw_combo_row_set_selected(itemfeed_adw_combo_row(serviceRow), guint(index))
        }
        gtk_editable_set_text(itemfeed_editable(addressRow), account.address.absoluteString)
        gtk_editable_set_text(itemfeed_editable(userRow), account.userName)
        gtk_editable_set_text(itemfeed_editable(passwordRow), "")
        gtk_widget_grab_focus(passwordRow)
    }

    private func signIn() {
        let index = Int(adw_combo_row_get_selected(itemfeed_adw_combo_row(serviceRow)))
        let typed = String(cString: gtk_editable_get_text(itemfeed_editable(addressRow))).trimmingCharacters(in: .whitespaces)
        let user = String(cString: gtk_editable_get_text(itemfeed_editable(userRow))).trimmingCharacters(in: .whitespaces)
        let password = String(cString: gtk_editable_get_text(itemfeed_editable(passwordRow)))
        guard choices.services.indices.contains(index), let address = URL(string: typed), let scheme = address.scheme?.lowercased(),
              ["http", "https"].contains(scheme), address.host?.isEmpty == false
        else { return say(tr("The server's address starts with https:// (or http://)."), isError: true) }
        guard !user.isEmpty, !password.isEmpty else { return say(tr("The user name and the password are both needed."), isError: true) }
        let host = address.host ?? typed
        let loopback = host == "localhost" || host.hasPrefix("127.") || host == "::1"
        say(scheme == "http" && !loopback
            ? tr("Signing in to {host}… Its address is not encrypted (http:): the password crosses the network readable.", ["host": host])
            : tr("Signing in to {host}…", ["host": host]), isError: false)
        gtk_widget_set_sensitive(signInButton, 0)
        choices.add(choices.services[index].kind, address, user, password) { [weak self] problem in
            guard let self else { return }
            gtk_widget_set_sensitive(signInButton, 1)
            if let problem { return say(problem, isError: true) }
            say(tr("Signed in: the first sync has started."), isError: false)
            for row in [addressRow, userRow, passwordRow] { gtk_editable_set_text(itemfeed_editable(row), "") }
            showAccounts()
        }
    }

    private func say(_ text: String, isError: Bool) {
        PreferencesForm.say(text, isError: isError, on: status)
    }

    /// Asked first: the account's feeds and items leave this computer.
    private func confirmRemoving(_ account: SyncAccount) {
        let dialog = adw_message_dialog_new(
            window.map { itemfeed_window($0.window) }, tr("Remove {account}?", ["account": account.title]),
            tr("Its feeds and items leave this computer, with its password. Nothing changes on the server.")
        )!
        adw_message_dialog_add_response(itemfeed_adw_message_dialog(dialog), "cancel", tr("_Cancel"))
        adw_message_dialog_add_response(itemfeed_adw_message_dialog(dialog), "remove", tr("_Remove"))
        adw_message_dialog_set_response_appearance(itemfeed_adw_message_dialog(dialog), "remove", ADW_RESPONSE_DESTRUCTIVE)
        adw_message_dialog_set_close_response(itemfeed_adw_message_dialog(dialog), "cancel")
        nameMnemonicButtons(under: dialog)
        Signal.connect(UnsafeMutableRawPointer(dialog), "response") { [weak self] (response: UnsafeMutableRawPointer) in
            guard String(cString: response.assumingMemoryBound(to: CChar.self)) == "remove", let self else { return }
            choices.remove(account)
            showAccounts()
        }
        gtk_window_present(itemfeed_window(dialog))
    }
}

import CGtk
import Foundation
import ItemFeed
import ItemFeedGLib
@testable import ItemFeedGtk
import ItemFeedTestSupport
import XCTest

/// Preferences → Accounts in a real window: the accounts with their state,
/// Add Account signing in before anything is kept, Remove asked first.
final class AccountsPageTests: AdwTestCase {
    private let server = URL(string: "https://rss.example/api/greader.php")!

    @MainActor func test_theAccountsAreListedWithTheirState_andSignInFillsTheFormForOneThatNeedsIt() async throws {
        try GtkDisplay.require()
        let accounts = [
            SyncAccount(id: 2, service: .googleReader, address: server, userName: "ann", state: .ok, feedCount: 12),
            SyncAccount(id: 3, service: .googleReader, address: server, userName: "bob", state: .needsSignIn),
        ]
        let (preferences, page) = make(accounts: { accounts }, add: { _, _, _, _, _ in })
        defer { gtk_window_destroy(itemfeed_window(preferences.window)) }

        XCTAssertEqual(AccountsPage.subtitle(accounts[0]), "Google Reader API (FreshRSS, Miniflux…) · https://rss.example/api/greader.php · 12 feeds · Synced")
        XCTAssertTrue(AccountsPage.subtitle(accounts[1]).hasSuffix("Needs sign-in: the server refused the password"))
        let fever = SyncAccount(id: 4, service: .fever, address: server, userName: "cy", state: .ok, feedCount: 3)
        XCTAssertTrue(AccountsPage.subtitle(fever).hasSuffix("\nFeeds are added, removed, renamed and moved on the server: the Fever API cannot"),
                      "why its feeds' menus offer less")
        var synced = accounts[0]
        synced.lastSync = Date(timeIntervalSince1970: 1_800_000_000)
        XCTAssertTrue(AccountsPage.subtitle(synced, locale: Locale(identifier: "ja"), timeZone: TimeZone(identifier: "UTC")!).hasSuffix("2027年1月15日 8:00"),
                      "the date in the user's language, as the rest of the page")
        page.prepareSignIn(accounts[1])

        XCTAssertEqual(text(page.addressRow), server.absoluteString)
        XCTAssertEqual(text(page.userRow), "bob")
        XCTAssertTrue(MainContext.iterate(until: { gtk_widget_has_focus(page.passwordRow) != 0 || gtk_widget_is_focus(page.passwordRow) != 0 || self.focusIsWithin(page.passwordRow) }, timeoutSeconds: 5))
    }

    @MainActor func test_signIn_asksWhatIsMissing_thenAddsWhatWasTyped_andSaysWhyItWasRefused() async throws {
        try GtkDisplay.require()
        var asked: [(SyncServiceKind, URL, String, String)] = []
        var answer: (@MainActor (String?) -> Void)?
        let (preferences, page) = make(accounts: { [] }, add: { service, address, user, password, done in
            asked.append((service, address, user, password))
            answer = done
        })
        defer { gtk_window_destroy(itemfeed_window(preferences.window)) }

        gtk_editable_set_text(itemfeed_editable(page.addressRow), "rss.example")
        page.signIn()
        XCTAssertEqual(statusText(page), "The server's address starts with https:// (or http://).")
        gtk_editable_set_text(itemfeed_editable(page.addressRow), server.absoluteString)
        page.signIn()
        XCTAssertEqual(statusText(page), "The user name and the password are both needed.")
        XCTAssertTrue(asked.isEmpty)

        gtk_editable_set_text(itemfeed_editable(page.userRow), "ann")
        gtk_editable_set_text(itemfeed_editable(page.passwordRow), "secret")
        page.signIn()
        XCTAssertEqual(asked.map(\.1), [server])
        XCTAssertEqual(asked.first?.2, "ann")
        XCTAssertEqual(asked.first?.3, "secret")
        XCTAssertEqual(gtk_widget_get_sensitive(page.signInButton), 0, "one sign-in at a time")
        answer?("The server refused the user name or password")
        XCTAssertEqual(statusText(page), "The server refused the user name or password")
        XCTAssertEqual(gtk_widget_has_css_class(page.status, "error"), 1)
        XCTAssertEqual(gtk_widget_get_sensitive(page.signInButton), 1)

        gtk_editable_set_text(itemfeed_editable(page.addressRow), "http://rss.example/api/greader.php")
        page.signIn()
        XCTAssertTrue(statusText(page).contains("not encrypted"), statusText(page))
        answer?(nil)
        XCTAssertEqual(text(page.passwordRow), "", "the password does not stay on screen")
        XCTAssertEqual(gtk_widget_has_css_class(page.status, "error"), 0)
    }

    @MainActor func test_theForm_saysWhereEachServicesAddressIs_asTheServiceIsChosen() async throws {
        try GtkDisplay.require()
        let (preferences, page) = make(accounts: { [] }, add: { _, _, _, _, _ in })
        defer { gtk_window_destroy(itemfeed_window(preferences.window)) }
        let hint = { String(cString: adw_preferences_group_get_description(itemfeed_adw_preferences_group(page.form))) }
        XCTAssertEqual(hint(), SyncServiceKind.googleReader.signInHint)

        for (index, service) in SyncServiceKind.allCases.enumerated() {
            adw_combo_row_set_selected(itemfeed_adw_combo_row(page.serviceRow), guint(index))
            XCTAssertEqual(hint(), service.signInHint)
        }
        XCTAssertTrue(SyncServiceKind.nextcloudNews.signInHint.contains("app password"))
        XCTAssertTrue(SyncServiceKind.fever.signInHint.contains("/api/fever.php"))
    }

    @MainActor func test_remove_isAskedFirst_andOnlyThenDone() async throws {
        try GtkDisplay.require()
        let account = SyncAccount(id: 2, service: .googleReader, address: server, userName: "ann")
        var removed: [SyncAccount.ID] = []
        let (preferences, page) = make(accounts: { [account] }, add: { _, _, _, _, _ in }, remove: { removed.append($0.id) })
        defer { gtk_window_destroy(itemfeed_window(preferences.window)) }

        page.confirmRemoving(account)
        let question = try XCTUnwrap(page.removing)
        adw_message_dialog_response(itemfeed_adw_message_dialog(question), "cancel")
        XCTAssertEqual(removed, [])

        page.confirmRemoving(account)
        adw_message_dialog_response(itemfeed_adw_message_dialog(try XCTUnwrap(page.removing)), "remove")
        XCTAssertEqual(removed, [2])
    }

    // MARK: Helpers

    @MainActor private func make(
        accounts: @escaping @MainActor () -> [SyncAccount],
        add: @escaping @MainActor (SyncServiceKind, URL, String, String, @escaping @MainActor (String?) -> Void) -> Void,
        remove: @escaping @MainActor (SyncAccount) -> Void = { _ in }
    ) -> (PreferencesWindow, AccountsPage) {
        let preferences = PreferencesWindow(parent: nil, choices: PreferencesWindow.Choices(
            retention: .month, interval: .hour, notifies: true, retentionChosen: { _ in }, intervalChosen: { _ in }, notifiesChosen: { _ in },
            accounts: AccountsPage.Choices(accounts: accounts, services: SyncServiceKind.allCases, add: add, remove: remove)
        ))
        preferences.present()
        preferences.showAccounts()
        return (preferences, preferences.accountsPage!)
    }

    @MainActor private func text(_ row: UnsafeMutablePointer<GtkWidget>) -> String {
        String(cString: gtk_editable_get_text(itemfeed_editable(row)))
    }

    @MainActor private func statusText(_ page: AccountsPage) -> String {
        String(cString: gtk_label_get_text(itemfeed_label(page.status)))
    }

    @MainActor private func focusIsWithin(_ widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
        guard let root = gtk_widget_get_root(widget), let focus = gtk_root_get_focus(root) else { return false }
        return focus == widget || gtk_widget_is_ancestor(focus, widget) != 0
    }
}

import CGtk
import Foundation
import GtkTestKit
import ItemFeed
import ItemFeedGLib
import ItemFeedSync
@testable import ItemFeedGtk
import ItemFeedTestSupport
import XCTest

/// Preferences → Accounts in a real window: the accounts with their state,
/// Add Account signing in before anything is kept, Remove asked first.
final class AccountsPageTests: AdwTestCase {
    private let server = URL(string: "https://rss.example/api/greader.php")!
    /// The services as they declare themselves, as the window gives them.
    private static let services = SyncServices.descriptions

    @MainActor func test_theAccountsAreListedWithTheirState_andSignInFillsTheFormForOneThatNeedsIt() async throws {
        try GtkDisplay.require()
        let accounts = [
            SyncAccount(id: 2, service: .googleReader, address: server, userName: "ann", state: .ok, feedCount: 12),
            SyncAccount(id: 3, service: .googleReader, address: server, userName: "bob", state: .needsSignIn),
        ]
        let preferences = make(accounts: { accounts }, add: { _, _, _, _, _ in })
        defer { gtk_window_destroy(itemfeed_window(preferences.window)) }

        XCTAssertEqual(AccountsPage.subtitle(accounts[0], service: Self.services.first(.googleReader)), "Google Reader API (FreshRSS, Miniflux…) · https://rss.example/api/greader.php · 12 feeds · Synced")
        XCTAssertTrue(AccountsPage.subtitle(accounts[1], service: Self.services.first(.googleReader)).hasSuffix("Needs sign-in: the server refused the password"))
        let fever = SyncAccount(id: 4, service: .fever, address: server, userName: "cy", state: .ok, feedCount: 3)
        XCTAssertTrue(AccountsPage.subtitle(fever, service: Self.services.first(.fever)).hasSuffix("\nFeeds are added, removed, renamed and moved on the server: the Fever API cannot"),
                      "why its feeds' menus offer less")
        var synced = accounts[0]
        synced.lastSync = Date(timeIntervalSince1970: 1_800_000_000)
        XCTAssertTrue(AccountsPage.subtitle(synced, service: Self.services.first(.googleReader), locale: Locale(identifier: "ja"), timeZone: TimeZone(identifier: "UTC")!).hasSuffix("2027年1月15日 8:00"),
                      "the date in the user's language, as the rest of the page")
        let form = ShownForm(preferences.window)
        let bob = try WidgetQuery(form.root).one("bob's account") { $0.isA(adw_action_row_get_type()) && $0.name == accounts[1].title }

        try User.click(WidgetQuery(bob).button("Sign In"))

        XCTAssertEqual(try form.field("Server Address").text, server.absoluteString)
        XCTAssertEqual(try form.field("User Name").text, "bob")
        XCTAssertTrue(MainContext.iterate(until: { (try? form.field("Password").containsFocus) == true }, timeoutSeconds: 5), "the password asked for")
    }

    @MainActor func test_signIn_asksWhatIsMissing_thenAddsWhatWasTyped_andSaysWhyItWasRefused() async throws {
        try GtkDisplay.require()
        var asked: [(SyncServiceKind, URL, String, String)] = []
        var answer: (@MainActor (String?) -> Void)?
        let preferences = make(accounts: { [] }, add: { service, address, user, password, done in
            asked.append((service, address, user, password))
            answer = done
        })
        defer { gtk_window_destroy(itemfeed_window(preferences.window)) }

        let form = ShownForm(preferences.window)
        let signIn = try WidgetQuery(form.root).button("Sign In")

        try form.type("rss.example", into: "Server Address")
        try User.click(signIn)
        XCTAssertEqual(form.status?.text, "The server's address starts with https:// (or http://).")
        try form.type(server.absoluteString, into: "Server Address")
        try User.click(signIn)
        XCTAssertEqual(form.status?.text, "The user name and the password are both needed.")
        XCTAssertTrue(asked.isEmpty)

        try form.type("ann", into: "User Name")
        try form.type("secret", into: "Password")
        try User.press("Return", in: form.field("Password"))
        XCTAssertEqual(asked.map(\.1), [server], "Enter in the password signs in")
        XCTAssertEqual(asked.first?.2, "ann")
        XCTAssertEqual(asked.first?.3, "secret")
        XCTAssertFalse(signIn.isSensitive, "one sign-in at a time")
        answer?("The server refused the user name or password")
        XCTAssertEqual(form.status?.text, "The server refused the user name or password")
        XCTAssertEqual(form.status?.cssClasses.contains("error"), true)
        XCTAssertTrue(signIn.isSensitive)

        try form.type("http://rss.example/api/greader.php", into: "Server Address")
        try User.click(signIn)
        XCTAssertTrue(form.status?.text?.contains("not encrypted") == true, form.status?.text ?? "no status")
        answer?(nil)
        XCTAssertEqual(try form.field("Password").text, "", "the password does not stay on screen")
        XCTAssertEqual(form.status?.cssClasses.contains("error"), false)
    }

    @MainActor func test_theForm_saysWhereEachServicesAddressIs_asTheServiceIsChosen() async throws {
        try GtkDisplay.require()
        let preferences = make(accounts: { [] }, add: { _, _, _, _, _ in })
        defer { gtk_window_destroy(itemfeed_window(preferences.window)) }
        let form = ShownForm(preferences.window)
        let hint = { (text: String) in WidgetQuery(form.root).all { $0.isA(gtk_label_get_type()) && $0.text == text } }
        XCTAssertEqual(hint(try XCTUnwrap(Self.services.first(.googleReader)).signInHint).count, 1)

        for service in Self.services {
            try form.choose(service.title, in: "Service")
            XCTAssertEqual(hint(service.signInHint).count, 1, "\(service.title)'s hint under Add Account")
        }
        XCTAssertTrue(try XCTUnwrap(Self.services.first(.nextcloudNews)).signInHint.contains("app password"))
        XCTAssertTrue(try XCTUnwrap(Self.services.first(.fever)).signInHint.contains("/api/fever.php"))
    }

    @MainActor func test_remove_isAskedFirst_andOnlyThenDone() async throws {
        try GtkDisplay.require()
        let account = SyncAccount(id: 2, service: .googleReader, address: server, userName: "ann")
        var removed: [SyncAccount.ID] = []
        let preferences = make(accounts: { [account] }, add: { _, _, _, _, _ in }, remove: { removed.append($0.id) })
        defer { gtk_window_destroy(itemfeed_window(preferences.window)) }
        let removeButton = try WidgetQuery(Widget(preferences.window)).button("Remove the account \(account.title)")
        let question = { try Windows.one("the question") { $0.role == .dialog && $0.name == "Remove \(account.title)?" } }

        try User.click(removeButton)
        try User.click(WidgetQuery(question()).button("Cancel"))
        XCTAssertEqual(removed, [])

        try User.click(removeButton)
        try User.click(WidgetQuery(question()).button("Remove"))
        XCTAssertEqual(removed, [2])
    }

    // MARK: Helpers

    @MainActor private func make(
        accounts: @escaping @MainActor () -> [SyncAccount],
        add: @escaping @MainActor (SyncServiceKind, URL, String, String, @escaping @MainActor (String?) -> Void) -> Void,
        remove: @escaping @MainActor (SyncAccount) -> Void = { _ in }
    ) -> PreferencesWindow {
        let preferences = PreferencesWindow(parent: nil, choices: PreferencesWindow.Choices(
            retention: .month, interval: .hour, notifies: true, retentionChosen: { _ in }, intervalChosen: { _ in }, notifiesChosen: { _ in },
            accounts: AccountsPage.Choices(accounts: accounts, services: Self.services, add: add, remove: remove)
        ))
        preferences.present()
        preferences.showAccounts()
        return preferences
    }
}

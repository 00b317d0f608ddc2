import Foundation
import ItemFeed
import ItemFeedCommandLine
import ItemFeedGtk
import ItemFeedLibrary
import ItemFeedSync

/// Preferences → Accounts, as the library window answers it.
extension LibraryCommands {
    /// The page's choices.
    func accountChoices() -> AccountsPage.Choices {
        AccountsPage.Choices(
            accounts: { [store] in (try? store.accounts()) ?? [] },
            services: SyncServices.descriptions,
            add: { [weak self] service, address, user, password, done in
                self?.addAccount(service, address: address, user: user, password: password, done: done)
            },
            remove: { [weak self] account in self?.removeAccount(account) }
        )
    }

    /// Signs in; once kept, the sidebar shows it and its first sync starts.
    private func addAccount(_ service: SyncServiceKind, address: URL, user: String, password: String, done: @escaping @MainActor (String?) -> Void) {
        accountWork.add(service, address: address, userName: user, secret: password) { [weak self] result in
            switch result {
            case .success:
                _ = self?.session.refresher.refresh(.all) {}
                done(nil)
            case let .failure(error):
                done(error.explanation)
            }
        }
    }

    private func removeAccount(_ account: SyncAccount) {
        accountWork.remove(account) { [weak self] result in
            guard let self else { return }
            if case let .failure(error) = result { shown?.notify(error) }
            // Its view was open: the list shows All instead.
            if !sidebar.showsARowsView { sidebar.select(at: sidebar.selectedIndex) }
            shown?.notify(tr("Removed the account {account}", ["account": account.title]))
        }
    }
}

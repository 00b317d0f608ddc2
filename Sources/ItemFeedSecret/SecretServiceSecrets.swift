internal import CSecret
import Foundation
import ItemFeed

/// Accounts' secrets in the Secret Service through libsecret (inside a
/// Flatpak, libsecret goes through the Secret portal by itself). An
/// account's secret is found by its server, user and the library it
/// belongs to, so two libraries (a test's, the user's) never share one.
/// Calls block on D-Bus: made off the UI thread, or by the command line.
public final class SecretServiceSecrets: AccountSecrets, Sendable {
    private let library: String

    /// `library`: the library file's path.
    public init(library: URL) {
        self.library = library.standardizedFileURL.path
    }

    public func store(_ secret: String, _ kind: AccountSecretKind, for account: SyncAccount) throws {
        let label = kind == .password
            ? tr("ItemFeed: {account}", ["account": account.title])
            : tr("ItemFeed: {account}'s session", ["account": account.title])
        try call { error in
            itemfeed_secret_store(account.address.absoluteString, account.userName, library, kind.rawValue, label, secret, &error) != 0
        }
    }

    public func secret(_ kind: AccountSecretKind, for account: SyncAccount) throws -> String? {
        var found: String?
        try call { error in
            guard let secret = itemfeed_secret_lookup(account.address.absoluteString, account.userName, library, kind.rawValue, &error) else {
                return error == nil
            }
            found = String(cString: secret)
            secret_password_free(secret)
            return true
        }
        return found
    }

    public func remove(for account: SyncAccount) throws {
        // `false` with no error: there was nothing to remove.
        try call { error in itemfeed_secret_clear(account.address.absoluteString, account.userName, library, &error) != 0 || error == nil }
    }

    private func call(_ body: (inout UnsafeMutablePointer<GError>?) -> Bool) throws {
        var error: UnsafeMutablePointer<GError>?
        guard !body(&error) else { return }
        let reason = error.map { String(cString: $0.pointee.message) } ?? tr("the keyring refused")
        if let error { g_error_free(error) }
        throw AccountSecretsError.unavailable(reason: reason)
    }
}

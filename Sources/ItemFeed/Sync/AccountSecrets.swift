import Foundation

/// Where an account's password (or the token it was exchanged for) is
/// kept: the desktop's Secret Service, never the library file.
public protocol AccountSecrets: AnyObject, Sendable {
    func store(_ secret: String, for account: SyncAccount) throws
    /// `nil`: none kept (removed, or kept by another computer's keyring).
    func secret(for account: SyncAccount) throws -> String?
    func remove(for account: SyncAccount) throws
}

public enum AccountSecretsError: Error, Equatable, LocalizedError {
    /// No Secret Service answers (no keyring running, or it is locked and
    /// the user declined to unlock it).
    case unavailable(reason: String)

    public var errorDescription: String? {
        switch self {
        case let .unavailable(reason):
            return tr("Passwords are kept in the desktop's keyring (a Secret Service such as GNOME Keyring), which could not be used: {reason}", ["reason": reason])
        }
    }
}

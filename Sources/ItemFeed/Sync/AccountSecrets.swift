import Foundation

/// Where an account's password, and the session token the server gave for
/// it, are kept: the desktop's Secret Service, never the library file.
public protocol AccountSecrets: AnyObject, Sendable {
    func store(_ secret: String, _ kind: AccountSecretKind, for account: SyncAccount) throws
    /// `nil`: none kept (removed, or kept by another computer's keyring).
    func secret(_ kind: AccountSecretKind, for account: SyncAccount) throws -> String?
    /// Every secret of the account.
    func remove(for account: SyncAccount) throws
}

public enum AccountSecretKind: String, Sendable {
    case password
    /// What the server answered a log-in with: the next process asks with
    /// it instead of logging in again.
    case session
}

/// What a service signs in with: the password, and the session a previous
/// log-in left, told when the service has a new one.
public struct AccountCredentials: Sendable {
    public var password: String
    public var session: String?
    public var sessionChanged: @Sendable (String) -> Void

    public init(password: String, session: String? = nil, sessionChanged: @escaping @Sendable (String) -> Void = { _ in }) {
        (self.password, self.session, self.sessionChanged) = (password, session, sessionChanged)
    }
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

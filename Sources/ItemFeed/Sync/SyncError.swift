import Foundation

/// Why a sync round stopped; what the account's state then says.
public enum SyncError: Error, Equatable, LocalizedError {
    /// The server refused the user name or password (or the token it was
    /// exchanged for): no retry until the user signs in again.
    case needsSignIn
    /// The server could not be reached, or answered an error (5xx, 4xx):
    /// tried again later.
    case unreachable(reason: String)
    /// The answer was not what the API promises: nothing was changed.
    case malformed(reason: String)
    /// The server refused one request (a feed it cannot subscribe to).
    case refused(reason: String)
    /// The account has no secret kept: it needs signing in.
    case noSecret
    case cancelled
    /// The library names a service this build does not speak (kept by a
    /// newer ItemFeed).
    case unknownService(String)

    public var errorDescription: String? {
        switch self {
        case .needsSignIn: return tr("The server refused the user name or password")
        case let .unreachable(reason): return tr("The server could not be reached: {reason}", ["reason": reason])
        case let .malformed(reason): return tr("The server's answer could not be read: {reason}", ["reason": reason])
        case let .refused(reason): return reason
        case .noSecret: return tr("No password is kept for this account")
        case .cancelled: return tr("The sync was stopped")
        case let .unknownService(name): return tr("This version of ItemFeed cannot sync with “{service}” accounts", ["service": name])
        }
    }
}

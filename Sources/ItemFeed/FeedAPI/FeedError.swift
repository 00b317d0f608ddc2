import Foundation

/// Why a feed could not be shown, in words a user can act on.
public enum FeedError: Error, Equatable, LocalizedError {
    /// Neither the feed nor its fallback had a single item.
    case noItems

    public var errorDescription: String? {
        switch self {
        case .noItems: return tr("The feed has no items.")
        }
    }
}

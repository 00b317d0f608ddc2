import Foundation

extension Error {
    /// What the user is told of it: its own description where it has one
    /// (every error of ItemFeed's does, in the user's language).
    public var explanation: String {
        (self as? LocalizedError)?.errorDescription ?? "\(self)"
    }
}

import ItemFeed

/// A request in a server's session, asked once more after logging in again
/// when the server says the session is gone (Google Reader's Auth and
/// write token, Tiny Tiny RSS's session id); refused again, the account
/// needs the user to sign in.
enum SignedIn {
    /// `attempt` answers `nil` when the server refused the session.
    static func retrying<Answer>(logIn: () throws -> Void, _ attempt: () throws -> Answer?) throws -> Answer {
        if let answer = try attempt() { return answer }
        try logIn()
        if let answer = try attempt() { return answer }
        throw SyncError.needsSignIn
    }
}

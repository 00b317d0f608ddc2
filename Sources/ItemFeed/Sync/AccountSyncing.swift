import Foundation

/// What a library refresh asks of the accounts: a sync round of each that
/// can be synced now, answered on the UI thread with why any failed.
@MainActor
public protocol AccountSyncing: AnyObject {
    /// `asker`: the refresh interval skips an account whose server failed
    /// until its wait is over; the user's own refresh asks it anyway.
    /// `only`: that account alone (F5 in one of its views); `nil`: all.
    /// Answers its Stop; stopped, the completion still comes, once the
    /// round has ended, and names no problem of the stop.
    @discardableResult
    func sync(only: SyncAccount.ID?, askedBy asker: RefreshPoliteness.Asker, completion: @escaping (_ problems: [String]) -> Void) -> SyncStop
}

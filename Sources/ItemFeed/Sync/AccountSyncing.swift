import Foundation

/// What a library refresh asks of the accounts: a sync round of each that
/// can be synced now, answered on the UI thread with why any failed.
@MainActor
public protocol AccountSyncing: AnyObject {
    func syncAll(completion: @escaping (_ problems: [String]) -> Void)
}

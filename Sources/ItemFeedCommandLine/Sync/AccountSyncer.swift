import Foundation
import ItemFeed

/// The window's accounts synced with its refreshes: every account but
/// those waiting for the user to sign in again (asking again would only be
/// refused again).
@MainActor
public final class AccountSyncer: AccountSyncing {
    private let store: AccountStore
    private let work: AccountWork

    public init(store: AccountStore, work: AccountWork) {
        self.store = store
        self.work = work
    }

    public func syncAll(completion: @escaping ([String]) -> Void) {
        let accounts = ((try? store.accounts()) ?? []).filter { $0.state != .needsSignIn }
        guard !accounts.isEmpty else { return completion([]) }
        work.sync(accounts) { outcome in
            switch outcome {
            case let .success(outcomes):
                completion(outcomes.compactMap { outcome in
                    guard case let .failure(error) = outcome.result else { return nil }
                    return tr("{account}: {reason}", ["account": outcome.account.title, "reason": AccountWork.reason(error)])
                })
            case let .failure(error):
                completion([AccountWork.reason(error)])
            }
        }
    }
}

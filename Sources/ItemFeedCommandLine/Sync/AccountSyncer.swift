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
                completion(outcomes.flatMap { outcome -> [String] in
                    let reasons: [String] = switch outcome.result {
                    case let .success(summary): summary.refused
                    case let .failure(error): [AccountWork.reason(error)]
                    }
                    return reasons.map { tr("{account}: {reason}", ["account": outcome.account.title, "reason": $0]) }
                })
            case let .failure(error):
                completion([AccountWork.reason(error)])
            }
        }
    }
}

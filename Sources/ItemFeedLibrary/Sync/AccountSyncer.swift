import Foundation
import ItemFeed

/// The window's accounts synced with its refreshes: every account but
/// those waiting for the user to sign in again (asking again would only be
/// refused again), and on the interval those whose server failed, until
/// their wait is over.
@MainActor
public final class AccountSyncer: AccountSyncing {
    private let store: AccountStore
    private let work: AccountWork
    private let now: () -> Date

    public init(store: AccountStore, work: AccountWork, now: @escaping () -> Date = Date.init) {
        self.store = store
        self.work = work
        self.now = now
    }

    public func sync(only: SyncAccount.ID?, askedBy asker: RefreshPoliteness.Asker, completion: @escaping ([String]) -> Void) -> SyncStop {
        let stop = SyncStop()
        let date = now()
        let accounts = ((try? store.accounts()) ?? []).filter { account in
            (only.map { $0 == account.id } ?? true) && (asker == .schedule ? account.isDue(at: date) : account.state != .needsSignIn)
        }
        guard !accounts.isEmpty else {
            completion([])
            return stop
        }
        work.sync(accounts, stop: stop) { outcome in
            switch outcome {
            case let .success(outcomes):
                completion(outcomes.flatMap { outcome -> [String] in
                    let reasons: [String] = switch outcome.result {
                    case let .success(summary): summary.refused
                    case .failure(SyncError.cancelled): []
                    case let .failure(error): [error.explanation]
                    }
                    return reasons.map { tr("{account}: {reason}", ["account": outcome.account.title, "reason": $0]) }
                })
            case let .failure(error):
                completion([error.explanation])
            }
        }
        return stop
    }
}

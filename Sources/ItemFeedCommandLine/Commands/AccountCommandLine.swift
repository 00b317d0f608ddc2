import Foundation
import ItemFeed
import ItemFeedGLib
import ItemFeedLibrary
import ItemFeedSync

/// `--add-account`, `--accounts`, `--sync` and `--remove-account` (SPEC 15):
/// the library read here, every change made by the accounts' own queue.
@MainActor
final class AccountCommandLine {
    let store: SyncStore
    /// Made when an account command runs: a library command needs no
    /// keyring and no second libcurl session.
    private let makeWork: () -> AccountWork
    private lazy var work = makeWork()

    init(store: SyncStore, work: @escaping () -> AccountWork) {
        self.store = store
        makeWork = work
    }

    /// Logs in, then keeps the account and prints its id. The password
    /// comes from standard input, never from the arguments.
    func add(_ serviceName: String, address typed: String?, userName: String?) -> Int32 {
        let service = SyncServiceKind(rawValue: serviceName)
        guard SyncServices.descriptions.first(service) != nil else {
            let names = SyncServices.descriptions.map(\.kind.rawValue).joined(separator: ", ")
            say(tr("item-feed: --add-account takes one of {services}, not “{service}”", ["services": names, "service": serviceName]))
            return 2
        }
        guard let typed, let address = URL(string: typed), let scheme = address.scheme?.lowercased(), ["http", "https"].contains(scheme),
              let host = address.host, !host.isEmpty
        else {
            say(tr("item-feed: --add-account needs the server's address (https://…) after the service"))
            return 2
        }
        guard let userName, !userName.isEmpty else {
            say(tr("item-feed: --add-account needs --user NAME"))
            return 2
        }
        if scheme == "http", !Self.isLoopback(host) {
            say(tr("item-feed: warning: {address} is not encrypted (http:), so the password crosses the network readable", ["address": typed]))
        }
        guard let password = Self.readPassword(), !password.isEmpty else {
            say(tr("item-feed: the password is read from standard input, one line; none was given"))
            return 2
        }
        switch LibraryCommandLine.wait({ work.add(service, address: address, userName: userName, secret: password, completion: $0) }) {
        case let .success(account)?:
            output(String(account.id))
            return 0
        case let .failure(error)?:
            return FeedPrinter.fail(tr("item-feed: the account was not added: {reason}", ["reason": error.explanation]))
        case nil:
            return FeedPrinter.fail(tr("item-feed: the account was not added: {reason}", ["reason": tr("it did not answer in time")]))
        }
    }

    /// One line each: id, service, address, user, feeds, unread, state,
    /// last sync (ISO 8601, or - before the first).
    func list() -> Int32 {
        do {
            for account in try store.accounts() {
                output([
                    String(account.id), account.service.rawValue, account.address.absoluteString, account.userName,
                    String(account.feedCount), String(account.counts.unread), account.state.commandLineText,
                    account.lastSync.map { Date.ISO8601FormatStyle().format($0) } ?? "-",
                ].joined(separator: "\t"))
            }
            return 0
        } catch {
            return FeedPrinter.fail(tr("item-feed: cannot read the library: {reason}", ["reason": error.explanation]))
        }
    }

    /// Every account, or those named; a line each and a total. Non-zero
    /// when one failed, with why on standard error.
    func sync(_ named: [String]) -> Int32 {
        guard let accounts = chosen(named) else { return 2 }
        guard let outcome = LibraryCommandLine.wait({ work.sync(accounts, completion: $0) }) else {
            return FeedPrinter.fail(tr("item-feed: the sync did not finish in time"))
        }
        let outcomes: [AccountWork.Outcome]
        switch outcome {
        case let .success(value): outcomes = value
        case let .failure(error): return FeedPrinter.fail(tr("item-feed: cannot sync: {reason}", ["reason": error.explanation]))
        }
        var added = 0, failed = 0
        for outcome in outcomes {
            switch outcome.result {
            case let .success(summary):
                added += summary.newItems
                for reason in summary.refused { say(tr("item-feed: {account}: {reason}", ["account": outcome.account.title, "reason": reason])) }
                output([String(outcome.account.id), outcome.account.title, String(summary.newItems), "ok"].joined(separator: "\t"))
            case let .failure(error):
                failed += 1
                let state = (error as? SyncError).map { $0 == .needsSignIn || $0 == .noSecret } == true ? "needs sign-in" : "error"
                output([String(outcome.account.id), outcome.account.title, "0", state].joined(separator: "\t"))
                say(tr("item-feed: {account}: {reason}", ["account": outcome.account.title, "reason": error.explanation]))
            }
        }
        output(trPlural(
            "Synced {accounts} account: {added} new items, {failed} failed", "Synced {accounts} accounts: {added} new items, {failed} failed",
            outcomes.count, ["accounts": String(outcomes.count), "added": String(added), "failed": String(failed)]
        ))
        return failed > 0 ? 1 : 0
    }

    /// `--subscribe URL --account ACCOUNT`: the server subscribes and the
    /// account is synced, so the feed's items are here at once.
    func subscribe(_ typed: String, in named: String) -> Int32 {
        guard let account = chosen([named])?.first else { return 2 }
        guard let address = URL(string: typed), ["http", "https"].contains(address.scheme?.lowercased()), address.host?.isEmpty == false else {
            say(tr("item-feed: an account's server subscribes to web addresses (https://…), not “{address}”", ["address": typed]))
            return 2
        }
        switch LibraryCommandLine.wait({ work.subscribe(address, in: account, completion: $0) }) {
        case let .success((feed, summary))?:
            output(trPlural(
                "Subscribed to {title} on {account}: {count} new item", "Subscribed to {title} on {account}: {count} new items", summary.newItems,
                ["title": feed.title, "account": account.title, "count": String(summary.newItems)]
            ))
            return 0
        case let .failure(error)?:
            return FeedPrinter.fail(tr("item-feed: could not subscribe to {address}: {reason}", ["address": typed, "reason": error.explanation]))
        case nil:
            return FeedPrinter.fail(tr("item-feed: the sync did not finish in time"))
        }
    }

    /// The account, its items and its kept password; nothing on the server.
    func remove(_ typed: String) -> Int32 {
        guard let account = chosen([typed])?.first else { return 2 }
        switch LibraryCommandLine.wait({ work.remove(account, completion: $0) }) {
        case .success?:
            output(tr("Removed the account {account}", ["account": account.title]))
            return 0
        case let .failure(error)?:
            return FeedPrinter.fail(tr("item-feed: the account was not removed: {reason}", ["reason": error.explanation]))
        case nil:
            return FeedPrinter.fail(tr("item-feed: the account was not removed: {reason}", ["reason": tr("it did not answer in time")]))
        }
    }

    /// The accounts named by id (all when none is), or `nil` after saying
    /// which is unknown.
    private func chosen(_ named: [String]) -> [SyncAccount]? {
        let accounts: [SyncAccount]
        do { accounts = try store.accounts() } catch {
            say(tr("item-feed: cannot read the library: {reason}", ["reason": error.explanation]))
            return nil
        }
        guard !named.isEmpty else { return accounts }
        var chosen: [SyncAccount] = []
        for name in named {
            guard let account = accounts.first(where: { String($0.id) == name }) else {
                say(tr("item-feed: there is no account {account} (--accounts lists them)", ["account": name]))
                return nil
            }
            chosen.append(account)
        }
        return chosen
    }

    private static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host.hasPrefix("127.") || host == "::1" || host == "[::1]"
    }

    /// One line of standard input; typed at a terminal, without echo.
    private static func readPassword() -> String? {
        guard isatty(STDIN_FILENO) == 1 else { return readLine(strippingNewline: true) }
        FileHandle.standardError.write(Data(tr("Password: ").utf8))
        var original = termios()
        tcgetattr(STDIN_FILENO, &original)
        var silent = original
        silent.c_lflag &= ~tcflag_t(ECHO)
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &silent)
        defer {
            tcsetattr(STDIN_FILENO, TCSAFLUSH, &original)
            FileHandle.standardError.write(Data("\n".utf8))
        }
        return readLine(strippingNewline: true)
    }
}

import Foundation
import ItemFeed
import ItemFeedGLib
import ItemFeedLibrary
import ItemFeedStore
import ItemFeedXML

/// The library with no window (SPEC 11's command line), for scripts and
/// timers: it reads the same store the window uses, and every change goes
/// through the same account the window's do.
/// Exits 0, 1 when a command failed, 2 for an address or item that cannot be used.
@MainActor
struct LibraryCommandLine {
    /// Read here; written only through `account`.
    let store: LibraryStore
    let account: Account
    /// Where the account writes: on a queue of its own, as the window's.
    let writer: LibraryWriter
    let accounts: AccountCommandLine

    /// libcurl's own limits end a transfer long before this; it only guards
    /// against a bug leaving the loop spinning.
    private static let timeoutSeconds = 300.0

    func run(_ options: LibraryOptions) -> Int32 {
        var status: Int32 = 0
        if let add = options.addAccount { status = max(status, accounts.add(add.service, address: add.address, userName: add.userName)) }
        if let file = options.importOPML { status = max(status, importOPML(file)) }
        if let address = options.subscribe {
            status = max(status, options.account.map { accounts.subscribe(address, in: $0) } ?? subscribe(address))
        }
        if let address = options.unsubscribe { status = max(status, unsubscribe(address)) }
        let rules = RuleCommandLine(store: store, writer: writer)
        if let rule = options.addRule { status = max(status, rules.add(rule)) }
        if let id = options.removeRule { status = max(status, rules.remove(id)) }
        if options.applyRules { status = max(status, rules.applyAll()) }
        if options.listRules { status = max(status, rules.list()) }
        if let marks = options.marks { status = max(status, mark(marks.change, marks.items, conflicting: options.conflictingMarks)) }
        if options.refresh { status = max(status, LibraryRefreshPrinter(store: store, account: account, writer: writer).run()) }
        if let named = options.sync { status = max(status, accounts.sync(named)) }
        if let account = options.removeAccount { status = max(status, accounts.remove(account)) }
        if let file = options.exportOPML { status = max(status, exportOPML(file)) }
        if options.subscriptions { status = max(status, listSubscriptions()) }
        if options.listAccounts { status = max(status, accounts.list()) }
        if options.printItems { status = max(status, printItems(unreadOnly: options.unreadOnly, search: options.search)) }
        return status
    }

    private func subscribe(_ typed: String) -> Int32 {
        guard case let .success(address) = FeedAddress.url(from: typed) else { return badAddress(typed) }
        guard let outcome = Self.wait({ account.subscribe(SubscribeRequest(address: address), completion: $0) }) else {
            return FeedPrinter.fail(tr("item-feed: timed out loading {address}", ["address": address.absoluteString]))
        }
        switch outcome {
        case let .failure(SubscribeError.unreadable(reason)):
            return FeedPrinter.fail(tr("item-feed: could not subscribe to {address}: {reason}", ["address": address.absoluteString, "reason": reason]))
        case let .failure(error):
            return FeedPrinter.fail(tr("item-feed: the library was not changed: {reason}", ["reason": error.explanation]))
        case let .success(subscribed):
            if let page = subscribed.page {
                say(tr("item-feed: {address} is a web page; subscribing to the feed it names first, {feed}", ["address": page.absoluteString, "feed": subscribed.address.absoluteString]))
            }
            guard let count = subscribed.added else {
                say(tr("item-feed: {address} is in the library already", ["address": subscribed.address.absoluteString]))
                return 0
            }
            output(trPlural("Subscribed to {title}: {count} item", "Subscribed to {title}: {count} items", count, ["title": subscribed.title, "count": String(count)]))
            return 0
        }
    }

    private func unsubscribe(_ typed: String) -> Int32 {
        guard case let .success(address) = FeedAddress.url(from: typed) else { return badAddress(typed) }
        return writing({ account.unsubscribe(address, completion: $0) }) { removed in
            guard removed != nil else {
                return FeedPrinter.fail(tr("item-feed: {address} is not in the library", ["address": address.absoluteString]))
            }
            output(tr("Unsubscribed from {address}", ["address": address.absoluteString]))
            return 0
        }
    }

    /// `--mark-read ITEM…` and its kin: ITEM is the first column `--print`
    /// prints for a library item (its key, kept as long as the item is).
    private func mark(_ change: LibraryOptions.MarkCommand, _ typed: [String], conflicting: Bool) -> Int32 {
        guard !conflicting else {
            say(tr("item-feed: one of --mark-read, --mark-unread, --star and --unstar at a time"))
            return 2
        }
        guard !typed.isEmpty else {
            say(tr("item-feed: name the items to mark: the first column of --print"))
            return 2
        }
        var keys: [LibraryItem.Key] = []
        for item in typed {
            guard let key = LibraryItem.Key(item), reading({ try store.contains(key) ? 0 : 1 }) == 0 else {
                say(tr("item-feed: there is no item {item} in the library (the first column of --print names one)", ["item": item]))
                return 2
            }
            keys.append(key)
        }
        let markChange: MarkChange = switch change {
        case .read: .read(true, keys)
        case .unread: .read(false, keys)
        case .star: .starred(true, keys)
        case .unstar: .starred(false, keys)
        }
        return writing({ account.mark(markChange, completion: $0) }) { marked in
            output(trPlural("Marked {count} item", "Marked {count} items", marked.count, ["count": String(marked.count)]))
            return 0
        }
    }

    private func importOPML(_ path: String) -> Int32 {
        let data: Data
        do {
            data = path == "-" ? FileHandle.standardInput.readDataToEndOfFile() : try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            return FeedPrinter.fail(tr("item-feed: cannot read {file}: {reason}", ["file": path, "reason": error.explanation]))
        }
        guard let outcome = Self.wait({ LibraryOPML.importFeeds(from: data, into: account, completion: $0) }) else {
            return FeedPrinter.fail(tr("item-feed: the library was not changed: {reason}", ["reason": tr("it did not answer in time")]))
        }
        switch outcome {
        case let .failure(error as OPMLError):
            return FeedPrinter.fail(tr("item-feed: {file}: {reason}", ["file": path, "reason": error.explanation]))
        case let .failure(error):
            return FeedPrinter.fail(tr("item-feed: the library was not changed: {reason}", ["reason": error.explanation]))
        case let .success(imported):
            output(trPlural(
                "Imported {count} feed ({present} in the library already)", "Imported {count} feeds ({present} in the library already)",
                imported.added, ["count": String(imported.added), "present": String(imported.present)]
            ))
            if imported.skipped > 0 {
                say(trPlural(
                    "item-feed: left out {count} outline whose address is not a web address", "item-feed: left out {count} outlines whose addresses are not web addresses",
                    imported.skipped, ["count": String(imported.skipped)]
                ))
            }
            return 0
        }
    }

    private func exportOPML(_ path: String) -> Int32 {
        do {
            let data = try LibraryOPML.export(store)
            if path == "-" {
                FileHandle.standardOutput.write(data)
            } else {
                // Written beside and renamed: an existing file is replaced whole or not at all.
                try data.write(to: URL(fileURLWithPath: path), options: .atomic)
            }
            return 0
        } catch {
            return FeedPrinter.fail(tr("item-feed: cannot write {file}: {reason}", ["file": path, "reason": error.explanation]))
        }
    }

    /// Every feed of the library: the local ones ("-" in the last column),
    /// then each account's, with the account's id (what `--account` takes).
    private func listSubscriptions() -> Int32 {
        reading {
            var lines = try store.subscriptions().map { subscription in
                [subscription.address.absoluteString, subscription.title, String(subscription.counts.unread),
                 String(subscription.counts.total), subscription.state.commandLineText, "-"]
            }
            for account in try accounts.store.accounts() {
                lines += try accounts.store.feeds(of: account.id).map { feed in
                    [feed.address.absoluteString, feed.title, String(feed.counts.unread), String(feed.counts.total), "ok", String(account.id)]
                }
            }
            FileHandle.standardOutput.write(Data(lines.map { $0.joined(separator: "\t") + "\n" }.joined().utf8))
            return 0
        }
    }

    /// A page at a time, so a big library is never in memory whole. The
    /// first column is the item's key in the library, which the marks take:
    /// two feeds may give their items the same id.
    private func printItems(unreadOnly: Bool, search: String?) -> Int32 {
        if let search {
            do { _ = try LibraryQuery.parse(search) } catch {
                say(tr("item-feed: cannot search “{query}”: {reason}", ["query": search, "reason": error.explanation]))
                return 2
            }
        }
        return reading {
            let view = LibraryView(unreadOnly ? .unread : .all, search: search)
            let pageSize = 1_000
            var start = 0
            while true {
                let page = try store.items(view, in: start..<start + pageSize)
                FileHandle.standardOutput.write(Data(FeedPrinter.lines(for: page.lazy.map { $0.item.identified(as: String($0.key)) }).utf8))
                guard page.count == pageSize else { return 0 }
                start += pageSize
            }
        }
    }

    /// Starts a change and runs the main loop until it is answered.
    static func wait<Value>(_ start: (@escaping (Result<Value, Error>) -> Void) -> Void) -> Result<Value, Error>? {
        var outcome: Result<Value, Error>?
        start { outcome = $0 }
        return MainContext.iterate(until: { outcome != nil }, timeoutSeconds: Self.timeoutSeconds) ? outcome : nil
    }

    /// A change through the account, then `done` with what it answered.
    private func writing<Value>(_ start: (@escaping (Result<Value, Error>) -> Void) -> Void, done: (Value) -> Int32) -> Int32 {
        switch Self.wait(start) {
        case let .success(value)?:
            return done(value)
        case let .failure(error)?:
            return FeedPrinter.fail(tr("item-feed: the library was not changed: {reason}", ["reason": error.explanation]))
        case nil:
            return FeedPrinter.fail(tr("item-feed: the library was not changed: {reason}", ["reason": tr("it did not answer in time")]))
        }
    }

    private func reading(_ body: () throws -> Int32) -> Int32 {
        do { return try body() } catch {
            return FeedPrinter.fail(tr("item-feed: cannot read the library: {reason}", ["reason": error.explanation]))
        }
    }

    private func badAddress(_ typed: String) -> Int32 {
        if case let .failure(problem) = FeedAddress.url(from: typed) {
            say(tr("item-feed: cannot open “{address}”: {reason}", ["address": typed, "reason": problem.localizedDescription]))
        }
        return 2
    }

}

/// Standard output, a line.
func output(_ line: String) { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }

extension SubscriptionState {
    /// As `--subscriptions` and `--refresh` print it.
    var commandLineText: String {
        switch self {
        case .new: return "new"
        case .ok: return "ok"
        case let .failed(reason): return "error: \(reason)"
        case .gone: return "gone"
        case let .deferred(until): return "deferred until \(Date.ISO8601FormatStyle().format(until))"
        }
    }
}

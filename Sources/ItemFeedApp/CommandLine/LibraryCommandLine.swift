import Foundation
import ItemFeed
import ItemFeedStore
import ItemFeedXML

/// The library with no window (SPEC 11's command line), for scripts and
/// timers: each command reads or writes the same store the window uses.
/// Exits 0, 1 when a command failed, 2 for an address that cannot be used.
@MainActor
struct LibraryCommandLine {
    let store: LibraryStore
    /// A loader for a feed's address, as the window's.
    let loader: (URL) -> ItemLoader
    /// A subscription's refresh, as the window's.
    let load: LibraryRefresh.Load
    /// Where a refresh writes: on a queue of its own, as the window's.
    let writer: LibraryWriter

    func run(_ options: LibraryOptions) -> Int32 {
        var status: Int32 = 0
        if let file = options.importOPML { status = max(status, importOPML(file)) }
        if let address = options.subscribe { status = max(status, subscribe(address)) }
        if let address = options.unsubscribe { status = max(status, unsubscribe(address)) }
        if options.refresh { status = max(status, LibraryRefreshPrinter(store: store, load: load, writer: writer).run()) }
        if let file = options.exportOPML { status = max(status, exportOPML(file)) }
        if options.subscriptions { status = max(status, listSubscriptions()) }
        if options.printItems { status = max(status, printItems(unreadOnly: options.unreadOnly)) }
        return status
    }

    private func subscribe(_ typed: String) -> Int32 {
        guard case let .success(address) = FeedAddress.url(from: typed) else { return badAddress(typed) }
        var feedURL = address
        var outcome = FeedPrinter.load(feedURL, loader: loader)
        if case let .failure(RemoteLoadError.pageNamesFeeds(links))? = outcome {
            feedURL = links[0].url
            say(tr("item-feed: {address} is a web page; subscribing to the feed it names first, {feed}", ["address": address.absoluteString, "feed": feedURL.absoluteString]))
            outcome = FeedPrinter.load(feedURL, loader: loader)
        }
        switch outcome {
        case nil:
            return FeedPrinter.fail(tr("item-feed: timed out loading {address}", ["address": feedURL.absoluteString]))
        case let .failure(error)?:
            return FeedPrinter.fail(tr("item-feed: could not subscribe to {address}: {reason}", ["address": feedURL.absoluteString, "reason": Self.reason(error)]))
        case let .success(feed)?:
            let title = feed.title ?? FeedAddress.displayName(of: feedURL)
            return writing {
                guard try store.subscribe(Subscription(address: feedURL, title: title)) else {
                    say(tr("item-feed: {address} is in the library already", ["address": feedURL.absoluteString]))
                    return 0
                }
                let added = try store.apply([FeedRefresh(address: feedURL, outcome: .loaded(title: feed.title, siteLink: nil, items: feed.items), date: Date())])
                let count = added[feedURL] ?? 0
                output(trPlural("Subscribed to {title}: {count} item", "Subscribed to {title}: {count} items", count, ["title": title, "count": String(count)]))
                return 0
            }
        }
    }

    private func unsubscribe(_ typed: String) -> Int32 {
        guard case let .success(address) = FeedAddress.url(from: typed) else { return badAddress(typed) }
        return writing {
            guard try store.unsubscribe(address) else {
                return FeedPrinter.fail(tr("item-feed: {address} is not in the library", ["address": address.absoluteString]))
            }
            output(tr("Unsubscribed from {address}", ["address": address.absoluteString]))
            return 0
        }
    }

    private func importOPML(_ path: String) -> Int32 {
        let data: Data
        do {
            data = path == "-" ? FileHandle.standardInput.readDataToEndOfFile() : try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            return FeedPrinter.fail(tr("item-feed: cannot read {file}: {reason}", ["file": path, "reason": Self.reason(error)]))
        }
        return writing {
            let imported: LibraryOPML.Imported
            do {
                imported = try LibraryOPML.importFeeds(from: data, into: store)
            } catch let error as OPMLError {
                return FeedPrinter.fail(tr("item-feed: {file}: {reason}", ["file": path, "reason": Self.reason(error)]))
            }
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
            return FeedPrinter.fail(tr("item-feed: cannot write {file}: {reason}", ["file": path, "reason": Self.reason(error)]))
        }
    }

    private func listSubscriptions() -> Int32 {
        reading {
            let lines = try store.subscriptions().map { subscription in
                [subscription.address.absoluteString, subscription.title, String(subscription.counts.unread),
                 String(subscription.counts.total), subscription.state.commandLineText].joined(separator: "\t") + "\n"
            }
            FileHandle.standardOutput.write(Data(lines.joined().utf8))
            return 0
        }
    }

    /// A page at a time, so a big library is never in memory whole.
    private func printItems(unreadOnly: Bool) -> Int32 {
        reading {
            let view = unreadOnly ? LibraryView.unread : .all
            let pageSize = 1_000
            var start = 0
            while true {
                let page = try store.items(view, in: start..<start + pageSize)
                FileHandle.standardOutput.write(Data(FeedPrinter.lines(for: page.lazy.map(\.item)).utf8))
                guard page.count == pageSize else { return 0 }
                start += pageSize
            }
        }
    }

    private func writing(_ body: () throws -> Int32) -> Int32 {
        do { return try body() } catch {
            return FeedPrinter.fail(tr("item-feed: the library was not changed: {reason}", ["reason": Self.reason(error)]))
        }
    }

    private func reading(_ body: () throws -> Int32) -> Int32 {
        do { return try body() } catch {
            return FeedPrinter.fail(tr("item-feed: cannot read the library: {reason}", ["reason": Self.reason(error)]))
        }
    }

    private func badAddress(_ typed: String) -> Int32 {
        if case let .failure(problem) = FeedAddress.url(from: typed) {
            say(tr("item-feed: cannot open “{address}”: {reason}", ["address": typed, "reason": problem.localizedDescription]))
        }
        return 2
    }

    static func reason(_ error: Error) -> String {
        (error as? LocalizedError)?.errorDescription ?? "\(error)"
    }
}

/// Standard output, a line.
func output(_ line: String) { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }
/// Standard error, a line.
func say(_ line: String) { FileHandle.standardError.write(Data((line + "\n").utf8)) }

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

import Foundation
import ItemFeed
import ItemFeedLibrary

/// `--add-rule QUERY ACTION` (narrowed by `--feed URL` or `--folder NAME`),
/// `--rules`, `--remove-rule ID` and `--apply-rules` (SPEC 17): every
/// change written through the library's writer, as the window's are.
@MainActor
struct RuleCommandLine {
    let store: LibraryStore
    let writer: LibraryWriter

    /// What a rule is asked to do, as typed.
    struct Request {
        var query: String
        var action: String?
        var feed: String?
        var folder: String?
    }

    func add(_ request: Request) -> Int32 {
        guard let typed = request.action, let action = Rule.Action(rawValue: typed.lowercased()) else {
            say(tr("item-feed: --add-rule QUERY takes an action after it: read, star, hide or notify"))
            return 2
        }
        let scope: LibraryView.Scope
        switch (request.feed, request.folder) {
        case (nil, nil): scope = .all
        case let (nil, folder?): scope = .folder(folder)
        case let (feed?, nil):
            guard case let .success(address) = FeedAddress.url(from: feed) else {
                say(tr("item-feed: cannot open “{address}”", ["address": feed]))
                return 2
            }
            scope = .feed(address)
        case (.some, .some):
            say(tr("item-feed: a rule applies to a feed or a folder, not both"))
            return 2
        }
        let query = request.query
        switch LibraryCommandLine.wait({ writer.write({ try $0.addRule(query: query, action: action, scope: scope) }, completion: $0) }) {
        case let .success(id)?:
            print(tr("Added rule {id}", ["id": String(id)]))
            return 0
        case let .failure(error)?:
            say(tr("item-feed: the rule was not added: {reason}", ["reason": error.explanation]))
            return 2
        case nil:
            return FeedPrinter.fail(tr("item-feed: the library did not answer"))
        }
    }

    /// One line a rule: its id, action, where it applies, its query.
    func list() -> Int32 {
        do {
            for rule in try store.rules() {
                print([String(rule.id), rule.action.rawValue, Self.describe(rule.scope), rule.query].joined(separator: "\t"))
            }
            return 0
        } catch {
            return FeedPrinter.fail(tr("item-feed: cannot read the library: {reason}", ["reason": error.explanation]))
        }
    }

    func remove(_ typed: String) -> Int32 {
        guard let id = Rule.ID(typed) else {
            say(tr("item-feed: there is no rule {id} (see --rules)", ["id": typed]))
            return 2
        }
        switch LibraryCommandLine.wait({ writer.write({ try $0.removeRule(id) }, completion: $0) }) {
        case .success(true)?:
            print(tr("Removed rule {id}", ["id": typed]))
            return 0
        case .success(false)?:
            say(tr("item-feed: there is no rule {id} (see --rules)", ["id": typed]))
            return 2
        case let .failure(error)?:
            return FeedPrinter.fail(tr("item-feed: the library was not changed: {reason}", ["reason": error.explanation]))
        case nil:
            return FeedPrinter.fail(tr("item-feed: the library did not answer"))
        }
    }

    /// Every rule on the items already there, one line each: how many it changed.
    func applyAll() -> Int32 {
        switch LibraryCommandLine.wait({ writer.write({ store in try store.rules().map { ($0.id, try store.apply($0).changed.count) } }, completion: $0) }) {
        case let .success(applied)?:
            for (id, count) in applied {
                print(trPlural("Rule {id}: {count} item", "Rule {id}: {count} items", count, ["id": String(id), "count": String(count)]))
            }
            return 0
        case let .failure(error)?:
            return FeedPrinter.fail(tr("item-feed: the library was not changed: {reason}", ["reason": error.explanation]))
        case nil:
            return FeedPrinter.fail(tr("item-feed: the library did not answer"))
        }
    }

    static func describe(_ scope: LibraryView.Scope) -> String {
        switch scope {
        case let .folder(name): return "folder:\(name)"
        case let .feed(feed): return feed.isLocal ? "feed:\(feed.id)" : "account \(feed.account) feed:\(feed.id)"
        case let .accountFolder(account, folder): return "account \(account) folder:\(folder)"
        case .all, .unread, .starred, .account, .query, .hiddenByRules: return "all"
        }
    }
}

import Foundation
import ItemFeed

/// The fake's rules, applied item by item where the SQLite store runs SQL:
/// the same spec suite holds both to the same behaviour.
extension InMemoryLibraryStore: RuleStore {
    public func rules() throws -> [Rule] { keptRules }

    @discardableResult public func addRule(query: String, action: Rule.Action, scope: LibraryView.Scope) throws -> Rule.ID {
        try Self.check(query, scope)
        let id = (keptRules.map(\.id).max() ?? 0) + 1
        keptRules.append(Rule(id: id, query: query, action: action, scope: scope))
        return id
    }

    public func updateRule(_ rule: Rule) throws {
        try Self.check(rule.query, rule.scope)
        guard let index = keptRules.firstIndex(where: { $0.id == rule.id }) else { return }
        keptRules[index] = rule
    }

    @discardableResult public func removeRule(_ id: Rule.ID) throws -> Bool {
        guard let index = keptRules.firstIndex(where: { $0.id == id }) else { return false }
        keptRules.remove(at: index)
        return true
    }

    public func countMatching(_ rule: Rule) throws -> Int {
        rule.action == .notify ? 0 : changing(by: rule, among: stored.keys).count
    }

    public func apply(_ rule: Rule) throws -> RuleApplication {
        perform(rule, on: stored.keys, arriving: false)
    }

    public func revert(_ application: RuleApplication, of action: Rule.Action) throws {
        switch action {
        case .read: try setRead(false, application.changed)
        case .star: try setStarred(false, application.changed)
        case .hide:
            hidden.subtract(application.changed)
            try setRead(false, application.markedRead)
        case .notify: break
        }
    }

    public func takeRuleNotices() throws -> [RuleMatch] {
        defer { notices = [] }
        let rules = Dictionary(uniqueKeysWithValues: keptRules.map { ($0.id, $0.query) })
        return notices.compactMap { notice in stored[notice.key].map { RuleMatch(item: $0.item, rule: rules[notice.rule]) } }
            .sorted { $0.item.key > $1.item.key }
    }

    func applyRules(toItemsFrom first: LibraryItem.Key) {
        let arrived = stored.keys.filter { $0 >= first }
        guard !arrived.isEmpty else { return }
        for rule in keptRules { _ = perform(rule, on: arrived, arriving: true) }
    }

    private func perform(_ rule: Rule, on keys: some Collection<LibraryItem.Key>, arriving: Bool) -> RuleApplication {
        let changed = changing(by: rule, among: keys)
        switch rule.action {
        case .read:
            for key in changed { stored[key]?.item.isRead = true }
            return RuleApplication(changed: changed)
        case .star:
            for key in changed { stored[key]?.item.isStarred = true }
            return RuleApplication(changed: changed)
        case .hide:
            let unread = changed.filter { stored[$0]?.item.isRead == false }
            hidden.formUnion(changed)
            for key in unread { stored[key]?.item.isRead = true }
            return RuleApplication(changed: changed, markedRead: unread)
        case .notify:
            // An item is told once, by the first rule that matched it.
            if arriving { notices += changed.filter { key in !notices.contains { $0.key == key } }.map { ($0, rule.id) } }
            return RuleApplication()
        }
    }

    /// The keys the rule matches whose state its action would change, in order.
    private func changing(by rule: Rule, among keys: some Collection<LibraryItem.Key>) -> [LibraryItem.Key] {
        keys.sorted().filter { key in
            guard let item = stored[key], matches(item, scope: rule.scope, search: rule.query) else { return false }
            switch rule.action {
            case .read: return !item.item.isRead
            case .star: return !item.item.isStarred
            case .hide: return !hidden.contains(key)
            case .notify: return true
            }
        }
    }

    private static func check(_ query: String, _ scope: LibraryView.Scope) throws {
        _ = try LibraryQuery.parse(query)
        switch scope {
        case .all, .folder, .feed, .accountFolder: break
        case .unread, .starred, .account, .query, .hiddenByRules: throw RuleError.unsupportedScope
        }
    }
}

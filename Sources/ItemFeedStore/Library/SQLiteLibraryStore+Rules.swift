import Foundation
import ItemFeed

/// Rules in `rule`, applied by the same transaction that stores a refresh's
/// or a sync's new items (`applyRules(toItemsFrom:)`), or to every item
/// when the user asks; an account's marks are queued for its server.
extension SQLiteLibraryStore: RuleStore {
    public func rules() throws -> [Rule] {
        try database.statement("SELECT id, query, action, scope FROM rule ORDER BY id").rows { row -> Rule? in
            guard let action = Rule.Action(rawValue: row.text(2) ?? ""), let scope = RuleScopeText.scope(row.text(3) ?? "") else { return nil }
            return Rule(id: row.integer(0), query: row.text(1) ?? "", action: action, scope: scope)
        }.compactMap { $0 }
    }

    @discardableResult public func addRule(query: String, action: Rule.Action, scope: LibraryView.Scope) throws -> Rule.ID {
        let scopeText = try Self.checked(query, scope)
        try database.statement("INSERT INTO rule (query, action, scope, added) VALUES (?, ?, ?, ?)").run([
            .text(query), .text(action.rawValue), .text(scopeText), .real(now().timeIntervalSince1970),
        ])
        return database.lastInsertedRow
    }

    public func updateRule(_ rule: Rule) throws {
        let scopeText = try Self.checked(rule.query, rule.scope)
        try database.statement("UPDATE rule SET query = ?, action = ?, scope = ? WHERE id = ?").run([
            .text(rule.query), .text(rule.action.rawValue), .text(scopeText), .integer(rule.id),
        ])
    }

    @discardableResult public func removeRule(_ id: Rule.ID) throws -> Bool {
        try database.statement("DELETE FROM rule WHERE id = ?").run([.integer(id)])
        return database.changes > 0
    }

    public func countMatching(_ rule: Rule) throws -> Int {
        guard let unchanged = Self.unchanged[rule.action] else { return 0 }
        var values: [SQLiteValue?] = []
        let condition = try self.condition(of: rule, from: nil, values: &values)
        return Int(try database.integer("SELECT count(*) FROM item WHERE \(unchanged) AND \(condition)", values))
    }

    public func apply(_ rule: Rule) throws -> RuleApplication {
        try database.transaction { try perform(rule, from: nil) }
    }

    public func revert(_ application: RuleApplication, of action: Rule.Action) throws {
        try database.transaction {
            switch action {
            case .read: try setRead(false, application.changed)
            case .star: try setStarred(false, application.changed)
            case .hide:
                let unhide = try database.statement("UPDATE item SET hidden = 0 WHERE id = ?")
                for key in application.changed { try unhide.run([.integer(key)]) }
                try setRead(false, application.markedRead)
            case .notify: break
            }
        }
    }

    public func takeRuleNotices() throws -> [RuleMatch] {
        try database.transaction {
            let told = LibraryViewQuery(condition: "item.id IN (SELECT item_id FROM rule_notice)")
            let noticed = try items(told, ordered: told.order, in: 0..<Self.noticesAtOnce)
            let rules = Dictionary(try database.statement("SELECT rule_notice.item_id, rule.query FROM rule_notice JOIN rule ON rule.id = rule_notice.rule_id")
                .rows { ($0.integer(0), $0.text(1) ?? "") }, uniquingKeysWith: { first, _ in first })
            try database.statement("DELETE FROM rule_notice").run()
            return noticed.map { RuleMatch(item: $0, rule: rules[$0.key]) }
        }
    }

    /// A notification names a few items; past that it counts them.
    static let noticesAtOnce = 1_000

    /// Every rule on the items stored from `first` on, inside the caller's transaction.
    func applyRules(toItemsFrom first: Int64) throws {
        for rule in try rules() { _ = try perform(rule, from: first) }
    }

    // MARK: Applying

    /// What an item looks like before the action: only those it changes.
    private static let unchanged: [Rule.Action: String] = [.read: ReadMarkSQL.unread, .star: "item.starred = 0", .hide: "item.hidden = 0"]

    private func perform(_ rule: Rule, from first: Int64?) throws -> RuleApplication {
        var values: [SQLiteValue?] = []
        let condition = try self.condition(of: rule, from: first, values: &values)
        switch rule.action {
        case .read:
            let keys = try changed("read = 1", where: "\(ReadMarkSQL.unread) AND \(condition)", values)
            try queueMarks(.read, keys)
            return RuleApplication(changed: keys)
        case .star:
            let keys = try changed("starred = 1", where: "item.starred = 0 AND \(condition)", values)
            try queueMarks(.starred, keys)
            return RuleApplication(changed: keys)
        case .hide:
            // One pass finds both what it hides and what it marks read.
            let found = try database.statement("SELECT item.id, \(ReadMarkSQL.read) FROM item WHERE item.hidden = 0 AND \(condition) ORDER BY item.id")
                .rows(values) { ($0.integer(0), $0.integer(1) != 0) }
            let hide = try database.statement("UPDATE item SET hidden = 1, read = 1 WHERE id = ?")
            for (key, _) in found { try hide.run([.integer(key)]) }
            let unread = found.filter { !$0.1 }.map(\.0)
            try queueMarks(.read, unread)
            return RuleApplication(changed: found.map(\.0), markedRead: unread)
        case .notify:
            // Told of as they arrive; items already there are not news.
            guard first != nil else { return RuleApplication() }
            values.append(.integer(rule.id))
            try database.statement("INSERT OR IGNORE INTO rule_notice (item_id, rule_id) SELECT item.id, ?\(values.count) FROM item WHERE \(condition)").run(values)
            return RuleApplication()
        }
    }

    /// Sets `change` where `condition` holds, in one pass; answers the items it changed.
    private func changed(_ change: String, where condition: String, _ values: [SQLiteValue?]) throws -> [LibraryItem.Key] {
        try database.statement("UPDATE item SET \(change) WHERE \(condition) RETURNING id").rows(values) { $0.integer(0) }.sorted()
    }

    private func condition(of rule: Rule, from first: Int64?, values: inout [SQLiteValue?]) throws -> String {
        var parts: [String] = []
        if let first {
            values.append(.integer(first))
            parts.append("item.id >= ?\(values.count)")
        }
        if let scoped = LibraryViewQuery.condition(of: rule.scope, values: &values) { parts.append(scoped) }
        if let query = try LibraryQuery.parse(rule.query) {
            parts.append(LibraryQuerySQL(now: now(), calendar: .current, onlyItems: first.map(LibraryQuerySQL.ItemsAsked.storedFrom)).condition(query, values: &values))
        }
        return parts.isEmpty ? "1" : parts.joined(separator: " AND ")
    }

    private static func checked(_ query: String, _ scope: LibraryView.Scope) throws -> String {
        _ = try LibraryQuery.parse(query)
        guard let text = RuleScopeText.text(scope) else { throw RuleError.unsupportedScope }
        return text
    }
}

/// A rule's scope as `rule.scope` keeps it: `all`, or its kind and values
/// apart by tabs (no name or address holds one).
enum RuleScopeText {
    static func text(_ scope: LibraryView.Scope) -> String? {
        switch scope {
        case .all: return "all"
        case let .folder(name): return "folder\t\(name)"
        case let .feed(feed): return feed.isLocal ? "feed\t\(feed.id)" : "account-feed\t\(feed.account)\t\(feed.id)"
        case let .accountFolder(account, folder): return "account-folder\t\(account)\t\(folder)"
        case .unread, .starred, .account, .query, .hiddenByRules: return nil
        }
    }

    static func scope(_ text: String) -> LibraryView.Scope? {
        let parts = text.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        switch (parts.first, parts.count) {
        case ("all", 1): return .all
        case ("folder", 2): return .folder(parts[1])
        case ("feed", 2): return URL(string: parts[1]).map { .feed($0) }
        case ("account-folder", 3): return Int64(parts[1]).map { .accountFolder($0, parts[2]) }
        case ("account-feed", 3): return Int64(parts[1]).map { .feed(FeedID(account: $0, id: parts[2])) }
        default: return nil
        }
    }
}

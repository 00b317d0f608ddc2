import Foundation

/// "When an item matches this query, then…" (SPEC 17): applied to items
/// as a refresh or a sync stores them, in the same transaction, and to the
/// items already there when the user asks.
public struct Rule: Equatable, Sendable {
    public typealias ID = Int64

    public enum Action: String, CaseIterable, Sendable {
        case read, star
        /// In no view but "Hidden by Rules"; marked read too, so it counts nowhere.
        case hide
        /// A desktop notification once the refresh or sync ends.
        case notify
    }

    public let id: ID
    /// A `LibraryQuery`'s text.
    public var query: String
    public var action: Action
    /// Where it applies: `.all`, a folder or a feed (local or an account's).
    public var scope: LibraryView.Scope

    public init(id: ID, query: String, action: Action, scope: LibraryView.Scope = .all) {
        (self.id, self.query, self.action, self.scope) = (id, query, action, scope)
    }
}

/// What applying a rule to the items already there changed, for Undo.
public struct RuleApplication: Equatable, Sendable {
    /// Items the action changed (marked, starred, hidden).
    public var changed: [LibraryItem.Key]
    /// Of those a hide changed, the ones it also marked read.
    public var markedRead: [LibraryItem.Key]

    public init(changed: [LibraryItem.Key] = [], markedRead: [LibraryItem.Key] = []) {
        (self.changed, self.markedRead) = (changed, markedRead)
    }
}

/// Why a rule was refused.
public enum RuleError: Error, Equatable, LocalizedError {
    /// Rules apply to everything, a folder or a feed.
    case unsupportedScope

    public var errorDescription: String? {
        tr("A rule applies to every item, a folder or a feed")
    }
}

/// An item a notify rule matched as it arrived, and the rule's query
/// (`nil` once the rule is gone), so its notification says which rule.
public struct RuleMatch: Equatable, Sendable {
    public var item: LibraryItem
    public var rule: String?

    public init(item: LibraryItem, rule: String?) {
        (self.item, self.rule) = (item, rule)
    }
}

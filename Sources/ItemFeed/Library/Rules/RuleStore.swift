import Foundation

/// The rules a library keeps, and applies to what it stores.
public protocol RuleStore: AnyObject {
    /// In the order made.
    func rules() throws -> [Rule]
    /// Throws `LibraryQueryError` (nothing kept) when the query cannot be
    /// read, `RuleError` for a scope that is no folder or feed.
    @discardableResult func addRule(query: String, action: Rule.Action, scope: LibraryView.Scope) throws -> Rule.ID
    func updateRule(_ rule: Rule) throws
    @discardableResult func removeRule(_ id: Rule.ID) throws -> Bool
    /// How many items already there the rule would change.
    func countMatching(_ rule: Rule) throws -> Int
    /// The rule applied to the items already there (an account's marks
    /// queued for its server).
    func apply(_ rule: Rule) throws -> RuleApplication
    /// Undo of `apply`.
    func revert(_ application: RuleApplication, of action: Rule.Action) throws
    /// Items a notify rule matched as they arrived, each told once.
    func takeRuleNotices() throws -> [RuleMatch]
}

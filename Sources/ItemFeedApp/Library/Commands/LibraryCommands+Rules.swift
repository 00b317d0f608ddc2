import CGtk
import Foundation
import ItemFeed
import ItemFeedGtk
import ItemFeedUI

/// Rules from the window (SPEC 17): Preferences → Rules keeps them through
/// the writer; one applied to the items already there shows at once in the
/// open view, with Undo; what a notify rule matched is told once a refresh
/// or a sync ends.
extension LibraryCommands {
    func ruleChoices() -> RulesPage.Choices {
        let folders = ((try? store.folders()) ?? []).map { (title: tr("Folder {name}", ["name": $0]), scope: LibraryView.Scope.folder($0)) }
        let feeds = sidebar.rows.filter(\.view.scope.isFeed).map { (title: $0.title, scope: $0.view.scope) }
        return RulesPage.Choices(
            rules: { [store] in (try? store.rules()) ?? [] },
            scopes: [(tr("Every Item"), .all)] + folders + feeds,
            count: { [store] rule in Result { try store.countMatching(rule) } },
            save: { [weak self] rule, applyToItemsHere, done in self?.save(rule, applyingToItemsHere: applyToItemsHere, then: done) },
            remove: { [weak self] rule in self?.writer.write({ try $0.removeRule(rule.id) }) { self?.changed($0.map { _ in () }) } }
        )
    }

    private func save(_ rule: Rule, applyingToItemsHere apply: Bool, then done: @escaping @MainActor (String?) -> Void) {
        writer.write({ store -> RuleApplication? in
            var kept = rule
            if rule.id == 0 {
                kept = Rule(id: try store.addRule(query: rule.query, action: rule.action, scope: rule.scope), query: rule.query, action: rule.action, scope: rule.scope)
            } else {
                try store.updateRule(rule)
            }
            return apply ? try store.apply(kept) : nil
        }) { [weak self] result in
            guard let self else { return }
            switch result {
            case let .success(application):
                done(nil)
                guard let application, !application.changed.isEmpty else { return }
                reopen()
                let count = application.changed.count
                shown?.screen?.offerUndo(trPlural("The rule changed {count} item", "The rule changed {count} items", count, ["count": String(count)])) { [weak self] in
                    self?.writer.write({ try $0.revert(application, of: rule.action) }) { self?.changed($0) }
                }
            case let .failure(error):
                done(error.explanation)
            }
        }
    }

}

extension LibraryView.Scope {
    /// A feed's view, whichever account keeps it.
    var isFeed: Bool {
        if case .feed = self { return true }
        return false
    }
}

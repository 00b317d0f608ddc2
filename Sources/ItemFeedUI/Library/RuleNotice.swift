import ItemFeed

/// What the desktop notification says of the items notify rules matched:
/// the first by its title, how many more, and the rule when one rule
/// matched them all.
public enum RuleNotice {
    /// What notify rules matched since last told, taken through `writer`
    /// (so each is told once): the text, and the items it tells of.
    @MainActor
    public static func take(through writer: LibraryWriter, then tell: @escaping @MainActor (String, [LibraryItem.Key]) -> Void) {
        writer.write({ try $0.takeRuleNotices() }) { result in
            guard case let .success(matches) = result, let text = text(matches.map { ($0.item.item.name, $0.rule) }) else { return }
            tell(text, matches.map(\.item.key))
        }
    }

    /// Each item's title and its rule's query (`nil`: the rule is gone);
    /// `nil` when no rule matched anything.
    public static func text(_ matches: [(title: String, rule: String?)]) -> String? {
        guard let first = matches.first else { return nil }
        let rules = Set(matches.map(\.rule))
        let rule = rules.count == 1 ? rules.first ?? nil : nil
        let more = matches.count - 1
        switch (more, rule) {
        case let (0, rule?): return tr("“{title}” matched the rule “{rule}”", ["title": first.title, "rule": rule])
        case (0, nil): return tr("“{title}” matched a rule", ["title": first.title])
        case let (_, rule?):
            return trPlural("“{title}” and {count} more item matched the rule “{rule}”", "“{title}” and {count} more items matched the rule “{rule}”", more,
                            ["title": first.title, "count": String(more), "rule": rule])
        case (_, nil):
            return trPlural("“{title}” and {count} more item matched your rules", "“{title}” and {count} more items matched your rules", more,
                            ["title": first.title, "count": String(more)])
        }
    }
}

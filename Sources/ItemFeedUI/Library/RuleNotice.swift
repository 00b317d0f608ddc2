import ItemFeed

/// What the desktop notification says of the items notify rules matched:
/// the first by its title, and how many more.
public enum RuleNotice {
    /// `nil` when no rule matched anything.
    public static func text(_ titles: [String]) -> String? {
        guard let first = titles.first else { return nil }
        guard titles.count > 1 else { return tr("“{title}” matched a rule", ["title": first]) }
        let more = titles.count - 1
        return trPlural("“{title}” and {count} more item matched your rules", "“{title}” and {count} more items matched your rules", more,
                        ["title": first, "count": String(more)])
    }
}

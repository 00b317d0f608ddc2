import Foundation

/// How large the reading pane sets an article's text (SPEC 19:
/// Ctrl+plus, Ctrl+minus, Ctrl+0), kept with the library.
public enum ArticleTextSize: String, LibraryPreference {
    case smallest = "80", small = "90", standard = "100", large = "115", larger = "130", largest = "150", huge = "175"

    public static let settingName = "article-text-size"

    /// Of the desktop's document font.
    public var percent: Int { Int(rawValue) ?? 100 }

    /// The next size up, or this one at the largest.
    public var enlarged: ArticleTextSize { Self.allCases.first { $0.percent > percent } ?? self }

    /// The next size down, or this one at the smallest.
    public var reduced: ArticleTextSize { Self.allCases.last { $0.percent < percent } ?? self }

    public var title: String { tr("{percent} %", ["percent": rawValue]) }
}

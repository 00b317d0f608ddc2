import Foundation
import ItemFeed

/// What a row says about its item besides the title: the dim line (author,
/// how long ago, likes) and what a screen reader announces for the row.
///
/// Formatted when a row is shown, not when the feed arrives: a relative date
/// goes stale, and a 100,000-item feed would otherwise format 100,000 dates
/// nobody scrolls to.
public struct ItemRowDescription: Sendable {
    private let now: @Sendable () -> Date
    private let locale: Locale

    /// `now` and `locale` are injected so the tests' dates and language do
    /// not depend on when and where they run.
    public init(now: @escaping @Sendable () -> Date = Date.init, locale: Locale = Translation.locale()) {
        self.now = now
        self.locale = locale
    }

    /// Both lines from one formatting of the date, as a row needs them.
    public func text(of item: Item) -> (details: String, accessibleLabel: String) {
        let parts = parts(of: item)
        return (parts.joined(separator: " · "), ([item.name] + parts).joined(separator: ", "))
    }

    /// "Ana Lima · 3 hours ago · 12 likes"; empty when the feed says none of it.
    public func details(of item: Item) -> String {
        text(of: item).details
    }

    /// "Title, Ana Lima, 3 hours ago, 12 likes": commas, which screen
    /// readers pause at, where the eye has dots.
    public func accessibleLabel(of item: Item) -> String {
        text(of: item).accessibleLabel
    }

    private func parts(of item: Item) -> [String] {
        var parts: [String] = []
        if let author = item.author, !author.isEmpty { parts.append(author) }
        if let date = item.date { parts.append(relative(date)) }
        if let likes = item.likes { parts.append(trPlural("{count} like", "{count} likes", likes, ["count": String(likes)])) }
        return parts
    }

    /// The anchored style describes its anchor as seen from the date it
    /// formats, so the item's date is the anchor and now is formatted.
    private func relative(_ date: Date) -> String {
        var style = Date.AnchoredRelativeFormatStyle(anchor: date, presentation: .numeric, unitsStyle: .wide)
        style.locale = locale
        return style.format(now())
    }
}

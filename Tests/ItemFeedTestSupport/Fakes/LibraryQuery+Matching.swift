import Foundation
import ItemFeed

/// The fake store's reading of a query, item by item: what the SQLite
/// store's SQL must agree with, through the same specs.
extension LibraryQuery {
    public struct Candidate {
        public var item: LibraryItem
        public var feedTitle: String
        public var folder: String?
        public var sortDate: Date
    }

    public func matches(_ candidate: Candidate, now: Date, calendar: Calendar) -> Bool {
        let item = candidate.item
        switch self {
        case let .text(text):
            return [item.item.name, item.item.author ?? "", item.item.summary ?? ""].contains { Self.contains($0, text) }
        case let .field(.title, text): return Self.contains(item.item.name, text)
        case let .field(.author, text): return Self.contains(item.item.author ?? "", text)
        case let .field(.feed, name): return Self.contains(candidate.feedTitle, name)
        case let .field(.folder, name): return candidate.folder?.caseInsensitiveCompare(name) == .orderedSame
        case .state(.unread): return !item.isRead
        case .state(.read): return item.isRead
        case .state(.starred): return item.isStarred
        case let .after(date): return candidate.sortDate >= date.start(now: now, calendar: calendar)
        case let .before(date): return candidate.sortDate < date.start(now: now, calendar: calendar)
        case let .not(inner): return !inner.matches(candidate, now: now, calendar: calendar)
        case let .and(all): return all.allSatisfy { $0.matches(candidate, now: now, calendar: calendar) }
        case let .or(either): return either.contains { $0.matches(candidate, now: now, calendar: calendar) }
        }
    }

    /// Whether the store starts from its full-text index (and its order):
    /// a word of three characters or more that must be there.
    public var isIndexed: Bool {
        switch self {
        case let .text(text): return text.count >= 3
        case let .and(all): return all.contains { if case let .text(text) = $0 { return text.count >= 3 } else { return false } }
        default: return false
        }
    }

    private static func contains(_ text: String, _ part: String) -> Bool {
        text.range(of: part, options: .caseInsensitive) != nil
    }
}

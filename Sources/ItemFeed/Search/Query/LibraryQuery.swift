import Foundation

/// A search of the library as one value (SPEC 17): what the search field,
/// `--search` and, later, saved views and rules say, parsed once
/// (`LibraryQuery.parse`) and turned into SQL by the store alone.
public indirect enum LibraryQuery: Hashable, Sendable {
    /// A word or a "phrase" in an item's title, author or text.
    case text(String)
    /// `title:`, `author:`, `feed:` (its name), `folder:` (its name).
    case field(Field, String)
    /// `is:unread`, `is:read`, `is:starred`.
    case state(State)
    /// `after:DATE`: dated on that day or later; `before:DATE`: earlier than it.
    case after(QueryDate)
    case before(QueryDate)
    /// `-term`
    case not(LibraryQuery)
    /// Terms side by side.
    case and([LibraryQuery])
    /// `a OR b`
    case or([LibraryQuery])

    public enum Field: String, CaseIterable, Hashable, Sendable {
        case title, author, feed, folder
    }

    public enum State: String, CaseIterable, Hashable, Sendable {
        case unread, read, starred
    }
}

/// A day as a query names it: a calendar day (`2026-11-27`, a month
/// `2026-11`, a year `2026`), or days before today (`7d`, `2w`), so a
/// saved view of the last week stays the last week.
public enum QueryDate: Hashable, Sendable {
    case day(year: Int, month: Int, day: Int)
    case daysAgo(Int)

    /// The start of that day in `calendar`'s time zone.
    public func start(now: Date, calendar: Calendar) -> Date {
        switch self {
        case let .day(year, month, day):
            return calendar.date(from: DateComponents(year: year, month: month, day: day)) ?? .distantPast
        case let .daysAgo(days):
            let today = calendar.startOfDay(for: now)
            return calendar.date(byAdding: .day, value: -days, to: today) ?? .distantPast
        }
    }
}

/// Why a query cannot be read: said in the search field, never a SQLite error.
public enum LibraryQueryError: Error, Equatable, Sendable, LocalizedError {
    case unclosedQuote
    case unclosedParenthesis
    case unexpectedParenthesis
    /// `OR` with nothing on one side.
    case danglingOr
    /// `-` or a field with nothing after it.
    case missingTerm(after: String)
    case unknownField(String)
    case unknownState(String)
    case badDate(String)
    case tooLong

    public var errorDescription: String? {
        switch self {
        case .unclosedQuote: tr("A quotation mark is not closed")
        case .unclosedParenthesis: tr("A parenthesis is not closed")
        case .unexpectedParenthesis: tr("A closing parenthesis has no opening one")
        case .danglingOr: tr("OR needs a term on each side")
        case let .missingTerm(after): tr("“{operator}” needs a term after it", ["operator": after])
        case let .unknownField(name): tr("“{field}:” is not a field: use title:, author:, feed:, folder:, is:, after: or before:", ["field": name])
        case let .unknownState(name): tr("“is:{state}” is unknown: use is:unread, is:read or is:starred", ["state": name])
        case let .badDate(text): tr("“{date}” is not a date: use 2026-11-27, 2026-11, 2026, or 7d for a week ago", ["date": text])
        case .tooLong: tr("The search is too long")
        }
    }
}

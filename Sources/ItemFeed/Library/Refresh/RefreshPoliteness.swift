import Foundation

/// When a feed may be asked again, from what its server and the feed said
/// (SPEC 12): in one place, so the scheduler, F5 and a feed's own Refresh
/// cannot disagree about it.
public enum RefreshPoliteness {
    /// Who asked for a refresh.
    public enum Asker: Sendable {
        /// The interval came round (or the app started): only feeds due.
        case schedule
        /// F5 on a view: its feeds, except those whose server said not yet
        /// or that are gone; a failing feed is asked again.
        case view
        /// A feed's own Refresh: asked whatever it said, gone or not.
        case feed
    }

    /// The wait after a first failure, doubling with each one after, up to a day.
    public static let firstBackoff: TimeInterval = 3_600
    public static let longestWait: TimeInterval = 86_400

    public static func shouldAsk(_ subscription: Subscription, now: Date, askedBy asker: Asker) -> Bool {
        switch (asker, subscription.state) {
        case (.feed, _): return true
        case (_, .gone): return false
        case (.view, .failed): return true
        default: return subscription.nextDue.map { $0 <= now } ?? true
        }
    }

    /// How long to wait after `failures` failures in a row (counting the last).
    public static func backoff(afterFailures failures: Int) -> TimeInterval {
        min(longestWait, firstBackoff * pow(2, Double(max(0, min(failures - 1, 30)))))
    }

    /// A `Retry-After` as seconds or as an HTTP date; at most a day away.
    public static func retryAfter(_ value: String?, now: Date) -> Date? {
        guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        if let seconds = Int(value) { return now.addingTimeInterval(min(longestWait, TimeInterval(max(0, seconds)))) }
        guard let date = httpDate(value) else { return nil }
        return min(max(date, now), now.addingTimeInterval(longestWait))
    }

    /// `Cache-Control: max-age`, unless the response may not be stored.
    public static func maxAge(_ cacheControl: String?) -> TimeInterval? {
        guard let directives = cacheControl?.lowercased().split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) else { return nil }
        if directives.contains("no-store") || directives.contains("no-cache") { return nil }
        for directive in directives where directive.hasPrefix("max-age=") {
            if let seconds = TimeInterval(directive.dropFirst("max-age=".count).trimmingCharacters(in: CharacterSet(charactersIn: "\""))), seconds.isFinite, seconds > 0 {
                return seconds
            }
        }
        return nil
    }

    /// When a feed that answered may be asked next: the longer of what the
    /// server (`max-age`) and the feed (`ttl`, `sy:updatePeriod`) said, at
    /// most a day; `nil`: at the next refresh.
    public static func nextDue(maxAge: TimeInterval?, feedInterval: TimeInterval?, now: Date) -> Date? {
        let wait = max(maxAge ?? 0, feedInterval ?? 0)
        return wait > 0 ? now.addingTimeInterval(min(wait, longestWait)) : nil
    }

    /// RFC 9110's preferred form, and the two obsolete ones it still accepts.
    private static func httpDate(_ text: String) -> Date? {
        for format in ["EEE, dd MMM yyyy HH:mm:ss zzz", "EEEE, dd-MMM-yy HH:mm:ss zzz", "EEE MMM d HH:mm:ss yyyy"] {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "GMT")
            formatter.dateFormat = format
            if let date = formatter.date(from: text) { return date }
        }
        return nil
    }
}

import Foundation
import ItemFeed

/// A JSON answer's values as servers write them: numbers sometimes as
/// strings, texts cleaned like a feed's before they reach the library.
enum AnswerValue {
    static func integer(_ value: Any?) -> Int? {
        if let number = value as? NSNumber { return number.intValue }
        return (value as? String).flatMap { Int($0) }
    }

    static func text(_ value: Any?, limit: Int) -> String? {
        (value as? String).flatMap { FeedText.clean($0, limit: limit) }
    }

    /// A date in seconds since 1970; 0 or none is no date.
    static func date(_ value: Any?) -> Date? {
        integer(value).flatMap { $0 > 0 ? Date(timeIntervalSince1970: TimeInterval($0)) : nil }
    }
}

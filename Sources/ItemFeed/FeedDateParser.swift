import Foundation

/// ISO 8601 dates as feeds write them, with or without fractional seconds.
/// One parser per mapping: the formatters are not safe to share across
/// threads, and feeds may be mapped off the main thread.
struct FeedDateParser {
    private let plain = ISO8601DateFormatter()
    private let fractional: ISO8601DateFormatter = {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter
    }()

    func date(_ string: String) -> Date? {
        plain.date(from: string) ?? fractional.date(from: string)
    }
}

import Foundation
import ItemFeed

extension FeedFormat {
    /// Maps a fixture written in the test, as a 200 response from `url`.
    public func map(_ body: String, from url: String = "https://feeds.example.com/feed", headers: [String: String] = [:]) throws -> Feed {
        try map(HTTPResponse(statusCode: 200, headers: headers, body: Data(body.utf8)), from: URL(string: url)!)
    }

    public func recognises(_ body: String, from url: String = "https://feeds.example.com/feed") -> Bool {
        recognises(HTTPResponse(statusCode: 200, body: Data(body.utf8)), from: URL(string: url)!)
    }
}

/// Seconds since 1970 of a UTC date and time, for expected dates.
public func utc(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0, _ second: Int = 0) -> Date {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    return calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second))!
}

import XCTest
import ItemFeed
import ItemFeedTestSupport

/// The dates feeds write, and the ways they get them wrong.
final class InternetDateTests: XCTestCase {
    func test_parse_readsRFC3339_withAndWithoutZonesAndFractions() {
        let expected = utc(2026, 1, 31, 9, 30, 15)
        for text in [
            "2026-01-31T09:30:15Z", "2026-01-31T18:30:15+09:00", "2026-01-31T04:30:15-0500", "2026-01-31t09:30:15z",
            "2026-01-31 09:30:15Z", "2026-01-31T09:30:15", " 2026-01-31T09:30:15.000Z",
        ] {
            XCTAssertEqual(InternetDate.parse(text), expected, text)
        }
        XCTAssertEqual(InternetDate.parse("2026-01-31T09:30:15.25Z")?.timeIntervalSince1970, expected.timeIntervalSince1970 + 0.25)
        XCTAssertEqual(InternetDate.parse("2026-01-31"), utc(2026, 1, 31))
    }

    func test_parse_readsRFC822_andItsCommonBrokenVariants() {
        let expected = utc(2026, 1, 31, 9, 30, 15)
        for text in [
            "Sat, 31 Jan 2026 09:30:15 GMT", "Sat, 31 Jan 2026 09:30:15 +0000", "31 Jan 2026 09:30:15 UT",
            "Sat, 31 Jan 2026 04:30:15 EST", "Sat, 31 Jan 2026 01:30:15 PST", "Saturday, 31 January 2026 18:30:15 +0900",
            "Mon, 31 Jan 2026 09:30:15 GMT", "Sat, 31 Jan 26 09:30:15 GMT", "sat, 31 jan 2026 09:30:15 gmt",
            "Sat, 31 Jan 2026 09:30:15", "Sat,31 Jan 2026 09:30:15 Z", "31-Jan-2026 09:30:15 +00:00",
        ] {
            XCTAssertEqual(InternetDate.parse(text), expected, text)
        }
        XCTAssertEqual(InternetDate.parse("Sat, 31 Jan 2026 09:30 GMT"), utc(2026, 1, 31, 9, 30))
        XCTAssertEqual(InternetDate.parse("Thu, 01 Jan 98 00:00:00 GMT"), utc(1998, 1, 1))
    }

    func test_parse_ofSomethingThatIsNotADate_isNil() {
        for text in ["", "yesterday", "2026-13-01T00:00:00Z", "Sat, 32 Jan 2026 00:00:00 GMT", "Sat, 31 Foo 2026", "2026-01-31T25:00:00Z", "12345"] {
            XCTAssertNil(InternetDate.parse(text), text)
        }
    }
}

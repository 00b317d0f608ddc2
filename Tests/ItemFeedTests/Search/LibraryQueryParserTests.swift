import Foundation
import ItemFeed
import XCTest

/// The search language (SPEC 17), read into one value: each operator,
/// their precedence, quoting, and a clear error for what cannot be read.
final class LibraryQueryParserTests: XCTestCase {
    func test_wordsSideBySide_mustAllMatch_andABlankQueryIsNone() throws {
        XCTAssertEqual(try LibraryQuery.parse("gtk"), .text("gtk"))
        XCTAssertEqual(try LibraryQuery.parse("  swift   gtk "), .and([.text("swift"), .text("gtk")]))
        XCTAssertNil(try LibraryQuery.parse("   "))
    }

    func test_aPhraseIsOneTerm_andItsWordsAreNotOperators() throws {
        XCTAssertEqual(try LibraryQuery.parse("\"swift on gtk\" news"), .and([.text("swift on gtk"), .text("news")]))
        XCTAssertEqual(try LibraryQuery.parse("\"OR\""), .text("OR"))
        XCTAssertEqual(try LibraryQuery.parse("\"-minus\""), .text("-minus"))
        XCTAssertEqual(try LibraryQuery.parse("title:\"swift 6\""), .field(.title, "swift 6"))
    }

    func test_minusExcludes_andOrBindsLooserThanSideBySide() throws {
        XCTAssertEqual(try LibraryQuery.parse("gtk -qt"), .and([.text("gtk"), .not(.text("qt"))]))
        XCTAssertEqual(try LibraryQuery.parse("a b OR c"), .or([.and([.text("a"), .text("b")]), .text("c")]))
        XCTAssertEqual(try LibraryQuery.parse("a (b OR c)"), .and([.text("a"), .or([.text("b"), .text("c")])]))
        XCTAssertEqual(try LibraryQuery.parse("-(b OR c)"), .not(.or([.text("b"), .text("c")])))
        XCTAssertEqual(try LibraryQuery.parse("a or b"), .and([.text("a"), .text("or"), .text("b")]), "only OR in capitals is the operator")
        XCTAssertEqual(try LibraryQuery.parse("well-known 1-2"), .and([.text("well-known"), .text("1-2")]), "a dash inside a word is the word's")
    }

    func test_fieldsMarksAndDates() throws {
        XCTAssertEqual(try LibraryQuery.parse("title:swift author:Ada feed:Tech folder:Work"), .and([
            .field(.title, "swift"), .field(.author, "Ada"), .field(.feed, "Tech"), .field(.folder, "Work"),
        ]))
        XCTAssertEqual(try LibraryQuery.parse("is:unread IS:Starred is:read"), .and([.state(.unread), .state(.starred), .state(.read)]))
        XCTAssertEqual(try LibraryQuery.parse("after:2026-11-27 before:2027-02"), .and([
            .after(.day(year: 2026, month: 11, day: 27)), .before(.day(year: 2027, month: 2, day: 1)),
        ]))
        XCTAssertEqual(try LibraryQuery.parse("after:2026"), .after(.day(year: 2026, month: 1, day: 1)))
        XCTAssertEqual(try LibraryQuery.parse("after:7d before:2w"), .and([.after(.daysAgo(7)), .before(.daysAgo(14))]))
    }

    func test_controlCharacters_partWordsAsSpacesDo() throws {
        XCTAssertEqual(try LibraryQuery.parse("a\u{0}b\u{7}\"c\u{0}d\""), .and([.text("a"), .text("b"), .text("c d")]))
        XCTAssertNil(try LibraryQuery.parse("\u{0}\u{1B}"))
    }

    func test_colonsThatAreNoField_stayWords() throws {
        XCTAssertEqual(try LibraryQuery.parse("10:30"), .text("10:30"))
        XCTAssertEqual(try LibraryQuery.parse("https://tech.example/a"), .text("https://tech.example/a"))
        XCTAssertEqual(try LibraryQuery.parse(":smile:"), .text(":smile:"))
    }

    func test_whatCannotBeRead_isAClearError() {
        let refusals: [(String, LibraryQueryError)] = [
            ("\"open", .unclosedQuote), ("title:\"open", .unclosedQuote), ("(a b", .unclosedParenthesis), ("a)", .unexpectedParenthesis),
            ("OR a", .danglingOr), ("a OR", .danglingOr), ("a OR OR b", .danglingOr), ("(a OR)", .danglingOr),
            ("title:", .missingTerm(after: "title:")), ("()", .missingTerm(after: "(")), ("(a -)", .missingTerm(after: "-")),
            ("colour:red", .unknownField("colour")), ("is:new", .unknownState("new")),
            ("after:yesterday", .badDate("yesterday")), ("before:2026-13-01", .badDate("2026-13-01")), ("after:-5", .badDate("-5")),
            (String(repeating: "a ", count: 600), .tooLong), (Array(repeating: "w", count: 65).joined(separator: " "), .tooLong),
            (String(repeating: "(", count: 40) + "a" + String(repeating: ")", count: 40), .tooLong),
        ]
        for (query, error) in refusals {
            XCTAssertThrowsError(try LibraryQuery.parse(query), query) { XCTAssertEqual($0 as? LibraryQueryError, error, query) }
        }
        XCTAssertEqual(LibraryQueryError.unknownField("colour").errorDescription, "“colour:” is not a field: use title:, author:, feed:, folder:, is:, after: or before:")
    }

    func test_aDaysAgoDate_startsThatDayInTheCalendarsTimeZone() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Asia/Tokyo")!
        let now = ISO8601DateFormatter().date(from: "2026-11-27T01:00:00Z")! // 10:00 in Tokyo
        XCTAssertEqual(QueryDate.daysAgo(1).start(now: now, calendar: calendar), ISO8601DateFormatter().date(from: "2026-11-25T15:00:00Z"))
        XCTAssertEqual(QueryDate.day(year: 2026, month: 11, day: 27).start(now: now, calendar: calendar), ISO8601DateFormatter().date(from: "2026-11-26T15:00:00Z"))
    }
}

import Foundation
import ItemFeed
import XCTest

/// SPEC 14: entries without a title or an id are titled and identified,
/// not skipped.
final class EntryFallbackTests: XCTestCase {
    func test_title_isTheFirstSentence() {
        XCTAssertEqual(EntryFallback.title(fromText: "Just shipped 2.0. It reads every feed."), "Just shipped 2.0.")
        XCTAssertEqual(EntryFallback.title(fromText: "Is it done? Nearly."), "Is it done?")
        XCTAssertEqual(EntryFallback.title(fromText: "新しい版を出しました。全部読めます。"), "新しい版を出しました。")
    }

    func test_title_keepsAFullStopThatEndsNoSentence() {
        XCTAssertEqual(EntryFallback.title(fromText: "Version 2.0 is out"), "Version 2.0 is out")
    }

    func test_title_longerThan120Characters_isCutAtAWord_withAnEllipsis() {
        let text = String(repeating: "word ", count: 40) + "end."

        let title = EntryFallback.title(fromText: text)

        XCTAssertLessThanOrEqual(title.count, 120)
        XCTAssertTrue(title.hasSuffix("word…"), title)
    }

    func test_title_ofOneLongWord_isCutAt120Characters() {
        let title = EntryFallback.title(fromText: String(repeating: "a", count: 300))

        XCTAssertEqual(title.count, 120)
        XCTAssertTrue(title.hasSuffix("…"))
    }

    func test_title_withoutText_isUntitled() {
        XCTAssertEqual(EntryFallback.title(fromText: nil), "Untitled")
        XCTAssertEqual(EntryFallback.title(fromText: "  \n "), "Untitled")
    }

    func test_id_isTheLink_whenThereIsOne() {
        XCTAssertEqual(EntryFallback.id(link: "https://example.com/1", title: "A", date: nil, text: nil), "https://example.com/1")
    }

    func test_id_withoutALink_isTheSameDigestForTheSameEntry_andAnotherForAnother() {
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        let first = EntryFallback.id(link: nil, title: "A", date: date, text: "text")
        let again = EntryFallback.id(link: nil, title: "A", date: date, text: "text")
        let other = EntryFallback.id(link: nil, title: "A", date: date, text: "other text")

        XCTAssertEqual(first, again)
        XCTAssertNotEqual(first, other)
        XCTAssertEqual(first, "urn:itemfeed:digest:" + "de51d3442f7c4345", "Expected FNV-1a of title, date and text (checked with Python), the same from one version to the next")
    }

    func test_id_fromALinkLongerThanAnIdMayBe_isCappedLikeOne() {
        let link = "https://example.com/" + String(repeating: "a", count: 5_000)

        let id = EntryFallback.id(link: link, title: nil, date: nil, text: nil)

        XCTAssertEqual(id?.count, FeedText.idLimit)
        XCTAssertEqual(id?.hasPrefix("https://example.com/aaa"), true)
    }

    func test_id_ofAnEntryWithNothing_isItsPlace_orNil() {
        XCTAssertEqual(EntryFallback.id(link: nil, title: nil, date: nil, text: nil, position: 3), "urn:itemfeed:entry:3")
        XCTAssertNil(EntryFallback.id(link: nil, title: nil, date: nil, text: nil))
    }
}

import XCTest
import ItemFeed
import ItemFeedTestSupport

/// SPEC 8, the native row: ItemFeed's own format, with optional `next`.
final class NativeFeedFormatTests: XCTestCase {
    private let sut = NativeFeedFormat()

    func test_map_readsEveryField_resolvingRelativeAddresses() throws {
        let feed = try sut.map("""
        {"title": "Demo", "next": "page2.json", "items": [
          {"id": "7d3d2b4e", "name": "Full", "image_url": "https://img.example.com/a.png", "author": "Jo",
           "priority": 2, "date": "2026-01-31T12:00:00Z", "link": "https://example.com/a", "summary": "All fields"},
          {"id": 42, "name": "Relative", "image_url": "thumbs/b.jpg"},
          {"id": "frac", "name": "Fractional date", "image_url": "/c.gif", "date": "2026-02-01T00:00:00.250Z"},
          {"id": "none", "name": "No image"}
        ]}
        """, from: "https://feeds.example.com/v1/feed.json")

        XCTAssertEqual(feed.title, "Demo")
        XCTAssertEqual(feed.nextPage, URL(string: "https://feeds.example.com/v1/page2.json"))
        XCTAssertEqual(feed.items, [
            Item(id: "7d3d2b4e", name: "Full", imageURL: URL(string: "https://img.example.com/a.png"), author: "Jo",
                 date: utc(2026, 1, 31, 12), link: URL(string: "https://example.com/a"), summary: "All fields", priority: 2),
            Item(id: "42", name: "Relative", imageURL: URL(string: "https://feeds.example.com/v1/thumbs/b.jpg")),
            Item(id: "frac", name: "Fractional date", imageURL: URL(string: "https://feeds.example.com/c.gif"),
                 date: Date(timeIntervalSince1970: utc(2026, 2, 1).timeIntervalSince1970 + 0.25)),
            Item(id: "none", name: "No image", imageURL: nil),
        ])
    }

    func test_map_skipsAndCountsEntriesWithoutIdOrName_whileUnusableOptionalFieldsAreDropped() throws {
        let feed = try sut.map("""
        {"items": [
          {"id": "ok", "name": "Kept", "image_url": "file:///etc/passwd", "date": "not a date", "link": "javascript:alert(1)"},
          {"name": "No id"}, {"id": "2"}, {"id": "3", "name": "   "}, {"id": "5", "name": 5},
          {"id": "ok", "name": "Duplicate id"}, "not an object",
          {"id": "last", "name": "Also kept", "image_url": "ftp://img.example.com/7.png"}
        ]}
        """)

        XCTAssertEqual(feed.items.map(\.id), ["ok", "last"])
        XCTAssertEqual(feed.items.map(\.imageURL), [nil, nil], "Expected unusable images dropped, items kept")
        XCTAssertNil(feed.items.first?.date)
        XCTAssertNil(feed.items.first?.link)
        XCTAssertEqual(feed.skippedItemCount, 6)
    }

    func test_map_readsTheNumbers0And1_asNumbers_andRefusesBooleans() throws {
        let feed = try sut.map("""
        {"items": [{"id": 0, "name": "Zero", "priority": 0}, {"id": 1, "name": "One", "priority": 1},
                   {"id": true, "name": "Bool id"}, {"id": "p", "name": "Bool priority", "priority": false}]}
        """)

        XCTAssertEqual(feed.items.map(\.id), ["0", "1", "p"])
        XCTAssertEqual(feed.items.map(\.priority), [0, 1, nil])
        XCTAssertEqual(feed.skippedItemCount, 1)
    }

    func test_map_readsIdsOfEveryNumberKind_exactly() throws {
        let feed = try sut.map("""
        {"items": [{"id": -7, "name": "Negative"}, {"id": 18446744073709551615, "name": "Beyond Int64"},
                   {"id": 3.0, "name": "Whole double"}, {"id": 2.5, "name": "Fraction"},
                   {"id": "9", "name": "Text", "priority": 4.7}]}
        """)

        XCTAssertEqual(feed.items.map(\.id), ["-7", "18446744073709551615", "3", "2.5", "9"])
        XCTAssertEqual(feed.items.last?.priority, 4)
    }

    func test_map_ofInvalidUTF8_orTrailingGarbage_isNotAFeed() {
        let bodies = [
            Data(#"{"items": [{"id": "a", "name": "Bad "#.utf8) + Data([0xFF, 0xFE]) + Data(#""}]}"#.utf8),
            Data(#"{"items": []} {"items": []}"#.utf8),
            Data(),
        ]
        for body in bodies {
            XCTAssertThrowsError(try sut.map(HTTPResponse(statusCode: 200, body: body), from: URL(string: "https://example.com/feed.json")!)) {
                XCTAssertEqual($0 as? RemoteLoadError, .invalidData)
            }
        }
    }

    func test_map_ofSomethingElse_isNotAFeed() {
        for body in [#"{"items": ["#, #"{"entries": []}"#, "[1, 2]", "plain text"] {
            XCTAssertThrowsError(try sut.map(body), body) { XCTAssertEqual($0 as? RemoteLoadError, .invalidData) }
        }
    }
}

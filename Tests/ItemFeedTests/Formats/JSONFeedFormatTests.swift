import XCTest
import ItemFeed
import ItemFeedTestSupport

/// SPEC 8, the JSON Feed row.
final class JSONFeedFormatTests: XCTestCase {
    private let sut = JSONFeedFormat()

    func test_recognises_aJSONFeed_byItsVersion_notANativeFeed() {
        XCTAssertTrue(sut.recognises(#"{"version": "https://jsonfeed.org/version/1.1", "items": []}"#))
        XCTAssertTrue(sut.recognises(#"  {"version": "https:\/\/jsonfeed.org\/version\/1", "items": []}"#))
        XCTAssertFalse(sut.recognises(#"{"items": [{"id": "1", "name": "Native"}]}"#))
        XCTAssertFalse(sut.recognises("<rss/>"))
    }

    func test_map_readsEveryField_andTheNextPage() throws {
        let feed = try sut.map("""
        {"version": "https://jsonfeed.org/version/1.1", "title": "My Blog", "next_url": "feed.json?page=2",
         "authors": [{"name": "Feed Author"}],
         "items": [
           {"id": "1", "title": "First", "url": "https://blog.example.com/1", "image": "/img/1.png",
            "authors": [{"name": "Jo Doe"}], "date_published": "2026-01-31T09:00:00Z", "summary": "Short", "content_text": "Long"},
           {"id": 2, "content_text": "A micro post with no title but plenty of text", "external_url": "https://elsewhere.example.com/2",
            "banner_image": "https://img.example.com/banner.png"},
           {"id": "3", "title": "Attachment", "attachments": [
              {"url": "https://media.example.com/3.mp3", "mime_type": "audio/mpeg"},
              {"url": "https://media.example.com/3.jpg", "mime_type": "image/jpeg"}]},
           {"id": "4", "title": "No image", "author": {"name": "One-oh Author"}}
         ]}
        """, from: "https://blog.example.com/feed.json")

        XCTAssertEqual(feed.title, "My Blog")
        XCTAssertEqual(feed.nextPage, URL(string: "https://blog.example.com/feed.json?page=2"))
        XCTAssertEqual(feed.items, [
            Item(id: "1", name: "First", imageURL: URL(string: "https://blog.example.com/img/1.png"), author: "Jo Doe",
                 date: utc(2026, 1, 31, 9), link: URL(string: "https://blog.example.com/1"), summary: "Short"),
            Item(id: "2", name: "A micro post with no title but plenty of text", imageURL: URL(string: "https://img.example.com/banner.png"),
                 author: "Feed Author", link: URL(string: "https://elsewhere.example.com/2"), summary: "A micro post with no title but plenty of text"),
            Item(id: "3", name: "Attachment", imageURL: URL(string: "https://media.example.com/3.jpg"), author: "Feed Author"),
            Item(id: "4", name: "No image", imageURL: nil, author: "One-oh Author"),
        ])
    }

    func test_map_nextPage_isNeverTheFeedItself() throws {
        let feed = try sut.map(#"{"version": "https://jsonfeed.org/version/1.1", "next_url": "https://blog.example.com/feed.json", "items": []}"#, from: "https://blog.example.com/feed.json")

        XCTAssertNil(feed.nextPage)
    }

    /// SPEC 14: an item without an id gets its link or a digest, one
    /// without a title its text's first sentence; only repeats and what is
    /// not an item are skipped.
    func test_map_identifiesAndTitlesEntriesWithoutThem_andSkipsRepeatsAndNonObjects() throws {
        let feed = try sut.map("""
        {"version": "https://jsonfeed.org/version/1.1", "items": [
          {"id": "a", "title": "Kept", "date_published": "yesterday"},
          {"title": "No id", "url": "https://example.com/no-id"}, {"id": "b", "content_text": "Posted. More soon."},
          {"id": "a", "title": "Again"}, 7, {"id": true, "title": "Bool id"}
        ]}
        """)

        XCTAssertEqual(feed.items.map(\.id), ["a", "https://example.com/no-id", "b", EntryFallback.id(link: nil, title: "Bool id", date: nil, text: nil)])
        XCTAssertEqual(feed.items.map(\.name), ["Kept", "No id", "Posted.", "Bool id"])
        XCTAssertNil(feed.items.first?.date)
        XCTAssertEqual(feed.skippedItemCount, 2)
    }

    func test_map_withoutItemsOrVersion_isNotAFeed() {
        XCTAssertThrowsError(try sut.map(#"{"version": "https://jsonfeed.org/version/1.1"}"#)) {
            XCTAssertEqual($0 as? RemoteLoadError, .invalidData)
        }
        XCTAssertThrowsError(try sut.map(#"{"version": "https://jsonfeed.org/version/1.1", "items": [}"#)) {
            XCTAssertEqual($0 as? RemoteLoadError, .invalidData)
        }
    }
}

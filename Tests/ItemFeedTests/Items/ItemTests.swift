import XCTest
import ItemFeed

/// An item keeps its text in one buffer (`ItemText`): every field reads back
/// as it went in, absent stays absent, and equality is the fields'.
final class ItemTests: XCTestCase {
    func test_everyField_readsBackAsItWentIn() {
        let date = Date(timeIntervalSince1970: 1_780_000_000.5)
        let item = Item(
            id: "urn:uuid:1", name: "Café ☕️ — 日本語", imageAddress: "https://example.com/a.png", author: "Aiko",
            date: date, linkAddress: "https://example.com/a", summary: "Summary", priority: -3, likes: 12, tags: ["swift", "gtk"]
        )

        XCTAssertEqual(item.id, "urn:uuid:1")
        XCTAssertEqual(item.name, "Café ☕️ — 日本語")
        XCTAssertEqual(item.imageURL, URL(string: "https://example.com/a.png"))
        XCTAssertEqual(item.author, "Aiko")
        XCTAssertEqual(item.date, date)
        XCTAssertEqual(item.link, URL(string: "https://example.com/a"))
        XCTAssertEqual(item.summary, "Summary")
        XCTAssertEqual(item.priority, -3)
        XCTAssertEqual(item.likes, 12)
        XCTAssertEqual(item.tags, ["swift", "gtk"])
        XCTAssertTrue(item.hasImage)
        XCTAssertTrue(item.hasLink)
    }

    func test_absentFields_stayAbsent_andEmptyOnesEmpty() {
        let bare = Item(id: "1", name: "", imageAddress: nil)
        XCTAssertEqual(bare.name, "")
        XCTAssertNil(bare.author)
        XCTAssertNil(bare.date)
        XCTAssertNil(bare.summary)
        XCTAssertNil(bare.imageAddress)
        XCTAssertNil(bare.linkAddress)
        XCTAssertNil(bare.priority)
        XCTAssertNil(bare.likes)
        XCTAssertEqual(bare.tags, [])
        XCTAssertFalse(bare.hasImage)
        XCTAssertFalse(bare.hasLink)

        let empty = Item(id: "1", name: "", imageAddress: nil, author: "", summary: "", priority: 0, likes: 0)
        XCTAssertEqual(empty.author, "")
        XCTAssertEqual(empty.summary, "")
        XCTAssertEqual(empty.priority, 0)
        XCTAssertEqual(empty.likes, 0)
        XCTAssertNotEqual(bare, empty, "An empty author is not an absent one")
    }

    func test_aLinkThatIsTheId_readsBackAsTheLink() {
        let item = Item(id: "https://example.com/1", name: "a", imageAddress: nil, linkAddress: "https://example.com/1")

        XCTAssertEqual(item.linkAddress, "https://example.com/1")
        XCTAssertEqual(item, Item(id: "https://example.com/1", name: "a", imageURL: nil, link: URL(string: "https://example.com/1")))
        XCTAssertNotEqual(item, Item(id: "https://example.com/1", name: "a", imageAddress: nil))
    }

    func test_countsBeyondThirtyTwoBits_areClamped_notLost() {
        XCTAssertEqual(Item(id: "1", name: "a", imageAddress: nil, likes: Int.max).likes, Int(Int32.max))
        XCTAssertEqual(Item(id: "1", name: "a", imageAddress: nil, priority: Int.min).priority, Int(Int32.min) + 1)
    }

    func test_equalityAndHashing_followEveryField() {
        let item = Item(id: "1", name: "a", imageAddress: "https://e.com/a.png", author: "x", date: Date(timeIntervalSince1970: 5), likes: 1, tags: ["t"])
        let same = Item(id: "1", name: "a", imageAddress: "https://e.com/a.png", author: "x", date: Date(timeIntervalSince1970: 5), likes: 1, tags: ["t"])
        XCTAssertEqual(item, same)
        XCTAssertEqual(Set([item, same]).count, 1)

        let others = [
            Item(id: "2", name: "a", imageAddress: "https://e.com/a.png", author: "x", date: Date(timeIntervalSince1970: 5), likes: 1, tags: ["t"]),
            // The same bytes split between fields differently.
            Item(id: "1a", name: "", imageAddress: "https://e.com/a.png", author: "x", date: Date(timeIntervalSince1970: 5), likes: 1, tags: ["t"]),
            Item(id: "1", name: "a", imageAddress: nil, author: "x", date: Date(timeIntervalSince1970: 5), likes: 1, tags: ["t"]),
            Item(id: "1", name: "a", imageAddress: "https://e.com/a.png", author: "x", date: Date(timeIntervalSince1970: 6), likes: 1, tags: ["t"]),
            Item(id: "1", name: "a", imageAddress: "https://e.com/a.png", author: "x", date: Date(timeIntervalSince1970: 5), likes: 2, tags: ["t"]),
            Item(id: "1", name: "a", imageAddress: "https://e.com/a.png", author: "x", date: Date(timeIntervalSince1970: 5), likes: 1, tags: ["t", ""]),
        ]
        for other in others {
            XCTAssertNotEqual(item, other, "\(other)")
        }
    }
}

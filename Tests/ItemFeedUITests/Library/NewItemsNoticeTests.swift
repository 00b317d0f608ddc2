import Foundation
import ItemFeed
import ItemFeedUI
import XCTest

final class NewItemsNoticeTests: XCTestCase {
    func test_namesTheFeedThatBroughtMost_andCountsTheOthers() {
        XCTAssertNil(NewItemsNotice.text([]))
        XCTAssertNil(NewItemsNotice.text([("Tech Daily", 0)]))
        XCTAssertEqual(NewItemsNotice.text([("Tech Daily", 1)]), "1 new item from Tech Daily")
        XCTAssertEqual(NewItemsNotice.text([("News", 2), ("Tech Daily", 5)]), "7 new items from Tech Daily and News")
        XCTAssertEqual(NewItemsNotice.text([("A", 1), ("Tech Daily", 9), ("B", 1), ("C", 1)]), "12 new items from Tech Daily and 3 more feeds")
    }
}

/// One new item is named, with its key (Open, Mark as Read); more are counted.
final class NewItemsNotificationTests: XCTestCase {
    func test_oneItem_isNamedByItsTitle_fromItsFeed() {
        let item = LibraryItem(key: 42, feedAddress: URL(string: "https://tech.example/feed.xml")!, item: Item(id: "a", name: "Tides Explained", imageURL: nil))
        let notice = NewItemsNotice.notice([("Tech Daily", 1)], single: item)
        XCTAssertEqual(notice, NewItemsNotice.Notice(title: "New Item from Tech Daily", body: "Tides Explained", item: 42))
    }

    func test_moreItems_orNoneKnown_areCounted() {
        let item = LibraryItem(key: 42, feedAddress: URL(string: "https://tech.example/feed.xml")!, item: Item(id: "a", name: "Tides Explained", imageURL: nil))
        XCTAssertEqual(NewItemsNotice.notice([("Tech Daily", 2)], single: item), NewItemsNotice.Notice(title: "New Items", body: "2 new items from Tech Daily", item: nil))
        XCTAssertEqual(NewItemsNotice.notice([("Tech Daily", 1)], single: nil)?.item, nil)
        XCTAssertNil(NewItemsNotice.notice([("Tech Daily", 0)], single: nil))
    }
}

/// A notify rule's notification says which rule when one rule matched.
final class RuleNoticeTests: XCTestCase {
    func test_oneRule_isNamed_severalAreNot() {
        XCTAssertEqual(RuleNotice.text([("Storm at sea", "storm")]), "“Storm at sea” matched the rule “storm”")
        XCTAssertEqual(RuleNotice.text([("Storm at sea", "storm"), ("Storm again", "storm")]), "“Storm at sea” and 1 more item matched the rule “storm”")
        XCTAssertEqual(RuleNotice.text([("Storm at sea", "storm"), ("Tide", "tide")]), "“Storm at sea” and 1 more item matched your rules")
        XCTAssertEqual(RuleNotice.text([("Storm at sea", nil)]), "“Storm at sea” matched a rule", "its rule removed since")
        XCTAssertNil(RuleNotice.text([]))
    }
}

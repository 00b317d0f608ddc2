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

/// One new item is named, with its key (Open, Mark as Read); more are
/// counted; either follows the items that came, until they are read.
final class NewItemsNotificationTests: XCTestCase {
    private let tech = URL(string: "https://tech.example/feed.xml")!
    private let news = URL(string: "https://news.example/feed.xml")!

    /// Each feed's items stored last, keys counting down from `base`.
    private func stored(_ base: [URL: LibraryItem.Key]) -> (Int, URL) -> [LibraryItem] {
        { count, feed in
            (0..<count).map { LibraryItem(key: base[feed]! - LibraryItem.Key($0), feedAddress: feed, item: Item(id: "\($0)", name: "Item \($0)", imageURL: nil)) }
        }
    }

    func test_oneItem_isNamedByItsTitle_fromItsFeed() {
        let notice = NewItemsNotice.notice(brought: [tech: 1, news: 0], title: { $0 == self.tech ? "Tech Daily" : nil }, lastStored: stored([tech: 42]))
        XCTAssertEqual(notice, NewItemsNotice.Notice(title: "New Item from Tech Daily", body: "Item 0", items: [42]))
    }

    func test_moreItems_areCounted_andFollowed() {
        let notice = NewItemsNotice.notice(brought: [tech: 2, news: 1], title: { _ in nil }, lastStored: stored([tech: 42, news: 7]))
        XCTAssertEqual(notice?.title, "New Items")
        XCTAssertEqual(notice?.body, "3 new items from tech.example and news.example")
        XCTAssertEqual(Set(notice?.items ?? []), [42, 41, 7])
        XCTAssertNil(NewItemsNotice.notice(brought: [tech: 0], title: { _ in nil }, lastStored: stored([tech: 42])))
    }

    func test_aHugeRefresh_isFollowedByItsFirstItemsOnly() {
        let notice = NewItemsNotice.notice(brought: [tech: 100_000], title: { _ in nil }, lastStored: stored([tech: 200_000]))
        XCTAssertEqual(notice?.items.count, NewItemsNotice.followedItems)
    }

    func test_aFeedThatStoredNothingAfterAll_namesNoItem() {
        let notice = NewItemsNotice.notice(brought: [tech: 1], title: { _ in nil }, lastStored: { _, _ in [] })
        XCTAssertEqual(notice?.title, "New Items")
        XCTAssertEqual(notice?.items, [])
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

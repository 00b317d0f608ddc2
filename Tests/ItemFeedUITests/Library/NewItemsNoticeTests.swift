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

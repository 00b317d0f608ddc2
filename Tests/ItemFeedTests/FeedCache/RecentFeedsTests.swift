import XCTest
import ItemFeed

/// SPEC 9.4: the last ten feeds opened.
final class RecentFeedsTests: XCTestCase {
    func test_opened_putsTheFeedFirst_withoutRepeating_andKeepsTen() {
        var sut = RecentFeeds()
        let urls = (0..<12).map { URL(string: "https://feeds.example.com/\($0)")! }

        urls.forEach { sut.opened($0) }
        sut.opened(urls[5])

        XCTAssertEqual(sut.addresses.count, RecentFeeds.limit)
        XCTAssertEqual(sut.addresses.first, urls[5])
        XCTAssertEqual(sut.addresses.filter { $0 == urls[5] }.count, 1)
        XCTAssertFalse(sut.addresses.contains(urls[0]), "Expected the oldest forgotten")
        XCTAssertEqual(Array(sut.addresses.dropFirst().prefix(2)), [urls[11], urls[10]])
    }
}

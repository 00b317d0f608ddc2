import Foundation
import ItemFeed
import ItemFeedUI
import ItemFeedTestSupport
import XCTest

/// SPEC 10: the dim line under a row's title and the row's spoken label.
final class ItemRowDescriptionTests: XCTestCase {
    func test_details_sayAuthorHowLongAgoAndLikes_inThatOrder() {
        let item = makeItem(author: "Ana Lima", date: now.addingTimeInterval(-3 * 3600), likes: 12)

        XCTAssertEqual(makeDescription().details(of: item), "Ana Lima · 3 hours ago · 12 likes")
    }

    func test_details_leaveOutWhatTheFeedDoesNotSay() {
        XCTAssertEqual(makeDescription().details(of: makeItem()), "")
        XCTAssertEqual(makeDescription().details(of: makeItem(date: now.addingTimeInterval(-2 * 86400))), "2 days ago")
        XCTAssertEqual(makeDescription().details(of: makeItem(author: "", likes: 1)), "1 like")
    }

    func test_details_followTheLocale() {
        let item = makeItem(author: "山田", date: now.addingTimeInterval(-3 * 3600))

        XCTAssertEqual(makeDescription(locale: Locale(identifier: "ja_JP")).details(of: item), "山田 · 3 時間前")
    }

    func test_details_areFormattedAgainstTheClockWhenShown_notWhenMade() {
        let clock = Clock(now)
        let sut = ItemRowDescription(now: { clock.now }, locale: Locale(identifier: "en_US"))
        let item = makeItem(date: now.addingTimeInterval(-60))
        XCTAssertEqual(sut.details(of: item), "1 minute ago")

        clock.now = now.addingTimeInterval(3600)

        XCTAssertEqual(sut.details(of: item), "1 hour ago")
    }

    func test_accessibleLabel_isTitleAuthorAndDate_separatedForAScreenReader() {
        let item = makeItem(name: "Swift on GTK", author: "Ana Lima", date: now.addingTimeInterval(-3 * 3600))

        XCTAssertEqual(makeDescription().accessibleLabel(of: item), "Swift on GTK, Ana Lima, 3 hours ago")
        XCTAssertEqual(makeDescription().accessibleLabel(of: makeItem(name: "Only a title")), "Only a title")
    }

    @MainActor func test_aShownRow_rendersItsItemsDetailsAndSpokenLabel() async {
        let sut = makeSUT()
        sut.controller.simulateScreenShown()
        sut.loader.completeItemLoading(with: [makeItem(name: "First", author: "Ana", likes: 12), makeItem(name: "Second")], at: 0)

        let first = sut.controller.simulateRowVisible(at: 0)
        let second = sut.controller.simulateRowVisible(at: 1)

        XCTAssertEqual(first.state?.details, "Ana · 12 likes")
        XCTAssertEqual(first.state?.accessibleLabel, "First, Ana, 12 likes")
        XCTAssertEqual(second.state?.details, "")
        XCTAssertEqual(second.state?.accessibleLabel, "Second")
    }

    // MARK: Helpers

    private let now = Date(timeIntervalSince1970: 1_800_000_000)

    private func makeDescription(locale: Locale = Locale(identifier: "en_US")) -> ItemRowDescription {
        ItemRowDescription(now: { [now] in now }, locale: locale)
    }

}

private final class Clock: @unchecked Sendable {
    var now: Date
    init(_ now: Date) { self.now = now }
}

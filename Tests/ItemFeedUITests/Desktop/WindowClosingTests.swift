import ItemFeed
import ItemFeedUI
import XCTest

/// Closing the window: the user's choice when made; asked only when feeds
/// refresh on their own (else there is nothing to run in the background).
final class WindowClosingTests: XCTestCase {
    func test_theChoiceMade_isKept() {
        XCTAssertEqual(WindowClosing(runsInBackground: true, interval: .hour, hasFeeds: true), .runInBackground)
        XCTAssertEqual(WindowClosing(runsInBackground: true, interval: .off, hasFeeds: false), .runInBackground)
        XCTAssertEqual(WindowClosing(runsInBackground: false, interval: .hour, hasFeeds: true), .quit)
    }

    func test_notYetChosen_asksOnlyWhenFeedsRefreshOnTheirOwn() {
        XCTAssertEqual(WindowClosing(runsInBackground: nil, interval: .quarterHour, hasFeeds: true), .ask)
        XCTAssertEqual(WindowClosing(runsInBackground: nil, interval: .off, hasFeeds: true), .quit, "refreshed only by hand")
        XCTAssertEqual(WindowClosing(runsInBackground: nil, interval: .hour, hasFeeds: false), .quit, "nothing to refresh")
    }

    func test_theQuestion_offersBothAndSaysWhereToChangeIt() {
        let question = WindowClosing.question
        XCTAssertTrue(question.body.contains("Preferences"))
        XCTAssertEqual([question.quit, question.runInBackground], ["_Quit", "_Run in Background"])
    }
}

import Foundation
import ItemFeed
import XCTest

/// When a feed is asked again: who asked, and what it and its server said.
final class RefreshPolitenessTests: XCTestCase {
    private let now = Date(timeIntervalSince1970: 1_800_000_000)

    func test_theSchedule_asksOnlyFeedsDue() {
        XCTAssertTrue(asks(.schedule, state: .ok, nextDue: nil))
        XCTAssertTrue(asks(.schedule, state: .ok, nextDue: now))
        XCTAssertFalse(asks(.schedule, state: .ok, nextDue: now + 1), "max-age or ttl not passed")
        XCTAssertFalse(asks(.schedule, state: .failed(reason: "down"), nextDue: now + 1), "backing off")
        XCTAssertFalse(asks(.schedule, state: .deferred(until: now + 1), nextDue: now + 1), "Retry-After")
        XCTAssertFalse(asks(.schedule, state: .gone, nextDue: nil))
    }

    func test_F5_asksAFailingFeedAgain_butNotOneItsServerDeferredOrAGoneOne() {
        XCTAssertTrue(asks(.view, state: .failed(reason: "down"), nextDue: now + 3_600))
        XCTAssertFalse(asks(.view, state: .ok, nextDue: now + 1))
        XCTAssertFalse(asks(.view, state: .deferred(until: now + 1), nextDue: now + 1))
        XCTAssertFalse(asks(.view, state: .gone, nextDue: nil))
    }

    func test_aFeedsOwnRefresh_asksItWhateverItSaid() {
        XCTAssertTrue(asks(.feed, state: .gone, nextDue: nil))
        XCTAssertTrue(asks(.feed, state: .deferred(until: now + 60), nextDue: now + 60))
    }

    func test_backoff_isAnHourDoublingToADay() {
        XCTAssertEqual((1...7).map { RefreshPoliteness.backoff(afterFailures: $0) / 3_600 }, [1, 2, 4, 8, 16, 24, 24])
        XCTAssertEqual(RefreshPoliteness.backoff(afterFailures: 10_000), 86_400)
    }

    func test_retryAfter_readsSecondsAndDates_andRefusesNonsense() {
        XCTAssertEqual(RefreshPoliteness.retryAfter("120", now: now), now + 120)
        XCTAssertEqual(RefreshPoliteness.retryAfter("Fri, 15 Jan 2027 08:30:00 GMT", now: now), now + 1_800)
        XCTAssertEqual(RefreshPoliteness.retryAfter("Friday, 15-Jan-27 08:30:00 GMT", now: now), now + 1_800)
        XCTAssertEqual(RefreshPoliteness.retryAfter("Fri Jan 15 08:30:00 2027", now: now), now + 1_800)
        XCTAssertEqual(RefreshPoliteness.retryAfter("Thu, 01 Jan 1970 00:00:00 GMT", now: now), now, "a date past is now")
        XCTAssertEqual(RefreshPoliteness.retryAfter("99999999", now: now), now + 86_400)
        XCTAssertNil(RefreshPoliteness.retryAfter("soon", now: now))
        XCTAssertNil(RefreshPoliteness.retryAfter(nil, now: now))
    }

    func test_maxAge_isReadFromCacheControl_unlessTheCopyMayNotBeKept() {
        XCTAssertEqual(RefreshPoliteness.maxAge("public, max-age=600"), 600)
        XCTAssertEqual(RefreshPoliteness.maxAge("Max-Age=\"30\""), 30)
        XCTAssertNil(RefreshPoliteness.maxAge("no-cache, max-age=600"))
        XCTAssertNil(RefreshPoliteness.maxAge("max-age=-5"))
        XCTAssertNil(RefreshPoliteness.maxAge(nil))
    }

    private func asks(_ asker: RefreshPoliteness.Asker, state: SubscriptionState, nextDue: Date?) -> Bool {
        let subscription = Subscription(address: URL(string: "https://a.example/feed")!, title: "A", state: state, nextDue: nextDue)
        return RefreshPoliteness.shouldAsk(subscription, now: now, askedBy: asker)
    }
}

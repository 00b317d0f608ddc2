import Foundation
import ItemFeed
import ItemFeedCurl
import ItemFeedTestSupport
import ItemFeedXML
import XCTest

/// SPEC 12's politeness through the real libcurl client, against the local
/// test server: what a subscription's refresh sends, and what the library
/// keeps of the answer for the next one.
final class PoliteRefreshTests: LocalServerTestCase {
    private let now = Date(timeIntervalSince1970: 1_800_000_000)

    func test_aConditionalGet_withTheValidatorsKept_isAnsweredUnchanged() throws {
        let url = served(Self.rss, type: "application/rss+xml", etag: "\"v1\"")
        let first = refresh(Subscription(address: url, title: "Feed"))
        guard case .loaded = first.outcome else { return XCTFail("\(first.outcome)") }
        XCTAssertEqual(first.validators?.entityTag, "\"v1\"")

        let second = refresh(Subscription(address: url, title: "Feed", validators: try XCTUnwrap(first.validators)))

        guard case .unchanged = second.outcome else { return XCTFail("\(second.outcome)") }
    }

    func test_maxAge_andTheFeedsTTL_setWhenItIsAskedNext() {
        let maxAge = refresh(Subscription(address: served(Self.rss, type: "application/rss+xml", headers: ["Cache-Control:public, max-age=600"]), title: "F"))
        XCTAssertEqual(maxAge.nextDue, now.addingTimeInterval(600))

        let ttl = refresh(Subscription(address: served(Self.rss(ttl: 90), type: "application/rss+xml", headers: ["Cache-Control:max-age=60"]), title: "F"))
        XCTAssertEqual(ttl.nextDue, now.addingTimeInterval(90 * 60), "the longer of the two")

        let none = refresh(Subscription(address: served(Self.rss, type: "application/rss+xml", headers: ["Cache-Control:no-store, max-age=600"]), title: "F"))
        XCTAssertNil(none.nextDue)
    }

    func test_retryAfter_inSeconds_andAsADate_defersTheFeed() {
        let seconds = refresh(Subscription(address: served("busy", type: "text/plain", status: 429, headers: ["Retry-After:120"]), title: "F"))
        guard case let .deferred(until) = seconds.outcome else { return XCTFail("\(seconds.outcome)") }
        XCTAssertEqual(until, now.addingTimeInterval(120))

        let date = refresh(Subscription(address: served("down", type: "text/plain", status: 503, headers: ["Retry-After:Fri, 15 Jan 2027 08:30:00 GMT"]), title: "F"))
        guard case let .deferred(dated) = date.outcome else { return XCTFail("\(date.outcome)") }
        XCTAssertEqual(dated, now.addingTimeInterval(1_800))

        let far = refresh(Subscription(address: served("down", type: "text/plain", status: 503, headers: ["Retry-After:Fri, 22 Jan 2027 08:30:00 GMT"]), title: "F"))
        guard case let .deferred(capped) = far.outcome else { return XCTFail("\(far.outcome)") }
        XCTAssertEqual(capped, now.addingTimeInterval(86_400), "at most a day away")
    }

    func test_aFailure_backsOff_anHourDoublingToADay_withItsReason() {
        let url = served("oops", type: "text/plain", status: 500)
        let first = refresh(Subscription(address: url, title: "F"))
        guard case let .failed(reason) = first.outcome else { return XCTFail("\(first.outcome)") }
        XCTAssertTrue(reason.contains("500"), reason)
        XCTAssertEqual(first.nextDue, now.addingTimeInterval(3_600))

        XCTAssertEqual(refresh(Subscription(address: url, title: "F", failures: 2)).nextDue, now.addingTimeInterval(4 * 3_600))
        XCTAssertEqual(refresh(Subscription(address: url, title: "F", failures: 9)).nextDue, now.addingTimeInterval(86_400))
    }

    func test_aMoveForGood_isKept_andATemporaryOneIsNot() {
        let target = served(Self.rss, type: "application/rss+xml")
        for status in [301, 308] {
            let moved = refresh(Subscription(address: redirect(to: target, status: status), title: "F"))
            XCTAssertEqual(moved.movedTo, target, "\(status)")
        }
        for status in [302, 307] {
            let visiting = refresh(Subscription(address: redirect(to: target, status: status), title: "F"))
            guard case .loaded = visiting.outcome else { return XCTFail("\(visiting.outcome)") }
            XCTAssertNil(visiting.movedTo, "\(status)")
        }
        let mixed = refresh(Subscription(address: redirect(to: redirect(to: target, status: 302), status: 301), title: "F"))
        XCTAssertNil(mixed.movedTo, "a 302 on the way: not for good")
    }

    func test_gone_isGone() {
        let gone = refresh(Subscription(address: served("gone", type: "text/plain", status: 410), title: "F"))
        guard case .gone = gone.outcome else { return XCTFail("\(gone.outcome)") }
    }

    // MARK: Helpers

    private static let rss = rss(ttl: nil)

    private static func rss(ttl: Int?) -> String {
        """
        <rss version="2.0"><channel><title>Polite</title>\(ttl.map { "<ttl>\($0)</ttl>" } ?? "")
          <item><title>One</title><guid>1</guid></item></channel></rss>
        """
    }

    private func redirect(to url: URL, status: Int) -> URL {
        var components = URLComponents(url: server.url("/redirect"), resolvingAgainstBaseURL: false)!
        components.queryItems = [URLQueryItem(name: "to", value: url.absoluteString), URLQueryItem(name: "status", value: String(status))]
        return components.url!
    }

    private func refresh(_ subscription: Subscription, file: StaticString = #filePath, line: UInt = #line) -> FeedRefresh {
        let session = CurlSession(userAgent: "ItemFeed-tests/1.0") { $0() }
        let loader = SubscriptionLoader(
            client: CurlHTTPClient(session: session, limits: .feed), formats: .json + [RSSFormat(), AtomFormat()], now: { [now] in now }
        )
        let received = LockedBox<[FeedRefresh]>([])
        let done = expectation(description: "refresh \(subscription.address)")
        loader.refresh(subscription) { refresh in
            received.update { $0.append(refresh) }
            done.fulfill()
        }
        wait(for: [done], timeout: 15)
        XCTAssertEqual(received.value.count, 1, file: file, line: line)
        return received.value.first ?? FeedRefresh(address: subscription.address, outcome: .failed(reason: "no answer"), date: now)
    }
}

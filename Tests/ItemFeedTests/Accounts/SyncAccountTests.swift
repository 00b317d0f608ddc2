import Foundation
import ItemFeed
import ItemFeedTestSupport
import XCTest

/// Which accounts the refresh interval may sync: SPEC 15's "no retry storm"
/// and "backs off like a feed".
final class SyncAccountTests: XCTestCase {
    private let now = Date(timeIntervalSince1970: 1_800_000_000)

    func test_anAccountThatNeedsSignIn_isNeverDue() {
        XCTAssertFalse(account(.needsSignIn).isDue(at: now))
    }

    func test_aFailingAccount_isDueOnceItsWaitIsOver() {
        XCTAssertFalse(account(.failed(reason: "HTTP 503", until: now.addingTimeInterval(1))).isDue(at: now))
        XCTAssertTrue(account(.failed(reason: "HTTP 503", until: now)).isDue(at: now))
        XCTAssertTrue(account(.failed(reason: "from an older library", until: nil)).isDue(at: now))
    }

    func test_aSyncedOrNewAccount_isDue() {
        XCTAssertTrue(account(.ok).isDue(at: now))
        XCTAssertTrue(account(.neverSynced).isDue(at: now))
    }

    private func account(_ state: SyncAccountState) -> SyncAccount {
        SyncAccount(id: 2, service: .example, address: URL(string: "https://rss.example/")!, userName: "ann", state: state)
    }
}

import Foundation
import ItemFeed
import XCTest

final class OnDemandTests: XCTestCase {
    func test_madeOnTheFirstAsk_andOnceOnly_whicheverThreadsAsk() {
        let makes = Locked(0)
        let value = OnDemand<Int> { makes.withLock { $0 += 1; return 42 } }
        XCTAssertEqual(makes.withLock { $0 }, 0, "not made before it is asked for")

        DispatchQueue.concurrentPerform(iterations: 50) { _ in XCTAssertEqual(value.value, 42) }

        XCTAssertEqual(makes.withLock { $0 }, 1)
    }
}

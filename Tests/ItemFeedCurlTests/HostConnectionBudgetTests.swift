@testable import ItemFeedCurl
import XCTest

/// The worker's own queue of transfers per host (issue 12, item 6).
final class HostConnectionBudgetTests: XCTestCase {
    private final class Transfer {}

    func test_admit_startsUpToTheSlotsOfAHost_andQueuesTheRest() {
        var budget = HostConnectionBudget<Transfer>(slotsPerHost: 2)

        XCTAssertTrue(budget.admit(Transfer(), host: "a"))
        XCTAssertTrue(budget.admit(Transfer(), host: "a"))
        XCTAssertFalse(budget.admit(Transfer(), host: "a"))
        XCTAssertTrue(budget.admit(Transfer(), host: "b"), "Expected another host to have slots of its own")
    }

    func test_release_handsTheSlotToTheTransfersWaiting_firstComeFirstServed() {
        var budget = HostConnectionBudget<Transfer>(slotsPerHost: 1)
        let (first, second, third) = (Transfer(), Transfer(), Transfer())
        _ = budget.admit(first, host: "a")
        _ = budget.admit(second, host: "a")
        _ = budget.admit(third, host: "a")

        XCTAssertTrue(budget.release(host: "a") === second)
        XCTAssertTrue(budget.release(host: "a") === third)
        XCTAssertNil(budget.release(host: "a"))
        XCTAssertTrue(budget.admit(Transfer(), host: "a"), "Expected the slot free once nothing waits")
        XCTAssertFalse(budget.admit(Transfer(), host: "a"))
    }

    func test_withdraw_removesAWaitingTransfer_only() {
        var budget = HostConnectionBudget<Transfer>(slotsPerHost: 1)
        let (running, cancelled, next) = (Transfer(), Transfer(), Transfer())
        _ = budget.admit(running, host: "a")
        _ = budget.admit(cancelled, host: "a")
        _ = budget.admit(next, host: "a")

        XCTAssertTrue(budget.withdraw(cancelled, host: "a"))
        XCTAssertFalse(budget.withdraw(running, host: "a"), "A running transfer is not waiting")
        XCTAssertTrue(budget.release(host: "a") === next)
    }

    func test_forgetWaiting_leavesNothingToStart() {
        var budget = HostConnectionBudget<Transfer>(slotsPerHost: 1)
        _ = budget.admit(Transfer(), host: "a")
        _ = budget.admit(Transfer(), host: "a")

        budget.forgetWaiting()

        XCTAssertNil(budget.release(host: "a"))
    }
}

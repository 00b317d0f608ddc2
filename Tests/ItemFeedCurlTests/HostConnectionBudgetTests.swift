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
        var (budget, transfers) = oneSlotOfHostA(admitting: 3)
        let (second, third) = (transfers[1], transfers[2])

        XCTAssertTrue(budget.release(host: "a") === second)
        XCTAssertTrue(budget.release(host: "a") === third)
        XCTAssertNil(budget.release(host: "a"))
        XCTAssertTrue(budget.admit(Transfer(), host: "a"), "Expected the slot free once nothing waits")
        XCTAssertFalse(budget.admit(Transfer(), host: "a"))
    }

    func test_withdraw_removesAWaitingTransfer_only() {
        var (budget, transfers) = oneSlotOfHostA(admitting: 3)
        let (running, cancelled, next) = (transfers[0], transfers[1], transfers[2])

        XCTAssertTrue(budget.withdraw(cancelled, host: "a"))
        XCTAssertFalse(budget.withdraw(running, host: "a"), "A running transfer is not waiting")
        XCTAssertTrue(budget.release(host: "a") === next)
    }

    func test_forgetWaiting_leavesNothingToStart() {
        var (budget, _) = oneSlotOfHostA(admitting: 2)

        budget.forgetWaiting()

        XCTAssertNil(budget.release(host: "a"))
    }

    /// One transfer holds host "a"'s only slot; the rest wait, in order.
    private func oneSlotOfHostA(admitting count: Int) -> (HostConnectionBudget<Transfer>, [Transfer]) {
        var budget = HostConnectionBudget<Transfer>(slotsPerHost: 1)
        let transfers = (0..<count).map { _ in Transfer() }
        for transfer in transfers { _ = budget.admit(transfer, host: "a") }
        return (budget, transfers)
    }
}

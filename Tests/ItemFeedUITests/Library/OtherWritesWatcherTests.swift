import ItemFeed
import ItemFeedTestSupport
import ItemFeedUI
import XCTest

/// What another process writes (the command line, a second window) reaches
/// an open window: the writer's connection is asked every half second
/// whether another connection committed, and the window is told once per
/// change, never for its own writes, never once stopped.
final class OtherWritesWatcherTests: XCTestCase {
    @MainActor func test_aChangeByAnotherConnection_isToldOnce_atTheNextLook() async {
        let scheduler = ManualScheduler()
        var version: Int64? = 7, told = 0
        let sut = OtherWritesWatcher(schedule: scheduler.schedule, version: { $0(version) }) { told += 1 }

        sut.start()
        XCTAssertEqual(told, 0, "the first look, at once, only learns where it stands")
        XCTAssertEqual(scheduler.pendingDelays, [0.5])
        version = 8
        scheduler.runPending()
        XCTAssertEqual(told, 1)
        scheduler.runPending()
        XCTAssertEqual(told, 1, "nothing new since")
        XCTAssertEqual(scheduler.pendingDelays, [0.5], "and it keeps looking")
    }

    @MainActor func test_anUnknownVersion_tellsNothing_andStopEndsTheLooking() async {
        let scheduler = ManualScheduler()
        var version: Int64? = nil, told = 0
        let sut = OtherWritesWatcher(schedule: scheduler.schedule, version: { $0(version) }) { told += 1 }

        sut.start()
        version = 3
        scheduler.runPending()
        XCTAssertEqual(told, 0, "unknown, then known: no change seen")
        sut.stop()
        version = 4
        scheduler.runPending()
        XCTAssertEqual(told, 0)
        XCTAssertEqual(scheduler.pendingDelays, [])
    }

    @MainActor func test_anAnswerAfterStop_isIgnored() async {
        let scheduler = ManualScheduler()
        var answer: ((Int64?) -> Void)?
        var told = 0
        let sut = OtherWritesWatcher(schedule: scheduler.schedule, version: { answer = $0 }) { told += 1 }
        sut.start()
        answer?(1)
        scheduler.runPending()

        sut.stop()
        answer?(2)

        XCTAssertEqual(told, 0)
        XCTAssertEqual(scheduler.pendingDelays, [])
    }
}

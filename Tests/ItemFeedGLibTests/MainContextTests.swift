import Dispatch
import Foundation
@testable import ItemFeedGLib
import ItemFeedTestSupport
import XCTest

final class MainContextTests: XCTestCase {
    /// While the main thread is not iterating the loop, GLib's
    /// `g_main_context_invoke` would run the work on the calling worker.
    @MainActor func test_invoke_fromAWorker_runsOnTheMainThread_evenWhileTheLoopIsIdle() async {
        let ranOnMainThread = LockedBox<Bool?>(nil)
        let queued = DispatchSemaphore(value: 0)

        DispatchQueue.global().async {
            MainContext.invoke { ranOnMainThread.update { $0 = Thread.isMainThread } }
            queued.signal()
        }
        queued.wait()
        XCTAssertNil(ranOnMainThread.value, "Expected the work queued, not run on the worker")

        XCTAssertTrue(MainContext.iterate(until: { ranOnMainThread.value != nil }, timeoutSeconds: 5))
        XCTAssertEqual(ranOnMainThread.value, true)
    }
}

import Dispatch
import Foundation
import ItemFeedGtk
import ItemFeedTestSupport
import XCTest
import CGtk

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

    /// A feed's batches must not hold off drawing: work queued below
    /// drawing runs after drawing-priority work queued later, and in its
    /// own order.
    @MainActor func test_workBelowDrawing_waitsForDrawing_andKeepsItsOrder() async {
        let order = LockedBox<[String]>([])
        MainContext.invoke(.belowDrawing) { order.update { $0.append("batch 1") } }
        MainContext.invoke(.belowDrawing) { order.update { $0.append("batch 2") } }
        MainContext.invoke(.normal) { order.update { $0.append("normal") } }
        let redraw: GSourceFunc = { data in
            Unmanaged<LockedBox<[String]>>.fromOpaque(data!).takeUnretainedValue().update { $0.append("redraw") }
            return gboolean(0)
        }
        g_idle_add_full(GDK_PRIORITY_REDRAW, redraw, Unmanaged.passRetained(order).toOpaque()) { data in
            Unmanaged<LockedBox<[String]>>.fromOpaque(data!).release()
        }

        XCTAssertTrue(MainContext.iterate(until: { order.value.count == 4 }, timeoutSeconds: 5))
        XCTAssertEqual(order.value, ["normal", "redraw", "batch 1", "batch 2"])
    }
}

import CGtk
import Foundation
import ItemFeed
import ItemFeedGLib
@testable import ItemFeedGtk
import ItemFeedTestSupport
import XCTest

final class BackgroundFeedMappingTests: XCTestCase {
    /// A feed's batches reach the UI thread in order, then its result, with
    /// the loop free to draw between them: a timer at GDK's redraw priority
    /// ticks between every two deliveries.
    @MainActor func test_batchesThenTheResult_arriveInOrder_aFrameApart() async {
        var events: [String] = []
        let ticks = LockedBox(0)
        let tick: GSourceFunc = { data in
            Unmanaged<LockedBox<Int>>.fromOpaque(data!).takeUnretainedValue().update { $0 += 1 }
            return gboolean(1)
        }
        let timer = g_timeout_add_full(GDK_PRIORITY_REDRAW, 5, tick, Unmanaged.passRetained(ticks).toOpaque()) { data in
            Unmanaged<LockedBox<Int>>.fromOpaque(data!).release()
        }
        defer { g_source_remove(timer) }

        BackgroundFeedMapping.map({ batches in
            for id in ["a", "b", "c"] { batches?.deliver([makeItem(id: id)]) }
            return Feed(items: [])
        }, batches: { events.append("batch \($0[0].id) after \(ticks.value) ticks") }) { _ in
            events.append("result after \(ticks.value) ticks")
        }

        XCTAssertTrue(MainContext.iterate(until: { events.count == 4 }, timeoutSeconds: 5), "Events: \(events)")
        let order = events.map { $0.components(separatedBy: " after ")[0] }
        XCTAssertEqual(order, ["batch a", "batch b", "batch c", "result"])
        let tickCounts = events.map { Int($0.components(separatedBy: " after ")[1].split(separator: " ")[0])! }
        for (before, after) in zip(tickCounts, tickCounts.dropFirst()) {
            XCTAssertGreaterThan(after, before, "Expected the loop to tick between deliveries: \(events)")
        }
    }

    /// GTK has a frame due every 16 ms while a spinner turns: a source at
    /// its redraw priority that is always ready stands in for that. The
    /// batches and the result must still arrive; queued below drawing, the
    /// demo feed's result waited seconds behind the header's spinner.
    @MainActor func test_batchesAndTheResult_arrive_whileGTKAlwaysHasAFrameDue() async {
        var events: [String] = []
        let busy = g_idle_add_full(GDK_PRIORITY_REDRAW, { _ in gboolean(1) }, nil, nil)
        defer { g_source_remove(busy) }

        BackgroundFeedMapping.map({ batches in
            batches?.deliver([makeItem(id: "a")])
            return Feed(items: [makeItem(id: "a"), makeItem(id: "b")])
        }, batches: { events.append("batch \($0.count)") }) { result in
            events.append("result \((try? result.get())?.items.count ?? -1)")
        }

        XCTAssertTrue(MainContext.iterate(until: { events.count == 2 }, timeoutSeconds: 5), "Events: \(events)")
        XCTAssertEqual(events, ["batch 1", "result 2"])
    }
}

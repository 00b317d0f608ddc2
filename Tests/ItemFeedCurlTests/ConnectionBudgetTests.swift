import Foundation
import ItemFeed
import ItemFeedCurl
import ItemFeedTestSupport
import XCTest

/// Transfers beyond a host's connection budget wait in the worker, not in
/// libcurl, whose queue loses a transfer's wake-up now and then (issue 12,
/// item 6: the 10-s thumbnail stalls).
final class ConnectionBudgetTests: LocalServerTestCase {
    func test_transfersBeyondTheBudget_waitTheirTurn_andAllComplete() throws {
        let client = makeClient(connectionsPerHost: 2)
        let done = expectation(description: "six transfers")
        done.expectedFulfillmentCount = 6
        let statuses = LockedBox<[Int]>([])

        let tasks = (0..<6).map { index in
            client.get(from: server.url("/slow?seconds=0.3&tag=turns&i=\(index)")) { result in
                statuses.update { $0.append((try? result.get().statusCode) ?? -1) }
                done.fulfill()
            }
        }
        wait(for: [done], timeout: 15)

        XCTAssertEqual(statuses.value, Array(repeating: 200, count: 6))
        XCTAssertEqual(try serverStats().peak["turns"], 2, "Expected two at a time, the host's budget")
        XCTAssertEqual(tasks.count, 6)
    }

    func test_aTransferCancelledWhileWaiting_neverReachesTheServer_andTheNextOneRuns() throws {
        let client = makeClient(connectionsPerHost: 1)
        let slow = client.get(from: server.url("/slow?seconds=0.5&tag=withdrawn")) { _ in }
        let delivered = LockedBox(0)
        let cancelled = client.get(from: server.url("/body?text=cancelled&tag=withdrawn")) { _ in delivered.update { $0 += 1 } }
        Thread.sleep(forTimeInterval: 0.1)

        cancelled.cancel()
        let next = expectation(description: "the transfer after the cancelled one")
        let body = LockedBox<Data?>(nil)
        let task = client.get(from: server.url("/body?text=next&tag=withdrawn")) { result in
            body.update { $0 = try? result.get().body }
            next.fulfill()
        }
        wait(for: [next], timeout: 15)

        XCTAssertEqual(body.value, Data("next".utf8))
        XCTAssertEqual(delivered.value, 0, "Expected nothing delivered for the cancelled transfer")
        XCTAssertEqual(try serverStats().requests["withdrawn"], 2, "Expected the cancelled transfer never sent")
        withExtendedLifetime((slow, task)) {}
    }

    /// The stall itself is a race inside libcurl: with its queue, a burst
    /// stalled for exactly the connect timeout about once in 2,000–4,000
    /// bursts here (this loop found one within 60 s before the fix). Runs
    /// for `ITEMFEED_STALL_HUNT_SECONDS`: 5 in `make test`, 120 in
    /// `make stall-hunt`.
    func test_burstsBeyondTheBudget_neverWaitForTheConnectTimeout() throws {
        let seconds = ProcessInfo.processInfo.environment["ITEMFEED_STALL_HUNT_SECONDS"].flatMap(Double.init) ?? 5
        var limits = CurlTransferLimits.image
        limits.connectTimeoutSeconds = 1
        let client = makeClient(connectionsPerHost: 2, limits: limits)
        let end = Date().addingTimeInterval(seconds)
        var bursts = 0
        var slowest = 0.0
        var failures = 0

        // Stops at the first stall: one is the failure.
        while Date() < end, slowest < 0.9 {
            let (took, failed) = burst(of: 18, in: 3, client: client, index: bursts)
            slowest = max(slowest, took)
            failures += failed
            bursts += 1
        }

        print("\(bursts) bursts of 18 transfers, two connections a host: the slowest took \(String(format: "%.3f", slowest)) s")
        XCTAssertEqual(failures, 0)
        XCTAssertLessThan(slowest, 0.9, "A burst waited for the 1-s connect timeout")
    }

    // MARK: Helpers

    private func makeClient(connectionsPerHost: Int, limits: CurlTransferLimits = .image) -> CurlHTTPClient {
        let session = CurlSession(userAgent: "ItemFeed-tests/1.0", maxConnectionsPerHost: connectionsPerHost) { $0() }
        let client = CurlHTTPClient(session: session, limits: limits)
        trackForMemoryLeaks(session)
        return client
    }

    /// Seconds the burst took, and how many transfers failed. Asked for in
    /// `waves` a moment apart, as rows bound while a list scrolls.
    private func burst(of count: Int, in waves: Int, client: CurlHTTPClient, index: Int) -> (Double, Int) {
        let done = DispatchGroup()
        let failures = LockedBox(0)
        let start = Date()
        var tasks: [HTTPClientTask] = []
        for item in 0..<count {
            if item > 0, item % (count / waves) == 0 { usleep(UInt32.random(in: 0...3_000)) }
            done.enter()
            tasks.append(client.get(from: server.url("/body?text=\(index)-\(item)")) { result in
                if (try? result.get().statusCode) != 200 { failures.update { $0 += 1 } }
                done.leave()
            })
        }
        _ = done.wait(timeout: .now() + 15)
        return withExtendedLifetime(tasks) { (Date().timeIntervalSince(start), failures.value) }
    }
}

import Foundation
import ItemFeed
import ItemFeedCurl

/// Issue 12, item 6: thumbnails fetched through the app's own libcurl
/// client (its thumbnail pool, six connections a host) against `curl
/// --parallel --parallel-max 6` on the same loopback server, and the
/// first-screen bursts that once stalled for 10 s.
struct ThumbnailFetching {
    let server: URL
    private let session = CurlSession(userAgent: "ItemFeed benchmark", deliver: { $0() })

    init(server: URL) {
        self.server = server
    }

    func url(_ index: Int) -> URL { server.appendingPathComponent("thumbs/\(index).png") }

    /// Seconds for the client to fetch `urls`, all asked for at once, as a
    /// screen's rows ask for theirs.
    func fetch(_ urls: [URL]) -> Double {
        let client = CurlHTTPClient(session: session, limits: .image)
        let done = DispatchGroup()
        let failures = LockedCount()
        let start = DispatchTime.now().uptimeNanoseconds
        var tasks: [HTTPClientTask] = []
        for url in urls {
            done.enter()
            tasks.append(client.get(from: url, headers: [:]) { result in
                if case let .success(response) = result, response.statusCode == 200, response.body.count == 20_480 {} else { failures.add() }
                done.leave()
            })
        }
        done.wait()
        precondition(failures.value == 0, "\(failures.value) thumbnails failed")
        return withExtendedLifetime(tasks) { Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 }
    }

    /// The slowest of `count` bursts of 18 thumbnails (a first screen and a
    /// half), each of addresses not fetched before.
    func slowestBurst(count: Int) -> Double {
        (0..<count).map { burst in fetch((0..<18).map { url(100_000 + burst * 18 + $0) }) }.max() ?? 0
    }
}

private final class LockedCount: Sendable {
    private let count = Locked(0)
    var value: Int { count.withLock { $0 } }
    func add() { count.withLock { $0 += 1 } }
}

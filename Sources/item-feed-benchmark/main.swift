import Foundation
import ItemFeed

// Measures how long mapping a big feed takes, against a baseline measured in
// the same run on the same bytes: Foundation's JSONSerialization, which only
// parses. Usage: item-feed-benchmark [ITEMS] (default 100000; build with -c release).

let count = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 100_000
let feedURL = URL(string: "https://feeds.example.com/v1/feed.json")!

func makeFeed(items count: Int) -> Data {
    var json = #"{"items": ["#
    json.reserveCapacity(count * 200)
    for index in 0..<count {
        if index > 0 { json += "," }
        json += #"{"id": "\#(UUID().uuidString)", "name": "Item \#(index)", "image_url": "thumbs/\#(index).png", "#
        json += #""priority": \#(index % 5), "date": "2026-01-\#(index % 28 + 1 < 10 ? "0" : "")\#(index % 28 + 1)T12:00:00Z", "#
        json += #""link": "https://example.com/items/\#(index)"}"#
    }
    return Data((json + "]}").utf8)
}

func peakResidentMiB() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_maxrss) / 1024
}

/// The best of three runs, so one slow run (a page fault storm, another
/// process) does not decide the number.
func bestSeconds(_ work: () throws -> Int) rethrows -> (seconds: Double, items: Int) {
    var best = Double.infinity
    var items = 0
    for _ in 0..<3 {
        let start = DispatchTime.now().uptimeNanoseconds
        items = try work()
        best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
    return (best, items)
}

let data = makeFeed(items: count)
print(String(format: "feed: %d items, %.1f MiB", count, Double(data.count) / 1_048_576))

let baseline = try bestSeconds {
    let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
    return (object?["items"] as? [Any])?.count ?? 0
}
print(String(format: "baseline  JSONSerialization parse: %.3f s", baseline.seconds))

let mapped = try bestSeconds { try NativeFeedFormat().map(HTTPResponse(statusCode: 200, body: data), from: feedURL).items.count }
precondition(mapped.items == count, "FeedMapper kept \(mapped.items) of \(count) items")
print(String(format: "FeedMapper parse + validate + map:  %.3f s (%.0f items/s)", mapped.seconds, Double(count) / mapped.seconds))
print(String(format: "ratio FeedMapper / baseline: %.2f", mapped.seconds / baseline.seconds))
print(String(format: "peak resident memory: %.0f MiB", peakResidentMiB()))

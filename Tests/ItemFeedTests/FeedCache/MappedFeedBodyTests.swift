import Foundation
import ItemFeed
import ItemFeedTestSupport
import XCTest

/// A big JSON body mapped from a file (`FeedBodyFile`) reads as the same
/// feed as in the heap, and is given back to the kernel as it is read.
final class MappedFeedBodyTests: XCTestCase {
    func test_aMappedBody_mapsToTheSameFeed_holdingAFewMiBOfItAtATime() throws {
        let body = bigFeed(items: 60_000)
        XCTAssertGreaterThan(body.count, 12 * 1024 * 1024)
        let mapped = try mappedCopy(of: body)
        let url = URL(string: "https://feeds.example.com/feed.json")!
        var residentDuringMapping: [Int] = []
        let batches = ItemBatches { _ in
            residentDuringMapping.append(ProcessMapping.holding(mapped)?.residentKiB ?? -1)
        }

        let feed = try NativeFeedFormat().map(HTTPResponse(statusCode: 200, body: mapped), from: url, batches: batches)

        XCTAssertEqual(feed, try NativeFeedFormat().map(HTTPResponse(statusCode: 200, body: body), from: url))
        XCTAssertEqual(feed.items.count, 60_000)
        XCTAssertGreaterThan(residentDuringMapping.count, 5)
        // 4 MiB read, plus what the kernel maps around a fault (2 MiB at a
        // time on this machine's kernel; 12 MiB and more without giving back).
        XCTAssertTrue(residentDuringMapping.allSatisfy { (0...(6 * 1024 + 8)).contains($0) }, "KiB resident: \(residentDuringMapping)")
        XCTAssertLessThanOrEqual(try XCTUnwrap(ProcessMapping.holding(mapped)).residentKiB, 8)
    }

    func test_aMappedBody_savedToTheCache_isGivenBackAsItIsWritten_andLoadsTheSame() throws {
        let directory = makeTemporaryFolder()
        let body = bigFeed(items: 30_000)
        let mapped = try mappedCopy(of: body)
        let cache = FeedCache(directory: directory, feedURL: URL(string: "https://feeds.example.com/feed.json")!)

        try cache.save(SavedFeed(formatID: "native", body: mapped))

        XCTAssertLessThanOrEqual(try XCTUnwrap(ProcessMapping.holding(mapped)).residentKiB, 8)
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        XCTAssertEqual(files.count, 1, "Expected no partial file left")
        let loaded = try XCTUnwrap(cache.load())
        XCTAssertEqual(loaded, SavedFeed(formatID: "native", body: body))
        XCTAssertEqual(
            ProcessMapping.holding(loaded.body)?.path, directory.appendingPathComponent(files[0]).path,
            "Expected a body this big mapped from the saved copy, as a download is"
        )
    }

    func test_aSmallSavedCopy_loadsIntoTheHeap() throws {
        let directory = makeTemporaryFolder()
        let body = bigFeed(items: 20_000)
        XCTAssertLessThan(body.count, FeedBodyFile.maxHeapBytes)
        let cache = FeedCache(directory: directory, feedURL: URL(string: "https://feeds.example.com/feed.json")!)

        try cache.save(SavedFeed(formatID: "native", body: body))
        let loaded = try XCTUnwrap(cache.load())

        XCTAssertEqual(loaded.body, body)
        XCTAssertNil(ProcessMapping.holding(loaded.body)?.path.range(of: directory.path))
    }

    // MARK: Helpers

    private func bigFeed(items count: Int) -> Data {
        var body = Data(#"{"title": "Big", "items": ["#.utf8)
        for index in 0..<count {
            if index > 0 { body.append(UInt8(ascii: ",")) }
            body.append(contentsOf: #"""
            {"id": "item-\#(index)", "name": "Item \#(index): a title of ordinary length", "author": "Author \#(index % 50)",
             "date": "2026-01-\#(String(format: "%02d", index % 28 + 1))T12:00:00Z", "link": "https://example.com/items/\#(index)",
             "summary": "A short summary of item \#(index), as feeds write them, and then some more words to fill it out a little."}
            """#.utf8)
        }
        body.append(contentsOf: "]}".utf8)
        return body
    }
}

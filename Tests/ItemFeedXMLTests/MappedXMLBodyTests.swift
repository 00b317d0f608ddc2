import Foundation
import ItemFeed
import ItemFeedTestSupport
import ItemFeedXML
import XCTest

/// A big RSS body mapped from a file (`FeedBodyFile`) reads as the same feed
/// as in the heap, and libxml2's reader gives it back as it goes.
final class MappedXMLBodyTests: XCTestCase {
    func test_aMappedRSSBody_mapsToTheSameFeed_holdingAFewMiBOfItAtATime() throws {
        let body = bigRSS(items: 45_000)
        XCTAssertGreaterThan(body.count, 12 * 1024 * 1024)
        let mapped = try mappedCopy(of: body)
        let url = URL(string: "https://feeds.example.com/feed.xml")!
        let resident = LockedBox<[Int]>([])
        let batches = ItemBatches { _ in
            let kiB = ProcessMapping.holding(mapped)?.residentKiB ?? -1
            resident.update { $0.append(kiB) }
        }

        let feed = try RSSFormat().map(HTTPResponse(statusCode: 200, body: mapped), from: url, batches: batches)

        XCTAssertEqual(feed, try RSSFormat().map(HTTPResponse(statusCode: 200, body: body), from: url))
        XCTAssertEqual(feed.items.count, 45_000)
        XCTAssertGreaterThan(resident.value.count, 5)
        // 4 MiB read, the 64 KiB kept behind the parser, what it has read
        // ahead and the 2 MiB the kernel maps around a fault here (all
        // 12 MiB and more without giving back).
        XCTAssertTrue(resident.value.allSatisfy { (0...(7 * 1024)).contains($0) }, "KiB resident: \(resident.value)")
        XCTAssertLessThanOrEqual(try XCTUnwrap(ProcessMapping.holding(mapped)).residentKiB, 8)
    }

    // MARK: Helpers

    private func bigRSS(items count: Int) -> Data {
        var body = Data(#"<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>Big</title>"#.utf8)
        for index in 0..<count {
            body.append(contentsOf: """
            <item><guid>item-\(index)</guid><title>Item \(index): a title of ordinary length</title>
            <author>author\(index % 50)@example.com (Author \(index % 50))</author><link>https://example.com/items/\(index)</link>
            <pubDate>Mon, 02 Feb 2026 10:00:00 GMT</pubDate><description>A short summary of item \(index), as feeds write them.</description></item>

            """.utf8)
        }
        body.append(contentsOf: "</channel></rss>".utf8)
        return body
    }
}

import Foundation
import XCTest

/// SPEC 14 end to end: `item-feed --print` (the binary the build made)
/// against feeds as they are in the wild, served on loopback.
final class PrintWildFeedsTests: LocalServerTestCase {
    func test_aMastodonStyleRSS_withUntitledItems_printsEveryItem() throws {
        let url = served("""
        <?xml version="1.0" encoding="UTF-8"?>
        <rss version="2.0"><channel><title>@jo@social.example</title>
          <item><guid isPermaLink="true">https://social.example/@jo/1</guid><link>https://social.example/@jo/1</link>
            <description>&lt;p&gt;First toot of the day. With more after.&lt;/p&gt;</description></item>
          <item><guid isPermaLink="true">https://social.example/@jo/2</guid><link>https://social.example/@jo/2</link>
            <description>&lt;p&gt;Second one&lt;/p&gt;</description></item>
        </channel></rss>
        """, type: "application/rss+xml")

        let output = try printFeed(url)

        XCTAssertEqual(output.titles, ["First toot of the day.", "Second one"])
    }

    func test_aFeedWithNbspInItsChannelTitle_printsItsItems() throws {
        let url = served("<rss><channel><title>Caf&eacute;&nbsp;Blog</title><item><guid>1</guid><title>&ldquo;Hello&rdquo;</title></item></channel></rss>", type: "text/xml")

        XCTAssertEqual(try printFeed(url).titles, ["“Hello”"])
    }

    func test_anAtom03Feed_printsItsItems() throws {
        let url = served("""
        <feed version="0.3" xmlns="http://purl.org/atom/ns#"><title>Old</title>
          <entry><id>tag:old,2004:1</id><title>From 2004</title><issued>2004-01-02T03:04:05Z</issued></entry></feed>
        """, type: "application/atom+xml")

        let output = try printFeed(url)

        XCTAssertEqual(output.titles, ["From 2004"])
        XCTAssertEqual(output.lines.first?.split(separator: "\t").dropFirst(2).first, "2004-01-02T03:04:05Z")
    }

    func test_aUTF32Feed_printsItsItems() throws {
        let document = #"<?xml version="1.0" encoding="UTF-32"?><rss><channel><item><guid>1</guid><title>東京 café</title></item></channel></rss>"#
        let url = served(bytes: Data([0xFF, 0xFE, 0x00, 0x00]) + document.data(using: .utf32LittleEndian)!, type: "application/xml")

        XCTAssertEqual(try printFeed(url).titles, ["東京 café"])
    }

    func test_anHTMLPageNamingAnRSSFeed_printsThatFeed_andSaysSo() throws {
        let feed = served("<rss><channel><item><guid>1</guid><title>Found it</title></item></channel></rss>", type: "application/rss+xml")
        let page = served("""
        <!DOCTYPE html><html><head><title>A blog</title>
        <link rel="alternate" type="application/rss+xml" title="A blog" href="\(feed.absoluteString.replacingOccurrences(of: "&", with: "&amp;"))">
        </head><body><p>Welcome</p></body></html>
        """, type: "text/html; charset=utf-8")

        let output = try printFeed(page)

        XCTAssertEqual(output.titles, ["Found it"])
        XCTAssertTrue(output.errors.contains("is a web page"), output.errors)
    }

    func test_anHTMLPageNamingNoFeed_saysSo() throws {
        let page = served("<!DOCTYPE html><html><head><title>Nothing</title></head><body>Hi</body></html>", type: "text/html")

        let output = try printFeed(page, expectedStatus: 1)

        XCTAssertEqual(output.lines, [])
        XCTAssertTrue(output.errors.contains("This page names no feed"), output.errors)
    }

    // MARK: Helpers

    private struct Printed {
        let lines: [String]
        let errors: String
        var titles: [String] { lines.map { String($0.split(separator: "\t", omittingEmptySubsequences: false)[1]) } }
    }

    /// Runs `item-feed --print` from the build folder these tests run in.
    private func printFeed(_ url: URL, expectedStatus: Int32 = 0, file: StaticString = #filePath, line: UInt = #line) throws -> Printed {
        let binary = ItemFeedBinary(dataHome: FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString))
        let run = try binary.run(["--print", url.absoluteString], file: file, line: line)
        XCTAssertEqual(run.status, expectedStatus, run.errors, file: file, line: line)
        return Printed(lines: run.lines, errors: run.errors)
    }
}

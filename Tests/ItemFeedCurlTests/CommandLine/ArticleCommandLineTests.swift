import Foundation
import XCTest

/// `item-feed --article URL`: a page's article printed as text, over
/// libcurl from the loopback server or from a file; each failure said.
final class ArticleCommandLineTests: LocalServerTestCase {
    private static let page = """
    <!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Reading the Harbour's Tide Tables | The Harbour Gazette</title>
    <meta name="author" content="Ann Mariner"><script>alert(1)</script></head>
    <body><nav class="menu"><a href="/">Home</a> <a href="/news">News</a></nav>
    <article><h1>Reading the Harbour's Tide Tables</h1>
    <p>The harbour's tide tables, printed each week since 1871, tell fishermen, ferry crews and swimmers when the water turns, and by how much it rises.</p>
    <p>Each line gives a day, the times of its two high waters and two low waters, and their heights in metres, measured from chart datum.\u{1B}[31m</p>
    <p>Read them with the moon in mind: spring tides follow the new and full moon, neap tides the quarters, and the difference can be two metres or more.</p>
    <p>Storms push the sea further still, so the harbour master posts warnings beside the tables whenever the wind is forecast from the south-west.</p>
    </article><div class="comments">Comment: great!</div></body></html>
    """

    func test_aPagesArticle_isPrintedAsText_titleBylineBlankLineParagraphs() throws {
        let run = try ItemFeedBinary(dataHome: temporaryDirectory()).run(["--article", served(Self.page, type: "text/html; charset=utf-8").absoluteString])

        XCTAssertEqual(run.status, 0, run.errors)
        let lines = run.output.components(separatedBy: "\n")
        XCTAssertEqual(Array(lines.prefix(4)), ["Reading the Harbour's Tide Tables", "Ann Mariner", "", "The harbour's tide tables, printed each week since 1871, tell fishermen, ferry crews and swimmers when the water turns, and by how much it rises."])
        XCTAssertEqual(lines.filter { !$0.isEmpty }.count, 6)
        XCTAssertFalse(run.output.contains("Home"), "the menu is not the article")
        XCTAssertFalse(run.output.contains("Comment"))
        XCTAssertFalse(run.output.contains("alert"))
        XCTAssertFalse(run.output.contains("\u{1B}"), "nothing reaches the terminal that would drive it")
    }

    func test_aLocalFile_isReadToo() throws {
        let folder = temporaryDirectory()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("page.html")
        try Data(Self.page.utf8).write(to: file)

        let run = try ItemFeedBinary(dataHome: folder).run(["--article", file.path])

        XCTAssertEqual(run.status, 0, run.errors)
        XCTAssertEqual(run.output.components(separatedBy: "\n").first, "Reading the Harbour's Tide Tables")
    }

    func test_eachFailure_saysWhy() throws {
        let binary = ItemFeedBinary(dataHome: temporaryDirectory())
        let missing = try binary.run(["--article", server.url("/status/404").absoluteString])
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.errors.contains("HTTP 404"), missing.errors)

        let image = try binary.run(["--article", served("GIF89a", type: "image/gif").absoluteString])
        XCTAssertTrue(image.errors.contains("not HTML but image/gif"), image.errors)

        let huge = try binary.run(["--article", server.url("/big?bytes=\(6 << 20)").absoluteString])
        XCTAssertTrue(huge.errors.contains("too large"), huge.errors)

        let empty = try binary.run(["--article", served("<html><body><div></div></body></html>", type: "text/html").absoluteString])
        XCTAssertTrue(empty.errors.contains("No article was found"), empty.errors)
        XCTAssertEqual(empty.output, "")
    }

    private func temporaryDirectory() -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("item-feed-article-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        return directory
    }
}

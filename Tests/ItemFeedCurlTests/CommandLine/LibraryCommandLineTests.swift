import Foundation
import XCTest

/// SPEC 11's command line end to end: the built `item-feed` on a library in
/// a temporary data folder, feeds served on loopback.
final class LibraryCommandLineTests: LocalServerTestCase {
    private var binary: ItemFeedBinary!

    override func setUpWithError() throws {
        binary = .withPrivateLibrary(in: self)
    }

    func test_subscribe_thenSubscriptionsAndPrintShowTheLibrary() throws {
        let feed = rss("Tech Daily", ["t1": "2026-11-20", "t2": "2026-11-21"])

        let subscribed = try binary.run(["--subscribe", feed.absoluteString])
        XCTAssertEqual(subscribed.status, 0, subscribed.errors)
        XCTAssertEqual(subscribed.lines, ["Subscribed to Tech Daily: 2 items"])

        XCTAssertEqual(try binary.run(["--subscriptions"]).lines, ["\(feed.absoluteString)\tTech Daily\t2\t2\tok\t-"])
        XCTAssertEqual(try binary.run(["--print"]).lines.map { $0.split(separator: "\t")[1] }, ["Item t2", "Item t1"], "newest first")
        let again = try binary.run(["--subscribe", feed.absoluteString])
        XCTAssertEqual(again.status, 0)
        XCTAssertTrue(again.errors.contains("in the library already"), again.errors)
    }

    /// The help says what ItemFeed is now: a reader with a library, not the
    /// thumbnail list that opened its demo feed.
    func test_help_describesTheReader_andItsLibraryCommands() throws {
        let help = try binary.run(["--help"])

        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.lines.contains("A feed reader: the library of feeds you follow, kept up to date, or any feed by its address."), help.lines.joined(separator: "\n"))
        XCTAssertFalse(help.lines.joined().contains("thumbnails"))
        XCTAssertFalse(help.lines.joined().contains("demo feed"))
        XCTAssertTrue(help.lines.contains { $0.contains("--subscribe=URL") })
    }

    /// SPEC 15: marks from the command line, by the first column `--print`
    /// prints for a library item, the same through later runs.
    func test_marks_nameItemsByPrintsFirstColumn_andLast() throws {
        let feed = rss("Tech Daily", ["t1": "2026-11-20", "t2": "2026-11-21"])
        XCTAssertEqual(try binary.run(["--subscribe", feed.absoluteString]).status, 0)
        let printed = try binary.run(["--print"]).lines.map { $0.split(separator: "\t").map(String.init) }
        let newest = try XCTUnwrap(printed.first?.first), oldest = try XCTUnwrap(printed.last?.first)

        let marked = try binary.run(["--mark-read", newest, oldest])
        XCTAssertEqual(marked.status, 0, marked.errors)
        XCTAssertEqual(marked.lines, ["Marked 2 items"])
        XCTAssertEqual(try binary.run(["--print", "--unread"]).lines, [])
        XCTAssertEqual(try binary.run(["--mark-unread", oldest]).status, 0)
        XCTAssertEqual(try binary.run(["--print", "--unread"]).lines.map { $0.split(separator: "\t").first.map(String.init) }, [oldest])
        XCTAssertEqual(try binary.run(["--star", newest]).status, 0)
        XCTAssertEqual(try binary.run(["--print"]).lines.map { $0.split(separator: "\t").first.map(String.init) }, [newest, oldest], "the same names run after run")
        XCTAssertEqual(try binary.run(["--subscriptions"]).lines, ["\(feed.absoluteString)\tTech Daily\t1\t2\tok\t-"])
    }

    func test_marks_ofItemsNotInTheLibrary_orTwoAtOnce_sayWhyAndChangeNothing() throws {
        let feed = rss("Tech Daily", ["t1": "2026-11-20"])
        _ = try binary.run(["--subscribe", feed.absoluteString])
        let key = try XCTUnwrap(try binary.run(["--print"]).lines.first?.split(separator: "\t").first.map(String.init))

        let unknown = try binary.run(["--mark-read", key, "999999"])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.errors.contains("no item 999999"), unknown.errors)
        XCTAssertEqual(try binary.run(["--mark-read", "t1"]).status, 2, "a feed's own id is not a library item's name")
        XCTAssertEqual(try binary.run(["--mark-read"]).status, 2)
        XCTAssertEqual(try binary.run(["--mark-read", "--star", key]).status, 2)
        XCTAssertEqual(try binary.run(["--print", "--unread"]).lines.count, 1, "nothing marked")
    }

    /// One subscribe path: what the first load said for the next refresh
    /// is kept at once, so the next refresh asks conditionally.
    func test_subscribe_keepsTheValidators_soTheNextRefreshIsAnswered304() throws {
        let feed = served("<rss version=\"2.0\"><channel><title>Tagged</title><item><guid>a</guid><title>A</title></item></channel></rss>", type: "application/rss+xml", etag: "\"v1\"")
        XCTAssertEqual(try binary.run(["--subscribe", feed.absoluteString]).lines, ["Subscribed to Tagged: 1 item"])

        let refreshed = try binary.run(["--refresh"])

        XCTAssertEqual(refreshed.lines.first, "\(feed.absoluteString)\t0\tok")
        XCTAssertEqual(refreshed.lines.last, "Refreshed 1 feed: 0 new items, 0 failed")
    }

    func test_subscribe_toAWebPage_keepsTheFeedItNames() throws {
        let feed = rss("Tech Daily", ["t1": "2026-11-20"])
        let page = served("<html><head><link rel=\"alternate\" type=\"application/rss+xml\" href=\"\(feed.absoluteString.replacingOccurrences(of: "&", with: "&amp;"))\"></head></html>", type: "text/html")

        let subscribed = try binary.run(["--subscribe", page.absoluteString])

        XCTAssertEqual(subscribed.status, 0, subscribed.errors)
        XCTAssertTrue(subscribed.errors.contains("is a web page"), subscribed.errors)
        XCTAssertEqual(try binary.run(["--subscriptions"]).lines, ["\(feed.absoluteString)\tTech Daily\t1\t1\tok\t-"])
    }

    func test_subscribe_toAFeedThatCannotLoad_saysWhyAndAddsNothing() throws {
        let run = try binary.run(["--subscribe", server.url("/status/404").absoluteString])
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(run.errors.contains("could not subscribe"), run.errors)
        XCTAssertEqual(try binary.run(["--subscriptions"]).lines, [])
        XCTAssertEqual(try binary.run(["--subscribe", "gopher://old.example/"]).status, 2)
    }

    func test_refresh_printsALinePerFeedAndATotal_andKeepsAFailuresReason() throws {
        let good = rss("Good", ["g1": "2026-11-20"])
        let opml = outlines([("Good", good), ("Broken", server.url("/status/500"))])
        XCTAssertEqual(try binary.run(["--import-opml", "-"], input: opml).status, 0)

        let refreshed = try binary.run(["--refresh"])

        XCTAssertEqual(refreshed.status, 0, "a feed's failure is not the command's")
        XCTAssertEqual(Set(refreshed.lines.dropLast()), [
            "\(good.absoluteString)\t1\tok",
            "\(server.url("/status/500").absoluteString)\t0\terror: The server had a problem (HTTP 500). Try again later.",
        ])
        XCTAssertEqual(refreshed.lines.last, "Refreshed 2 feeds: 1 new items, 1 failed")
        let states = try binary.run(["--subscriptions"]).lines.map { line in line.split(separator: "\t").dropLast().last.map(String.init) ?? "" }
        XCTAssertEqual(states.sorted(), ["error: The server had a problem (HTTP 500). Try again later.", "ok"])
    }

    func test_aSecondRefresh_addsNoItemTwice() throws {
        let feed = rss("Tech", ["a": "2026-11-20", "b": "2026-11-21"])
        _ = try binary.run(["--subscribe", feed.absoluteString])
        XCTAssertEqual(try binary.run(["--print", "--unread"]).lines.count, 2)
        _ = try binary.run(["--refresh"])
        XCTAssertEqual(try binary.run(["--print"]).lines.count, 2, "a refresh adds no item twice")
    }

    func test_aFeedWhoseServerSaidNotYet_isNotAskedAgain_andTheLineSaysUntilWhen() throws {
        let feed = served(
            "<rss version=\"2.0\"><channel><title>Patient</title><item><guid>p1</guid><title>One</title></item></channel></rss>",
            type: "application/rss+xml", headers: ["Cache-Control:max-age=3600"]
        )
        _ = try binary.run(["--subscribe", feed.absoluteString])
        XCTAssertNotEqual(try sqlite(binary.libraryFile, "SELECT count(*) FROM setting WHERE name = 'last-refresh'"), "1", "not before a refresh")
        _ = try binary.run(["--refresh"])
        XCTAssertEqual(try sqlite(binary.libraryFile, "SELECT count(*) FROM setting WHERE name = 'last-refresh'"), "1", "the window's schedule counts from it")

        let again = try binary.run(["--refresh"])

        XCTAssertEqual(again.lines.count, 2)
        XCTAssertTrue(again.lines.first?.hasPrefix("\(feed.absoluteString)\t0\tdeferred until ") == true, again.lines.first ?? "")
        XCTAssertEqual(again.lines.last, "Refreshed 0 feeds: 0 new items, 0 failed")
    }

    func test_importThenExport_isTheSameOPML_byteForByte() throws {
        let opml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <opml version="2.0">
          <head>
            <title>ItemFeed subscriptions</title>
          </head>
          <body>
            <outline text="Empty" title="Empty"/>
            <outline text="Tech &amp; Science" title="Tech &amp; Science">
              <outline type="rss" text="A &quot;quoted&quot; feed" title="A &quot;quoted&quot; feed" xmlUrl="https://a.example/feed?x=1&amp;y=2" htmlUrl="https://a.example/"/>
              <outline type="rss" text="日本語" title="日本語" xmlUrl="https://b.example/rss"/>
            </outline>
            <outline type="rss" text="Top" title="Top" xmlUrl="https://c.example/atom"/>
          </body>
        </opml>

        """
        let file = binary.dataHome.appendingPathComponent("in.opml")
        try FileManager.default.createDirectory(at: binary.dataHome, withIntermediateDirectories: true)
        try Data(opml.utf8).write(to: file)

        let imported = try binary.run(["--import-opml", file.path])
        XCTAssertEqual(imported.lines, ["Imported 3 feeds (0 in the library already)"], imported.errors)
        let exported = try binary.run(["--export-opml", "-"])
        XCTAssertEqual(exported.output, opml)

        let out = binary.dataHome.appendingPathComponent("out.opml")
        XCTAssertEqual(try binary.run(["--export-opml", out.path]).status, 0)
        XCTAssertEqual(try String(contentsOf: out, encoding: .utf8), opml)
        XCTAssertEqual(try binary.run(["--import-opml", out.path]).lines, ["Imported 0 feeds (3 in the library already)"])
    }

    func test_aMalformedOPMLIsRefusedWhole() throws {
        let broken = Data(#"<opml version="2.0"><body><outline xmlUrl="https://a.example/"/><outline xmlUrl="https://b.example/">"#.utf8)
        let run = try binary.run(["--import-opml", "-"], input: broken)
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(run.errors.contains("nothing was imported"), run.errors)
        XCTAssertEqual(try binary.run(["--subscriptions"]).lines, [])
    }

    func test_unsubscribe_removesTheFeedAndSaysSoWhenItWasNotThere() throws {
        let feed = rss("Tech", ["a": "2026-11-20"])
        _ = try binary.run(["--subscribe", feed.absoluteString])
        XCTAssertEqual(try binary.run(["--unsubscribe", feed.absoluteString]).lines, ["Unsubscribed from \(feed.absoluteString)"])
        XCTAssertEqual(try binary.run(["--print"]).lines, [])
        let again = try binary.run(["--unsubscribe", feed.absoluteString])
        XCTAssertEqual(again.status, 1)
        XCTAssertTrue(again.errors.contains("not in the library"), again.errors)
    }

    func test_aDamagedLibraryIsKeptAsideAndTheCommandGoesOn() throws {
        try FileManager.default.createDirectory(at: binary.libraryFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(repeating: 0x41, count: 4_096).write(to: binary.libraryFile)

        let run = try binary.run(["--subscriptions"])

        XCTAssertEqual(run.status, 0)
        XCTAssertTrue(run.errors.contains("was kept as"), run.errors)
        let names = try FileManager.default.contentsOfDirectory(atPath: binary.libraryFile.deletingLastPathComponent().path)
        XCTAssertEqual(names.filter { $0.contains("unreadable") }.count, 1, "\(names)")
    }

    /// `kill -9` in the middle of a refresh: what was written stays, whole
    /// feeds or none of one, and the file passes SQLite's integrity check.
    func test_killedMidRefresh_theLibraryKeepsWhatWasWrittenAndIsIntact() throws {
        let feeds = (0..<48).map { index in
            rss("Feed \(index)", (0..<10).reduce(into: [:]) { $0["f\(index)-\($1)"] = "2026-11-\(10 + $1)" }, delay: 0.05)
        }
        XCTAssertEqual(try binary.run(["--import-opml", "-"], input: outlines(feeds.enumerated().map { ("Feed \($0.offset)", $0.element) })).status, 0)

        let process = binary.process(["--refresh"])
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Until some feeds are written, and not all.
        var printed = ""
        // Whole lines only: the last chunk may end mid-line.
        var wholeLines: [Substring] { printed.split(separator: "\n", omittingEmptySubsequences: false).dropLast() }
        while wholeLines.count < 12 {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            printed += String(decoding: chunk, as: UTF8.self)
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .uncaughtSignal)

        let reported = wholeLines.filter { $0.hasSuffix("\t10\tok") }.map { String($0.split(separator: "\t")[0]) }
        XCTAssertGreaterThanOrEqual(wholeLines.count, 12, printed)
        XCTAssertFalse(reported.isEmpty, printed)
        let check = try sqlite(binary.libraryFile, "PRAGMA integrity_check")
        XCTAssertEqual(check, "ok")
        let lines = try binary.run(["--subscriptions"]).lines.map { $0.split(separator: "\t", omittingEmptySubsequences: false) }
        XCTAssertEqual(lines.count, 48)
        for line in lines {
            XCTAssertTrue(line[3] == "0" || line[3] == "10", "a feed is written whole or not at all: \(line)")
            if reported.contains(String(line[0])) { XCTAssertEqual(line[3], "10", "reported written, so kept: \(line)") }
        }
    }

    // MARK: Helpers

    private func rss(_ title: String, _ items: [String: String], delay: Double = 0) -> URL {
        let entries = items.sorted { $0.key < $1.key }.map { id, day in
            "<item><guid>\(id)</guid><title>Item \(id)</title><pubDate>\(rfc822(day))</pubDate></item>"
        }.joined()
        var url = served("<rss version=\"2.0\"><channel><title>\(title)</title>\(entries)</channel></rss>", type: "application/rss+xml")
        if delay > 0 { url = URL(string: url.absoluteString + "&delay=\(delay)")! }
        return url
    }

    private func rfc822(_ day: String) -> String {
        let parts = day.split(separator: "-")
        return "\(parts[2]) Nov \(parts[0]) 09:00:00 GMT"
    }

    private func outlines(_ feeds: [(String, URL)]) -> Data {
        let body = feeds.map { "<outline text=\"\($0.0)\" xmlUrl=\"\($0.1.absoluteString.replacingOccurrences(of: "&", with: "&amp;"))\"/>" }.joined()
        return Data("<opml version=\"2.0\"><body>\(body)</body></opml>".utf8)
    }

    /// A query through Python's sqlite3 module: the same libsqlite3, another program.
    private func sqlite(_ file: URL, _ query: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", "import sqlite3, sys; print(sqlite3.connect(sys.argv[1]).execute(sys.argv[2]).fetchone()[0])", file.path, query]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

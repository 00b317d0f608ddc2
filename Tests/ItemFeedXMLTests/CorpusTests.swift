import Foundation
import ItemFeed
import ItemFeedTestSupport
import ItemFeedXML
import XCTest

/// SPEC 14: other feed parsers' own test data read as they read it. The data
/// lives beside the repository, never in it (`$ITEMFEED_CORPUS/<source>`,
/// with its licence; `make test` points the variable at ../shared/corpus).
/// Per item: the count, the title, the web link, the date and the author.
/// Where ItemFeed deliberately differs, `differences.json` says why; a
/// fixture listed there that has come to agree fails too, so the list
/// stays true.
final class CorpusTests: XCTestCase {
    func test_gofeedsFixtures_readAsGofeedReadsThem() throws {
        try check("gofeed")
    }

    func test_feedparsersFixtures_readAsFeedparserReadsThem() throws {
        try check("feedparser")
    }

    private struct Expected: Decodable {
        let title: String?
        let link: String?
        let date: Int?
        let author: String?
    }

    private func check(_ source: String, file: StaticString = #filePath, line: UInt = #line) throws {
        guard let corpus = ProcessInfo.processInfo.environment["ITEMFEED_CORPUS"], !corpus.isEmpty else {
            throw XCTSkip("ITEMFEED_CORPUS is not set: the \(source) corpus is not read (make test sets it when ../shared/corpus exists)")
        }
        let folder = URL(fileURLWithPath: corpus).appendingPathComponent(source)
        let expected = try JSONDecoder().decode([String: [Expected]].self, from: Data(contentsOf: folder.appendingPathComponent("expected.json")))
        let known = try JSONDecoder().decode([String: String].self, from: Data(contentsOf: folder.appendingPathComponent("differences.json")))
        var agreeing = 0
        for (name, entries) in expected.sorted(by: { $0.key < $1.key }) {
            let body = try Data(contentsOf: folder.appendingPathComponent(name))
            let problems = differences(in: body, from: entries)
            if problems.isEmpty { agreeing += 1 }
            switch (problems.isEmpty, known[name]) {
            case (false, nil):
                XCTFail("\(source)/\(name): \(problems.joined(separator: "; "))", file: file, line: line)
            case (true, .some):
                XCTFail("\(source)/\(name) agrees now: take it out of differences.json", file: file, line: line)
            default:
                break
            }
        }
        print("\(source): \(agreeing) of \(expected.count) fixtures read as \(source) reads them; \(known.count) differ on purpose")
    }

    private func differences(in body: Data, from entries: [Expected]) -> [String] {
        let response = HTTPResponse(statusCode: 200, body: body)
        let url = URL(string: "https://corpus.example.com/feed.xml")!
        let format = ([RSSFormat(), AtomFormat()] as [any FeedFormat]).first { $0.recognises(response, from: url) }
        let items = format.flatMap { try? $0.map(response, from: url) }?.items ?? []
        guard items.count == entries.count else { return ["\(items.count) items, expected \(entries.count)"] }
        var problems: [String] = []
        for (index, (item, entry)) in zip(items, entries).enumerated() {
            if let title = entry.title.map(collapsed), !title.isEmpty, collapsed(item.name) != title {
                problems.append("item \(index) title \(item.name.debugDescription), expected \(title.debugDescription)")
            }
            if let link = entry.link, item.link?.absoluteString != link {
                problems.append("item \(index) link \(item.link?.absoluteString ?? "none"), expected \(link)")
            }
            if let date = entry.date, item.date.map({ Int($0.timeIntervalSince1970) }) != date {
                problems.append("item \(index) date \(item.date.map { "\(Int($0.timeIntervalSince1970))" } ?? "none"), expected \(date)")
            }
            if let author = entry.author.map(collapsed), !author.isEmpty, !(item.author.map { author.contains(collapsed($0)) } ?? false) {
                problems.append("item \(index) author \(item.author ?? "none"), expected \(author)")
            }
        }
        return problems
    }

    private func collapsed(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}

import Foundation
@testable import ItemFeedXML
import XCTest

/// Mozilla Readability's own test pages (`$ITEMFEED_CORPUS/readability/test-pages`:
/// each a page, the article Readability.js extracts from it and its
/// metadata): the text extracted here against theirs, word by word, the
/// title and the readerable verdict against theirs; the pages that miss
/// listed with why.
final class ReadabilityCorpusTests: XCTestCase {
    struct Outcome {
        let page: String
        let precision: Double, recall: Double
        var f1: Double { precision + recall == 0 ? 0 : 2 * precision * recall / (precision + recall) }
        let titleRight: Bool
        let readerableRight: Bool
        let note: String
    }

    func test_theTestPages_areExtractedAsReadabilityJSExtractsThem() throws {
        let pages = try Self.pages()
        let outcomes = try pages.map(Self.measure)
        let meanF1 = outcomes.map(\.f1).reduce(0, +) / Double(outcomes.count)
        let above = Double(outcomes.filter { $0.f1 >= 0.9 }.count) / Double(outcomes.count)
        let titles = Double(outcomes.filter(\.titleRight).count) / Double(outcomes.count)
        let verdicts = Double(outcomes.filter(\.readerableRight).count) / Double(outcomes.count)
        var report = String(format: "%d pages: mean F1 %.3f, %.0f%% of pages ≥ 0.90, title right on %.0f%%, readerable verdict agrees on %.0f%%\n",
                            outcomes.count, meanF1, above * 100, titles * 100, verdicts * 100)
        for outcome in outcomes.sorted(by: { $0.f1 < $1.f1 }) where outcome.f1 < 0.9 || !outcome.titleRight || !outcome.readerableRight {
            report += String(format: "  %@: F1 %.2f (precision %.2f, recall %.2f)%@\n", outcome.page, outcome.f1, outcome.precision, outcome.recall, outcome.note)
        }
        print(report)
        XCTAssertGreaterThanOrEqual(meanF1, 0.95, report)
        XCTAssertGreaterThanOrEqual(above, 0.90, report)
        XCTAssertGreaterThanOrEqual(titles, 0.95, report)
        XCTAssertGreaterThanOrEqual(verdicts, 0.90, report)
    }

    static func pages() throws -> [URL] {
        guard let corpus = ProcessInfo.processInfo.environment["ITEMFEED_CORPUS"], !corpus.isEmpty else {
            throw XCTSkip("ITEMFEED_CORPUS is not set: Readability's test pages are not read (make test sets it when ../shared/corpus exists)")
        }
        let folder = URL(fileURLWithPath: corpus).appendingPathComponent("readability/test-pages")
        return try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil).filter(\.hasDirectoryPath)
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    /// The address Readability's tests give every page.
    static let address = URL(string: "http://fakehost/test/page.html")!

    static func measure(_ page: URL) throws -> Outcome {
        let source = try Data(contentsOf: page.appendingPathComponent("source.html"))
        let expected = try Data(contentsOf: page.appendingPathComponent("expected.html"))
        let metadata = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: page.appendingPathComponent("expected-metadata.json"))) as? [String: Any])
        let theirs = PageOutput.text(try PageTree.parse(expected))
        let expectedTitle = (metadata["title"] as? String).map(PageText.normalized) ?? ""
        let expectedReaderable = metadata["readerable"] as? Bool
        do {
            // Every looser attempt Readability.js would make, however slow a sanitizer makes them.
            let article = try Readability.article(from: source, address: address, timeBudget: .infinity)
            let (precision, recall) = overlap(article.text, theirs)
            let titleRight = PageText.normalized(article.title) == expectedTitle
            var note = titleRight ? "" : " title “\(article.title)”, expected “\(expectedTitle)”"
            let readerableRight = expectedReaderable.map { $0 == article.isReaderable } ?? true
            if !readerableRight { note += " readerable \(article.isReaderable), expected \(expectedReaderable!)" }
            return Outcome(page: page.lastPathComponent, precision: precision, recall: recall, titleRight: titleRight, readerableRight: readerableRight, note: note)
        } catch {
            return Outcome(page: page.lastPathComponent, precision: 0, recall: 0, titleRight: false, readerableRight: false, note: " \(error)")
        }
    }

    /// Word-level precision and recall, words counted with their repeats.
    static func overlap(_ ours: String, _ theirs: String) -> (precision: Double, recall: Double) {
        let mine = words(ours), expected = words(theirs)
        guard !mine.isEmpty, !expected.isEmpty else { return mine.isEmpty && expected.isEmpty ? (1, 1) : (0, 0) }
        var counts: [Substring: Int] = [:]
        for word in expected { counts[word, default: 0] += 1 }
        var shared = 0
        for word in mine where counts[word, default: 0] > 0 {
            counts[word]! -= 1
            shared += 1
        }
        return (Double(shared) / Double(mine.count), Double(shared) / Double(expected.count))
    }

    private static func words(_ text: String) -> [Substring] {
        text.split(whereSeparator: { $0.isWhitespace })
    }
}

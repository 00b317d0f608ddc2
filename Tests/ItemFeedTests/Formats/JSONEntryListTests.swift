import XCTest
import ItemFeed
import ItemFeedTestSupport

/// The JSON formats parse their list one entry at a time (`JSONEntryList`):
/// entries are split where the list's own commas are, whatever strings and
/// nested values hold, and the body is refused exactly when it is not JSON.
final class JSONEntryListTests: XCTestCase {
    private let native = NativeFeedFormat()

    func test_entries_areSplitAtTheListsOwnCommas_notAtThoseInStringsOrNestedValues() throws {
        let feed = try native.map(#"""
        {"items": [{"id": "a,]}", "name": "x [y], {z}", "tags": [1, [2, 3]]} ,
                   {"id": "b", "name": "quote \", }] and backslash \\"}]}
        """#)

        XCTAssertEqual(feed.items.map(\.id), ["a,]}", "b"])
        XCTAssertEqual(feed.items.map(\.name), ["x [y], {z}", #"quote ", }] and backslash \"#])
    }

    func test_feedFields_areRead_wherever_theyAreAroundTheList() throws {
        let feed = try native.map("""
        {"meta": {"items": 5, "list": ["items"]}, "items": [{"id": "1", "name": "One"}],
         "title": "After the list", "next": "page2.json", "items": []}
        """, from: "https://feeds.example.com/feed.json")

        XCTAssertEqual(feed.items.map(\.id), ["1"], "Expected the first list named items, as a whole-document parse reads it")
        XCTAssertEqual(feed.title, "After the list")
        XCTAssertEqual(feed.nextPage, URL(string: "https://feeds.example.com/page2.json"))
    }

    func test_aListNamedWithEscapes_isTheList() throws {
        let feed = try native.map(#"{"\u0069tems": [{"id": "1", "name": "One"}]}"#)

        XCTAssertEqual(feed.items.map(\.id), ["1"])
    }

    func test_aBodyAfterAByteOrderMark_isRead() throws {
        let mark = Data([0xEF, 0xBB, 0xBF])
        let url = URL(string: "https://qiita.com/api/v2/items")!

        let feed = try native.map(HTTPResponse(statusCode: 200, body: mark + Data(#"{"title": "T", "items": [{"id": "1", "name": "One"}]}"#.utf8)), from: url)
        let page = try QiitaFormat().map(HTTPResponse(statusCode: 200, body: mark + Data(#"[{"id": "1", "title": "One"}]"#.utf8)), from: url)

        XCTAssertEqual(feed.items.map(\.id), ["1"])
        XCTAssertEqual(feed.title, "T")
        XCTAssertEqual(page.items.map(\.id), ["1"])
    }

    func test_emptyLists_haveNoEntries() throws {
        for body in [#"{"items": []}"#, #"{"items": [ ] }"#, "{\"items\":[\n\t]}"] {
            XCTAssertEqual(try native.map(body).items, [], body)
            XCTAssertEqual(try native.map(body).skippedItemCount, 0, body)
        }
    }

    func test_bodiesThatAreNotJSON_anywhere_areNotFeeds() {
        let bodies = [
            #"{"items": [{"id": "1", "name": "One"},]}"#,
            #"{"items": [,{"id": "1", "name": "One"}]}"#,
            #"{"items": [{"id": "1", "name": "One"} {"id": "2", "name": "Two"}]}"#,
            #"{"items": [{"id": "1", "name": "One"}}"#,
            #"{"items": [{"id": "1", "name": "One"]]}"#,
            #"{"items": [{"id": "1", "name": "One"}], "title": }"#,
            #"{"title" "x", "items": []}"#,
            #"{"items": [{"id": "1", "name": "unterminated}]}"#,
            #"{"items": "[not a list]"}"#,
        ]
        for body in bodies {
            XCTAssertThrowsError(try native.map(body), body) { XCTAssertEqual($0 as? RemoteLoadError, .invalidData, body) }
        }
    }

    func test_aRootList_withAnythingAfterIt_orClosedByABrace_isNotAQiitaPage() {
        let qiita = QiitaFormat()
        for body in [#"[{"id": "1", "title": "One"}] x"#, #"[{"id": "1", "title": "One"}}"#, #"[{"id": "1", "title": "One"}][]"#] {
            XCTAssertThrowsError(try qiita.map(body, from: "https://qiita.com/api/v2/items"), body) {
                XCTAssertEqual($0 as? RemoteLoadError, .invalidData, body)
            }
        }
    }

    func test_anEntryThatIsNotJSON_afterABatch_failsTheMapping_afterTheBatchWasHandedOn() {
        let good = (1...ItemBatches.firstSize).map { #"{"id": "\#($0)", "name": "Item \#($0)"}"# }
        let body = #"{"items": ["# + good.joined(separator: ",") + #", {"id": "bad", "name": nope}]}"#
        var batches: [[String]] = []

        XCTAssertThrowsError(try native.map(
            HTTPResponse(statusCode: 200, body: Data(body.utf8)), from: URL(string: "https://example.com/feed.json")!,
            batches: ItemBatches { batches.append($0.map(\.id)) }
        )) { XCTAssertEqual($0 as? RemoteLoadError, .invalidData) }
        XCTAssertEqual(batches, [(1...ItemBatches.firstSize).map(String.init)])
    }
}

import XCTest
@testable import ItemFeed

/// `JSONEntryList` promises to refuse exactly the bodies one simdjson parse
/// of the whole body refuses. Checked on thousands of broken variants of a
/// feed whose strings and nested values hold every character the list
/// splitter looks at, against that parse itself.
final class JSONEntryListAgreementTests: XCTestCase {
    private let feed = #"""
    {"title": "T [x], {y}", "meta": {"items": [1, {"a": "]"}]}, "items": [
      {"id": "a,]}", "name": "x \"[y]\", \\", "tags": [1, [2, {"k": "v,"}]]},
      {"id": 2, "name": "b", "n": -1.5e3, "t": true, "f": null},
      [], "", {}
    ], "next": "p2"}
    """#

    /// Qiita's pages are the list itself.
    private let page = #"""
    [{"id": "a,]}", "title": "x \"[y]\", \\", "tags": [{"name": "v,"}, [2, {}]]},
     {"id": 2, "title": "b", "n": -1.5e3, "t": true, "f": null}, [], "", {}]
    """#

    func test_aListInAnObject_isRefused_exactlyWhenTheWholeBodyIsNotJSON() throws {
        try checkAgreement(on: feed, listKey: "items") { $0.flatMap(JSONFields.init)?.array("items") != nil }
    }

    func test_aListThatIsTheBody_isRefused_exactlyWhenTheWholeBodyIsNotJSON() throws {
        try checkAgreement(on: page, listKey: nil) { $0?.elements != nil }
    }

    /// `isFeed` says whether one parse of the whole body (`nil` when it is
    /// not JSON) is a feed.
    private func checkAgreement(
        on template: String, listKey: StaticString?, isFeed: (JSONValue?) -> Bool, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        var random = SplitMix64(seed: 0x1BADFEED)
        let alphabet = Array(#"{}[],:"\ 1a"#.utf8)
        let document = try JSONDocument()
        var disagreements: [String] = []
        var refused = 0
        for _ in 0..<20_000 {
            var body = Array(template.utf8)
            for _ in 0...random.next(below: 3) {
                let index = random.next(below: body.count)
                switch random.next(below: 3) {
                case 0: body.remove(at: index)
                case 1: body.insert(alphabet[random.next(below: alphabet.count)], at: index)
                default: body[index] = alphabet[random.next(below: alphabet.count)]
                }
            }
            let data = Data(body)
            let whole = isFeed(data.withUnsafeBytes { document.parse($0) })
            if !whole { refused += 1 }
            if whole != isFeedEntryByEntry(data, listKey: listKey) {
                disagreements.append(String(decoding: body, as: UTF8.self))
            }
        }
        XCTAssertEqual(disagreements.count, 0, "First: \(disagreements.first ?? "")", file: file, line: line)
        XCTAssertGreaterThan(refused, 5_000, "Expected many of the variants to be broken", file: file, line: line)
        XCTAssertLessThan(refused, 19_000, "Expected many of the variants to be feeds still", file: file, line: line)
    }

    private func isFeedEntryByEntry(_ body: Data, listKey: StaticString?) -> Bool {
        guard let list = try? JSONEntryList(body, listKey: listKey) else { return false }
        return (try? list.forEach { _ in }) != nil
    }
}

/// A small seeded generator, so every run checks the same variants.
private struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next(below bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(bound))
    }
}

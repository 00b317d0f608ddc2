import XCTest
import ItemFeed

/// SPEC 8: text is made safe once, at mapping.
final class FeedTextTests: XCTestCase {
    func test_clean_removesTerminalEscapes_andOtherControlCharacters() {
        let hostile = "Title\u{1B}]52;c;aGVsbG8=\u{07}\u{1B}[2J\u{08}\u{08}end\u{9B}31m\u{7F}"

        XCTAssertEqual(FeedText.clean(hostile, limit: 100), "Title]52;c;aGVsbG8=[2Jend31m")
    }

    func test_clean_removesBidirectionalOverridesAndIsolates() {
        XCTAssertEqual(FeedText.clean("invoice\u{202E}fdp.exe \u{2066}x\u{2069}", limit: 100), "invoicefdp.exe x")
    }

    func test_clean_turnsTabsAndLineBreaksIntoSpaces_andCollapsesWhitespace() {
        XCTAssertEqual(FeedText.clean("\n  Two\t\tlines\r\nof   text\u{00A0}here  ", limit: 100), "Two lines of text here")
    }

    /// A zero-width space or byte-order mark before a title hid a blank at
    /// its start from every trim but Foundation's (found by `make fuzz`);
    /// between words it is a line-break hint Thai and Japanese text needs.
    func test_clean_dropsZeroWidthSpacesAtTheEdges_andKeepsThemBetweenWords() {
        XCTAssertEqual(FeedText.clean("\u{200B} without a title\u{FEFF} \u{200B}", limit: 100), "without a title")
        XCTAssertEqual(FeedText.clean("\u{FEFF}Title", limit: 100), "Title")
        XCTAssertEqual(FeedText.clean("สวัสดี\u{200B}ครับ", limit: 100), "สวัสดี\u{200B}ครับ")
        XCTAssertEqual(FeedText.clean("a \u{200B}\t b", limit: 100), "a \u{200B} b")
        XCTAssertNil(FeedText.clean("\u{200B} \u{FEFF}", limit: 100))
    }

    func test_clean_capsLengthWithAnEllipsis_withoutSplittingALetter() {
        let text = String(repeating: "e\u{301}", count: 50)

        let cleaned = FeedText.clean(text, limit: 10)

        XCTAssertEqual(cleaned?.count, 10)
        XCTAssertEqual(cleaned, String(repeating: "e\u{301}", count: 9) + "…")
    }

    func test_clean_ofNothingReadable_isNil() {
        XCTAssertNil(FeedText.clean(" \u{1B}\t\u{202E} ", limit: 10))
        XCTAssertNil(FeedText.clean("", limit: 10))
    }

    func test_clean_leavesCleanTextAsItIs() {
        XCTAssertEqual(FeedText.clean("Plain title, 100% clean", limit: 100), "Plain title, 100% clean")
        XCTAssertEqual(FeedText.clean("日本語のタイトル", limit: 100), "日本語のタイトル")
    }

    func test_text_ofInvalidUTF8_showsReplacementCharacters_andKeepsTheRest() {
        let bytes: [UInt8] = [0x20, 0x41, 0xFF, 0x42, 0x20, 0x20, 0x43, 0x0A, 0xE6, 0x97]

        let cleaned = bytes.withUnsafeBufferPointer { FeedText.text(utf8: $0, limit: 100) }

        XCTAssertEqual(cleaned, "A\u{FFFD}B C \u{FFFD}")
    }

    func test_text_ofALongRunOfWords_isCutAtTheLimit() {
        let words = Array(String(repeating: "word ", count: 2_000).utf8)

        let cleaned = words.withUnsafeBufferPointer { FeedText.text(utf8: $0, limit: 12) }

        XCTAssertEqual(cleaned, "word word w…")
    }

    func test_text_ofABrokenSequenceBeforeAnEscape_dropsTheEscape() {
        let bytes: [UInt8] = [0x41, 0xF0, 0x1B, 0x5B, 0x32, 0x4A, 0xE2, 0x80, 0x0A, 0x42]

        let cleaned = bytes.withUnsafeBufferPointer { FeedText.text(utf8: $0, limit: 100) }

        XCTAssertEqual(cleaned, "A\u{FFFD}[2J\u{FFFD} B")
    }
}

@testable import ItemFeedGtk
import XCTest

/// What a screen reader says for a button whose label has a mnemonic.
final class MnemonicButtonTests: XCTestCase {
    func test_spokenText_dropsTheMnemonicMark_andAnAddedKeyInBrackets() {
        XCTAssertEqual(spokenText(ofMnemonicLabel: "_Retry"), "Retry")
        XCTAssertEqual(spokenText(ofMnemonicLabel: "_Open Feed…"), "Open Feed…")
        XCTAssertEqual(spokenText(ofMnemonicLabel: "再試行(_R)"), "再試行")
        XCTAssertEqual(spokenText(ofMnemonicLabel: "フィードを開く(_O)…"), "フィードを開く…")
        XCTAssertEqual(spokenText(ofMnemonicLabel: "Rock (and roll)"), "Rock (and roll)")
    }
}

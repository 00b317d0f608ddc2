import CGtk
import GtkTestKit
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

/// A question's buttons keep their keys (Alt+C, Alt+R) and are read by
/// their words alone.
final class TextQuestionTests: AdwTestCase {
    @MainActor func test_aQuestionsButtons_areReadWithoutTheirMnemonicMark_andRenameAnswersWithTheText() async throws {
        var answers: [String] = []
        TextQuestion.ask(over: nil, heading: "Rename Feed", body: "https://example.com/feed", text: "Old", accept: "_Rename") { answers.append($0) }
        let question = try Windows.one("the question") { $0.role == .dialog && $0.name == "Rename Feed" }
        let screen = WidgetQuery(question)

        XCTAssertEqual(AccessibilityAudit.problems(under: question), [])
        XCTAssertTrue(try screen.button("Cancel").isSensitive)
        try User.clear(screen.widget(role: .textBox, named: "Rename Feed"))
        try User.type("New", into: screen.widget(role: .textBox, named: "Rename Feed"))
        try User.click(screen.button("Rename"))

        XCTAssertEqual(answers, ["New"], "answered, and the question closes itself")
    }
}

import ItemFeed
import XCTest

final class LoadStepTests: XCTestCase {
    func test_aStepThatAnswersLater_givesItsHandle_andItsAnswerWhenItComes() {
        var pending: ((Int) -> Void)?
        var answers: [Int] = []

        let handle = LoadStep.start({ answer in pending = answer; return "transfer" }) { answers.append($0) }

        XCTAssertEqual(handle, "transfer", "Expected the handle of a step still running")
        XCTAssertEqual(answers, [])
        pending?(7)
        XCTAssertEqual(answers, [7])
    }

    func test_aStepThatAnswersAtOnce_givesNoHandle() {
        var answers: [Int] = []

        let handle = LoadStep.start({ answer in answer(3); return "transfer" }) { answers.append($0) }

        XCTAssertNil(handle, "Expected no handle for a step that has already answered")
        XCTAssertEqual(answers, [3])
    }
}

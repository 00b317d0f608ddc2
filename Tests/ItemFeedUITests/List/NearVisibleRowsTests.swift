import XCTest
import ItemFeedUI

final class NearVisibleRowsTests: XCTestCase {
    func test_update_entersTheVisibleRowsAndTheMarginAroundThem() {
        var sut = NearVisibleRows()

        let change = sut.update(visible: 10..<15, margin: 5, rowCount: 100)

        XCTAssertEqual(change.entered, Array(5..<20))
        XCTAssertEqual(change.left, [])
    }

    func test_update_clampsToTheRowsThatExist() {
        var sut = NearVisibleRows()

        let change = sut.update(visible: 0..<4, margin: 5, rowCount: 6)

        XCTAssertEqual(change.entered, Array(0..<6))
    }

    func test_scrollingDown_entersRowsBelowAndLeavesRowsAbove() {
        var sut = NearVisibleRows()
        _ = sut.update(visible: 10..<15, margin: 5, rowCount: 100)

        let change = sut.update(visible: 12..<17, margin: 5, rowCount: 100)

        XCTAssertEqual(change.entered, [20, 21])
        XCTAssertEqual(change.left, [5, 6])
    }

    func test_jumpingFar_leavesEveryPreviousRow() {
        var sut = NearVisibleRows()
        _ = sut.update(visible: 0..<3, margin: 1, rowCount: 100)

        let change = sut.update(visible: 90..<93, margin: 1, rowCount: 100)

        XCTAssertEqual(change.entered, Array(89..<94))
        XCTAssertEqual(change.left, Array(0..<4))
    }

    func test_reset_forgetsTheRows_soTheNextUpdateEntersThemAgain() {
        var sut = NearVisibleRows()
        _ = sut.update(visible: 0..<3, margin: 0, rowCount: 10)

        sut.reset()
        let change = sut.update(visible: 0..<3, margin: 0, rowCount: 10)

        XCTAssertEqual(change.entered, [0, 1, 2])
        XCTAssertEqual(change.left, [])
    }

    func test_update_withNoRows_entersNothing() {
        var sut = NearVisibleRows()

        let change = sut.update(visible: 0..<10, margin: 10, rowCount: 0)

        XCTAssertEqual(change.entered, [])
        XCTAssertEqual(change.left, [])
    }
}

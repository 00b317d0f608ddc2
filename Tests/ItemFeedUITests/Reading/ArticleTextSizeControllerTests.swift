import ItemFeed
import ItemFeedUI
import XCTest

/// Ctrl+plus, Ctrl+minus and Ctrl+0 step the article's text through its
/// sizes, stop at either end, and keep each change once.
final class ArticleTextSizeControllerTests: XCTestCase {
    @MainActor func test_enlargeAndReduce_stepThroughTheSizes_stoppingAtEitherEnd() async {
        var shown: [Int] = [], kept: [Int] = []
        let sut = ArticleTextSizeController(size: .standard) { kept.append($0.percent) }
        sut.changed = { shown.append($0.percent) }

        for _ in 0..<6 { sut.enlarge() }
        XCTAssertEqual(shown, [115, 130, 150, 175], "no step past the largest")
        for _ in 0..<8 { sut.reduce() }
        XCTAssertEqual(Array(shown.suffix(6)), [150, 130, 115, 100, 90, 80])
        XCTAssertEqual(sut.size, .smallest)
        XCTAssertEqual(kept, shown, "each change kept once")
    }

    @MainActor func test_reset_goesBackToTheStandardSize_andIsNotKeptWhenNothingChanged() async {
        var kept: [ArticleTextSize] = []
        let sut = ArticleTextSizeController(size: .large) { kept.append($0) }

        sut.reset()
        sut.reset()

        XCTAssertEqual(sut.size, .standard)
        XCTAssertEqual(kept, [.standard])
    }

    @MainActor func test_aSizeChosenInPreferences_isShownAndKept_likeAKeys() async {
        var shown: [ArticleTextSize] = [], kept: [ArticleTextSize] = []
        let sut = ArticleTextSizeController(size: .standard) { kept.append($0) }
        sut.changed = { shown.append($0) }

        sut.choose(.larger)
        sut.choose(.larger)
        sut.enlarge()

        XCTAssertEqual(shown, [.larger, .largest])
        XCTAssertEqual(kept, shown)
    }

    func test_theSize_isAPreferenceTheStoreReadsBack() {
        XCTAssertEqual(ArticleTextSize(rawValue: "130"), .larger)
        XCTAssertEqual(ArticleTextSize.settingName, "article-text-size")
        XCTAssertEqual(ArticleTextSize.standard.percent, 100)
    }
}

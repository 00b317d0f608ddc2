import ItemFeed
import XCTest

final class FeedArticlesTests: XCTestCase {
    func test_textAsHTML_escapesMarkupAndMakesBlankLinesParagraphs() {
        XCTAssertEqual(FeedArticles.html(fromText: "a < b && c > d"), "<p>a &lt; b &amp;&amp; c &gt; d</p>")
        XCTAssertEqual(FeedArticles.html(fromText: "One\nline\n\nTwo"), "<p>One\nline</p><p>Two</p>")
        XCTAssertEqual(FeedArticles.html(fromText: "a\n\n\nb\n"), "<p>a</p><p>\nb\n</p>")
        XCTAssertEqual(FeedArticles.html(fromText: ""), "<p></p>")
        XCTAssertEqual(FeedArticles.html(fromText: "日本語の<本文>"), "<p>日本語の&lt;本文&gt;</p>")
    }
}

import Foundation
import ItemFeed
import XCTest

/// The links the pane lists after an article, for the keyboard and screen
/// readers: each address once, named by what the article says.
final class ArticleLinksTests: XCTestCase {
    func test_eachLinkOnce_namedByItsWholeText_elseByItsHost() {
        let more = URL(string: "https://news.example/more")!, bare = URL(string: "https://bare.example/x")!
        let article = Article(blocks: [
            ArticleBlock(kind: .paragraph, runs: [
                ArticleRun("Read "), ArticleRun("the ", link: more), ArticleRun("whole", style: .bold, link: more), ArticleRun("\n story", link: more), ArticleRun("."),
            ]),
            ArticleBlock(kind: .listItem(marker: "•"), runs: [ArticleRun(" ", link: bare), ArticleRun(" and again ", link: nil), ArticleRun("again", link: more)]),
        ])

        XCTAssertEqual(article.namedLinks, [ArticleLink(name: "the whole story", url: more), ArticleLink(name: "bare.example", url: bare)])
    }

    func test_anArticleWithoutLinks_listsNone() {
        XCTAssertEqual(Article(blocks: [ArticleBlock(kind: .paragraph, runs: [ArticleRun("Text")])]).namedLinks, [])
    }
}

import Foundation
import ItemFeed
import XCTest

/// The pictures an article shows, each once in reading order, wherever it
/// stands: what is fetched ahead to read the article offline (SPEC 19).
final class ArticlePicturesTests: XCTestCase {
    func test_everyPictureOnce_inReadingOrder_withThoseInCellsDisclosuresAndPosters() throws {
        let first = URL(string: "https://img.example/first.png")!, cell = URL(string: "https://img.example/cell.png")!
        let folded = URL(string: "https://img.example/folded.png")!, poster = URL(string: "https://img.example/poster.jpg")!
        let picture = { (url: URL) in ArticleBlock(kind: .image(source: url, alternative: "")) }
        let article = Article(blocks: [
            ArticleBlock(kind: .paragraph, runs: [ArticleRun("Text")]),
            picture(first),
            ArticleBlock(kind: .table(ArticleTable(rows: [[ArticleTableCell(blocks: [picture(cell), picture(first)])]], caption: ""))),
            ArticleBlock(kind: .details(ArticleDetails(blocks: [picture(folded)], isOpen: false)), runs: [ArticleRun("More")]),
            ArticleBlock(kind: .media(ArticleMedia(kind: .video, address: URL(string: "https://video.example/v"), poster: poster, title: "A video"))),
            ArticleBlock(kind: .media(ArticleMedia(kind: .page, address: URL(string: "https://page.example/"), title: "A page"))),
            picture(folded),
        ])

        XCTAssertEqual(article.pictures, [first, cell, folded, poster])
    }

    func test_anArticleOfTextAlone_hasNoPictures() {
        XCTAssertEqual(Article(blocks: [ArticleBlock(kind: .paragraph, runs: [ArticleRun("Text")])]).pictures, [])
    }
}

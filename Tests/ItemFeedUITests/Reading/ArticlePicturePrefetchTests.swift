import Foundation
import ItemFeed
import ItemFeedUI
import XCTest

/// The pictures of articles fetched in the background are loaded as the
/// pane loads them, so they are kept: a few at a time, each once.
@MainActor
final class ArticlePicturePrefetchTests: XCTestCase {
    private final class Task: ItemImageLoaderTask {
        var isCancelled = false
        func cancel() { isCancelled = true }
    }

    private var asked: [(url: URL, done: () -> Void, task: Task)] = []

    private func makePrefetch(atOnce: Int = 2, perArticle: Int = 30, maxWaiting: Int = 1_000) -> ArticlePicturePrefetch {
        ArticlePicturePrefetch(atOnce: atOnce, perArticle: perArticle, maxWaiting: maxWaiting) { [unowned self] url, done in
            let task = Task()
            asked.append((url, done, task))
            return task
        }
    }

    private func article(_ names: [String], scheme: String = "https") -> Article {
        Article(blocks: names.map { ArticleBlock(kind: .image(source: URL(string: "\(scheme)://img.example/\($0).png")!, alternative: "")) })
    }

    func test_loadsAFewAtATime_inReadingOrder_theNextWhenOneEnds() async {
        let prefetch = makePrefetch(atOnce: 2)

        prefetch.keep(picturesOf: article(["a", "b", "c", "d"]))

        XCTAssertEqual(asked.map(\.url.lastPathComponent), ["a.png", "b.png"])
        XCTAssertEqual(prefetch.pending, 4)
        asked[1].done()
        XCTAssertEqual(asked.map(\.url.lastPathComponent), ["a.png", "b.png", "c.png"])
        asked[0].done()
        asked[2].done()
        asked[3].done()
        XCTAssertEqual(asked.count, 4)
        XCTAssertEqual(prefetch.pending, 0)
    }

    func test_eachPictureOnce_acrossArticles_andWebAddressesAlone() async {
        let prefetch = makePrefetch(atOnce: 10)

        prefetch.keep(picturesOf: article(["a", "b"]))
        prefetch.keep(picturesOf: article(["b", "c"]))
        prefetch.keep(picturesOf: article(["local"], scheme: "file"))

        XCTAssertEqual(asked.map(\.url.lastPathComponent), ["a.png", "b.png", "c.png"])
    }

    func test_anArticlesFirstPicturesAlone_andNoMoreWaitingThanItsCap() async {
        let prefetch = makePrefetch(atOnce: 1, perArticle: 3, maxWaiting: 4)

        prefetch.keep(picturesOf: article((0..<10).map { "first\($0)" }))
        prefetch.keep(picturesOf: article((0..<10).map { "second\($0)" }))

        XCTAssertEqual(prefetch.pending, 4, "3 of the first, then room for 1 more")
        while let next = asked.last, prefetch.pending > 0 { next.done() }
        XCTAssertEqual(asked.map(\.url.lastPathComponent), ["first0.png", "first1.png", "first2.png", "second0.png"])
    }

    func test_aPictureAlreadyKept_answersAtOnce_andTheRestGoOn() async {
        let prefetch = ArticlePicturePrefetch(atOnce: 1) { url, done in
            self.asked.append((url, done, Task()))
            done()
            return Task()
        }

        prefetch.keep(picturesOf: article(["a", "b", "c"]))

        XCTAssertEqual(asked.count, 3)
        XCTAssertEqual(prefetch.pending, 0)
    }

    func test_stop_cancelsWhatLoads_andDropsWhatWaits() async {
        let prefetch = makePrefetch(atOnce: 2)
        prefetch.keep(picturesOf: article(["a", "b", "c"]))

        prefetch.stop()

        XCTAssertEqual(asked.map(\.task.isCancelled), [true, true])
        XCTAssertEqual(prefetch.pending, 0)
        asked[0].done()
        XCTAssertEqual(asked.count, 2, "a late answer starts nothing")
    }
}

import Foundation
import ItemFeed
import ItemFeedTestSupport
import ItemFeedUI
import XCTest

/// SPEC 11: a feed that names no icon shows the one its site's home page
/// names, else the site's /favicon.ico; the page asked once a run.
final class SiteIconLoaderTests: XCTestCase {
    private let favicon = URL(string: "https://blog.example/favicon.ico")!

    func test_theHomePagesIcon_isLoaded_andThePageAskedOnceASite() {
        let (sut, pages, images) = makeSUT(findIcon: { _, home in URL(string: "icons/site.png", relativeTo: home)?.absoluteURL })
        var loaded: [String?] = []

        _ = sut.load(favicon) { loaded.append($0) }
        XCTAssertEqual(pages.requestedURLs, [URL(string: "https://blog.example/")!])
        XCTAssertEqual(images.asked, [])
        pages.complete(withStatusCode: 200, data: Data("<html>".utf8))
        _ = sut.load(favicon) { loaded.append($0) }

        XCTAssertEqual(images.asked, [URL(string: "https://blog.example/icons/site.png")!, URL(string: "https://blog.example/icons/site.png")!])
        XCTAssertEqual(pages.requestedURLs.count, 1)
        XCTAssertEqual(loaded, ["https://blog.example/icons/site.png", "https://blog.example/icons/site.png"])
    }

    func test_aPageThatNamesNone_orFails_leavesTheFavicon() {
        let (sut, pages, images) = makeSUT(findIcon: { _, _ in nil })
        _ = sut.load(favicon) { _ in }
        pages.complete(withStatusCode: 200, data: Data())
        _ = sut.load(URL(string: "https://other.example/favicon.ico")!) { _ in }
        pages.complete(with: .transport(description: "refused"), at: 1)

        XCTAssertEqual(images.asked, [favicon, URL(string: "https://other.example/favicon.ico")!])
    }

    func test_anIconTheFeedNames_isLoadedAsItIs_withNoPage() {
        let (sut, pages, images) = makeSUT(findIcon: { _, _ in XCTFail("no page"); return nil })
        let own = URL(string: "https://cdn.example/tech.png")!

        _ = sut.load(own) { _ in }

        XCTAssertEqual(pages.requestedURLs, [])
        XCTAssertEqual(images.asked, [own])
    }

    func test_cancelledWhileThePageIsAsked_loadsNothing() {
        let (sut, pages, images) = makeSUT(findIcon: { _, home in home })
        var loaded = 0

        sut.load(favicon) { _ in loaded += 1 }.cancel()
        pages.complete(withStatusCode: 200, data: Data())

        XCTAssertEqual(images.asked, [])
        XCTAssertEqual(loaded, 0)
    }

    // MARK: Helpers

    private func makeSUT(findIcon: @escaping SiteIconLoader<String>.FindIcon) -> (SiteIconLoader<String>, HTTPClientSpy, ImagesAsked) {
        let pages = HTTPClientSpy()
        let images = ImagesAsked()
        let sut = SiteIconLoader<String>(pages: pages, findIcon: findIcon) { url, completion in
            images.asked.append(url)
            completion(url.absoluteString)
            return NoTask()
        }
        return (sut, pages, images)
    }
}

private final class ImagesAsked {
    var asked: [URL] = []
}

private struct NoTask: ItemImageLoaderTask {
    func cancel() {}
}

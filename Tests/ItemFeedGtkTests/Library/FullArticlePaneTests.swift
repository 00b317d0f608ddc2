import CGtk
import Foundation
import GtkTestKit
import ItemFeed
import ItemFeedGLib
@testable import ItemFeedGtk
import ItemFeedTestSupport
import ItemFeedUI
import XCTest

/// The pane's Full Article toggle in a real window: the button and the
/// note under the byline follow the fetch, the offer is a button, and
/// every part a screen reader reaches is named.
final class FullArticlePaneTests: AdwTestCase {
    @MainActor func test_theToggle_fetches_showsASpinner_thenTheFullArticle() async throws {
        try GtkDisplay.require()
        let (view, reader, pages) = makeView()
        reader.open(at: 0)
        XCTAssertEqual(ShownArticle(view).text, "The feed's summary.")

        let pane = WidgetQuery(Widget(view.root))
        let toggle = try pane.button("Full Article")

        try User.click(toggle)

        XCTAssertEqual(reader.fullArticle, .fetching)
        XCTAssertTrue(toggle.isPressed)
        XCTAssertTrue(pane.contains { $0.isA(gtk_label_get_type()) && $0.text == "Fetching the full article…" })
        let spinner = try pane.one("the spinner") { $0.isA(gtk_spinner_get_type()) && $0.name == "Fetching the full article" }
        XCTAssertTrue(spinner.isBusy, "announced as busy, as the other spinners are")
        pages.answer(0, with: .success(Article(blocks: [ArticleBlock(kind: .paragraph, runs: [ArticleRun("The whole story.")])])))
        XCTAssertTrue(MainContext.iterate(until: { ShownArticle(view).text == "The whole story." }, timeoutSeconds: 5), ShownArticle(view).text)
        XCTAssertFalse(pane.contains { $0.text == "Fetching the full article…" }, "no note once it is shown")
        XCTAssertEqual(ArticlePaneAccessibilityTests.namelessWidgets(under: view.root), [])

        try User.click(toggle)
        XCTAssertTrue(MainContext.iterate(until: { ShownArticle(view).text == "The feed's summary." }, timeoutSeconds: 5))
        XCTAssertFalse(toggle.isPressed)
    }

    @MainActor func test_afterScrolling_theFullArticleIsOffered_andAFailureSaysWhy() async throws {
        try GtkDisplay.require()
        let (view, reader, pages) = makeView()
        reader.open(at: 0)
        reader.toggleFullArticle()
        reader.hasScrolled = true

        pages.answer(0, with: .success(Article(blocks: [ArticleBlock(kind: .paragraph, runs: [ArticleRun("The whole story.")])])))

        XCTAssertEqual(ShownArticle(view).text, "The feed's summary.", "not moved under the reader's eyes")
        let pane = WidgetQuery(Widget(view.root))
        try User.click(pane.button("Show Full Article"))
        XCTAssertTrue(MainContext.iterate(until: { ShownArticle(view).text == "The whole story." }, timeoutSeconds: 5))

        reader.next()
        reader.toggleFullArticle()
        pages.answer(1, with: .failure(.noArticle))
        XCTAssertTrue(pane.contains { $0.isA(gtk_label_get_type()) && $0.text == "No article was found on the page" })
        XCTAssertFalse(try pane.button("Full Article").isPressed)
    }

    @MainActor private func makeView() -> (ArticleView, ReadingController<Thumbnail>, HeldFullArticles) {
        let spy = ItemLoaderSpy()
        let list = ItemListComposer.compose(itemLoader: spy, imageLoader: spy, imageDecoder: PixbufImageDecoder(maxPixelSize: 64))
        let pages = HeldFullArticles()
        let reader = ReadingComposer.compose(
            list: list, marks: nil,
            articles: ImmediateArticleSource { _ in Article(blocks: [ArticleBlock(kind: .paragraph, runs: [ArticleRun("The feed's summary.")])]) },
            fullArticles: pages
        )
        let view = ArticleView(reader: reader, openLink: { _ in })
        let window = gtk_window_new()!
        gtk_window_set_child(itemfeed_window(window), view.root)
        gtk_window_present(itemfeed_window(window))
        addTeardownBlock { @MainActor in gtk_window_destroy(itemfeed_window(window)) }
        list.screenShown()
        spy.completeItemLoading(with: [Item(id: "a", name: "A", imageURL: nil, link: URL(string: "https://news.example/a")),
                                       Item(id: "b", name: "B", imageURL: nil, link: URL(string: "https://news.example/b"))])
        return (view, reader, pages)
    }
}

import CGtk
import CGtkTestKit
import Foundation
import GtkTestKit
import ItemFeed
@testable import ItemFeedApp
import ItemFeedGLib
@testable import ItemFeedGtk
import ItemFeedTestSupport
import ItemFeedUI
import ItemFeedXML
import XCTest

/// The reading pane in the library's window: Enter opens an item's article
/// beside the list (its own page on a narrow window), j and k follow the
/// list, Escape goes back.
final class ReadingPaneTests: AdwTestCase {
    @MainActor private let server = InMemoryFeedServer()

    @MainActor func test_activatingARow_showsItsArticle_besideTheList_formattedAndSafe() async throws {
        let (library, store, window) = try makeLibraryWindow(server: server, width: 1_400, height: 800)
        defer { gtk_window_destroy(itemfeed_window(window)) }
        try store.apply([FeedRefresh(
            address: LibrarySpecData.news, outcome: .loaded(title: nil, siteLink: nil, items: [LibrarySpecData.item("n1", day: 60)], articles: [
                "n1": #"<h2>Heading</h2><p>Body with <a href="https://news.example/more">a link</a>.</p><ul><li>Point</li></ul><script>bad()</script>"#,
            ]), date: LibrarySpecData.date(61)
        )])
        library.reopen()
        let article = try XCTUnwrap(library.articleView)
        XCTAssertTrue(MainContext.iterate(until: { library.controller?.item(at: 0) != nil }, timeoutSeconds: 5))
        XCTAssertFalse(ShownArticle(article).isOpen, "nothing open yet")

        library.controller?.rowActivated(at: 0)

        XCTAssertTrue(MainContext.iterate(until: { ShownArticle(article).isOpen }, timeoutSeconds: 5), "once its HTML is made text off the UI thread")
        XCTAssertEqual(ShownArticle(article).title, "Item n1")
        XCTAssertEqual(ShownArticle(article).text, "Heading\nBody with a link.\n• Point")
        XCTAssertEqual(article.shownLinks, [URL(string: "https://news.example/more")!])
        XCTAssertFalse(library.leaflet.isFolded, "side by side on a wide window")
        XCTAssertTrue(MainContext.iterate(until: { (try? store.count(.unread)) == 2 }, timeoutSeconds: 5), "opened, so read")
        XCTAssertTrue(MainContext.iterate(until: { library.leaflet.sidebar.rowLabels.first == "All Items, 2 unread" }, timeoutSeconds: 5),
                      "the counts follow: \(library.leaflet.sidebar.rowLabels)")
    }

    /// An item named by its key (a notification's, a Shell search result's)
    /// opens in All Items, wherever the list was, 150 rows down included.
    @MainActor func test_anItemNamedByItsKey_opensInAllItems_andIsRead() async throws {
        let (library, store, window) = try makeLibraryWindow(server: server, width: 1_400, height: 800)
        defer { gtk_window_destroy(itemfeed_window(window)) }
        try store.apply([LibrarySpecData.loaded(LibrarySpecData.news, (0..<150).map { LibrarySpecData.item("x\($0)", day: 70 + $0) })])
        let keys = try LibrarySpecData.keys(store)
        library.sidebar.select(at: try XCTUnwrap(library.sidebar.rows.firstIndex { $0.title == "Tech" }))
        let article = try XCTUnwrap(library.articleView)

        XCTAssertTrue(library.reading.openItem(try XCTUnwrap(keys["t2"])))

        XCTAssertEqual(library.sidebar.selectedRow?.view, LibraryView(.all))
        let shown = try XCTUnwrap(library.articleView)
        XCTAssertFalse(shown === article, "All Items' own pane")
        XCTAssertTrue(MainContext.iterate(until: { ShownArticle(shown).isOpen }, timeoutSeconds: 5))
        XCTAssertEqual(ShownArticle(shown).title, "Item t2")
        XCTAssertTrue(MainContext.iterate(until: { (try? store.items(.all, in: 0..<200).first { $0.key == keys["t2"] }?.isRead) == true }, timeoutSeconds: 5))
        XCTAssertFalse(library.reading.openItem(9_999), "an item the library no longer holds")
    }

    /// An item whose feed gave no article reads as its summary.
    @MainActor func test_anItemWithoutAnArticle_readsAsItsSummary() async throws {
        let (library, store, window) = try makeLibraryWindow(server: server, width: 1_400, height: 800)
        defer { gtk_window_destroy(itemfeed_window(window)) }
        try store.apply([LibrarySpecData.loaded(LibrarySpecData.news, [
            Item(id: "s1", name: "Summary only", imageURL: nil, date: LibrarySpecData.date(90), summary: "A quiet place at first light."),
        ])])
        library.reopen()
        XCTAssertTrue(MainContext.iterate(until: { library.controller?.item(at: 0)?.name == "Summary only" }, timeoutSeconds: 5))
        let article = try XCTUnwrap(library.articleView)

        library.controller?.rowActivated(at: 0)

        XCTAssertTrue(MainContext.iterate(until: { ShownArticle(article).isOpen }, timeoutSeconds: 5))
        XCTAssertEqual(ShownArticle(article).text, "A quiet place at first light.")
    }

    /// Every GNOME reader opens an item on one click; a double click is
    /// only for the browser, where no pane reads it.
    @MainActor func test_oneClick_opensARowInThePane() async throws {
        let (library, _, window) = try makeLibraryWindow(server: server, width: 1_400, height: 800)
        defer { gtk_window_destroy(itemfeed_window(window)) }
        let list = try XCTUnwrap(library.screen?.list)

        XCTAssertTrue(list.opensOnSingleClick)
        XCTAssertEqual(gtk_list_view_get_single_click_activate(itemfeed_list_view(list.listView)), 1, "what GTK's click gesture reads")
    }

    @MainActor func test_anArticlesImages_areLoadedWhereTheyStand_namedByTheirDescription() async throws {
        try assertImageShown(inWindowOfWidth: 1_400)
    }

    /// Folded, the article is a page of its own, shown after the list's.
    @MainActor func test_anArticlesImages_areLoadedOnANarrowWindowToo() async throws {
        try assertImageShown(inWindowOfWidth: 500)
    }

    @MainActor private func assertImageShown(inWindowOfWidth width: Int32, line: UInt = #line) throws {
        let (library, store, window) = try makeLibraryWindow(server: server, width: width, height: 800)
        defer { gtk_window_destroy(itemfeed_window(window)) }
        let image = URL(string: "https://img.example/chart.png")!
        server.serve(image, body: try demoPNG())
        try store.apply([FeedRefresh(
            address: LibrarySpecData.news, outcome: .loaded(title: nil, siteLink: nil, items: [LibrarySpecData.item("n1", day: 60)], articles: [
                "n1": #"<p>Before</p><img src="https://img.example/chart.png" alt="A chart"><p>After</p>"#,
            ]), date: LibrarySpecData.date(61)
        )])
        library.reopen()
        let folds = width < 600
        XCTAssertTrue(MainContext.iterate(until: { library.leaflet.isFolded == folds && library.controller?.item(at: 0) != nil }, timeoutSeconds: 5), line: line)
        let article = try XCTUnwrap(library.articleView, line: line)

        library.controller?.rowActivated(at: 0)

        XCTAssertTrue(MainContext.iterate(until: { ShownArticle(article).loadedPictureCount == 1 }, timeoutSeconds: 5), "loaded once shown", line: line)
        XCTAssertEqual(ShownArticle(article).text, "Before\n\nAfter", "the picture where the image stood, between the paragraphs", line: line)
        XCTAssertEqual(server.requests.filter { $0.url == image }.count, 1, line: line)
    }

    /// A 640×320 picture was drawn 320×320: the article's images went
    /// through the thumbnails' decoder, which keeps the centred square.
    @MainActor func test_anArticlesPicture_keepsItsShape_drawnAtMostTheColumnsWidth() async throws {
        let (library, store, window) = try makeLibraryWindow(server: server, width: 1_400, height: 800)
        defer { gtk_window_destroy(itemfeed_window(window)) }
        let wide = URL(string: "https://img.example/wide.png")!, huge = URL(string: "https://img.example/huge.png")!
        server.serve(wide, body: try pngOfSize(640, 320))
        server.serve(huge, body: try pngOfSize(2_000, 500))
        try store.apply([FeedRefresh(
            address: LibrarySpecData.news, outcome: .loaded(title: nil, siteLink: nil, items: [LibrarySpecData.item("n1", day: 60)], articles: [
                "n1": #"<p>Before</p><img src="https://img.example/wide.png" alt="Wide"><img src="https://img.example/huge.png" alt="Huge"><p>After</p>"#,
            ]), date: LibrarySpecData.date(61)
        )])
        library.reopen()
        XCTAssertTrue(MainContext.iterate(until: { library.controller?.item(at: 0) != nil }, timeoutSeconds: 5))
        let article = try XCTUnwrap(library.articleView)

        library.controller?.rowActivated(at: 0)

        XCTAssertTrue(MainContext.iterate(until: {
            ShownArticle(article).loadedPictureCount == 2 && ShownArticle(article).pictures.allSatisfy { $0.drawnSize.height > 1 }
        }, timeoutSeconds: 5))
        let drawn = ShownArticle(article).pictures.map(\.drawnSize)
        let column = Widget(article.text.textView).drawnSize.width
        XCTAssertGreaterThan(column, 640, "the column is wide enough for the first")
        XCTAssertEqual(drawn.first?.width, 640)
        XCTAssertEqual(drawn.first?.height, 320, "640×320 keeps its 2:1 shape")
        let last = try XCTUnwrap(drawn.last)
        // The column's width as the scrolled window's page gives it, within a
        // pixel or two of the text view's own (its border).
        XCTAssertTrue((min(column, ArticleView.imageWidth) - 4...min(column, ArticleView.imageWidth) + 2).contains(last.width),
                      "wider than the column: drawn the column's width (\(last.width), the column \(column))")
        XCTAssertEqual(last.height, last.width / 4, "and its 4:1 shape")
    }

    /// SPEC 19: a click opens the picture whole, Escape goes back; the
    /// window shows it decoded whole (2,000 pixels wide), not the column's copy.
    @MainActor func test_aPicturesClick_opensItWhole_andEscapeGoesBack() async throws {
        server.serve(URL(string: "https://img.example/huge.png")!, body: try pngOfSize(2_000, 500))
        let (_, _, article, window) = try openArticle(#"<p>Before</p><img src="https://img.example/huge.png" alt="A long view"><p>After</p>"#)
        defer { gtk_window_destroy(itemfeed_window(window)) }
        XCTAssertTrue(MainContext.iterate(until: { ShownArticle(article).loadedPictureCount == 1 }, timeoutSeconds: 5))
        XCTAssertLessThanOrEqual(try XCTUnwrap(ShownArticle(article).pictures.first?.pictureSize).width, ArticleView.imageWidth * 2)

        try User.click(WidgetQuery(Widget(article.root)).widget(role: .button, named: "A long view"))

        let viewer = try Windows.one("the picture's window") { gtk_window_get_title(itemfeed_window($0.pointer)).map { String(cString: $0) } == "A long view" }
        let whole = try WidgetQuery(viewer).widget(ofType: gtk_picture_get_type())
        XCTAssertTrue(MainContext.iterate(until: { whole.pictureSize?.width == 2_000 }, timeoutSeconds: 5), "decoded whole: \(String(describing: whole.pictureSize))")
        XCTAssertEqual(whole.pictureSize?.height, 500)
        XCTAssertEqual(whole.name, "A long view")
        XCTAssertEqual(server.requests.filter { $0.url.lastPathComponent == "huge.png" }.count, 1, "its bytes loaded once, kept for the whole")
        for name in ["Zoom In", "Zoom Out", "Best Fit"] { XCTAssertNoThrow(try WidgetQuery(viewer).widget(role: .button, named: name)) }

        try User.press("Escape", in: whole)

        XCTAssertTrue(MainContext.iterate(until: { !Windows.shown.contains(viewer) }, timeoutSeconds: 2), "Escape closes it")
        XCTAssertTrue(Windows.shown.contains(Widget(window)))
    }

    /// SPEC 19: a picture that cannot be loaded shows its description where
    /// it stood; it left an empty space of its size (found in the demo).
    @MainActor func test_aPictureThatCannotLoad_showsItsDescriptionInItsPlace() async throws {
        server.serve(URL(string: "https://img.example/gone.png")!) { _ in HTTPResponse(statusCode: 404, headers: [:], body: Data()) }
        let (_, _, article, window) = try openArticle(#"<p>Before</p><img src="https://img.example/gone.png" alt="The tide gauge" width="600" height="400"><p>After</p>"#)
        defer { gtk_window_destroy(itemfeed_window(window)) }
        let shown = WidgetQuery(Widget(article.root))
        XCTAssertTrue(MainContext.iterate(until: { (try? shown.widget(role: .button, named: "The tide gauge")) != nil }, timeoutSeconds: 5))
        let button = try shown.widget(role: .button, named: "The tide gauge")

        XCTAssertTrue(MainContext.iterate(until: { !button.isSensitive }, timeoutSeconds: 5), "nothing to open")
        let caption = try WidgetQuery(button).one("its description") { $0.isA(gtk_label_get_type()) && $0.text == "The tide gauge" }
        XCTAssertTrue(caption.isShown)
        _ = MainContext.iterate(until: { false }, timeoutSeconds: 0.2)
        XCTAssertLessThan(button.drawnSize.height, 100, "the 400 pixels kept for it given back: \(button.drawnSize)")
    }

    /// SPEC 19, offline: the pictures of an article that was read are
    /// kept, so they show with the server gone (a new run's composition).
    @MainActor func test_aReadArticlesPictures_showOffline() async throws {
        let picture = URL(string: "https://img.example/kept.png")!
        server.serve(picture, body: try pngOfSize(300, 200))
        let (library, _, article, window) = try openArticle(#"<img src="https://img.example/kept.png" alt="Kept">"#)
        defer { gtk_window_destroy(itemfeed_window(window)) }
        XCTAssertTrue(MainContext.iterate(until: { ShownArticle(article).loadedPictureCount == 1 }, timeoutSeconds: 5))
        server.isOffline = true
        let kept = ImageDataCache(directory: library.composition.cacheDirectory.appendingPathComponent("article-pictures"))
        XCTAssertTrue(MainContext.iterate(until: { kept.data(for: picture) != nil }, timeoutSeconds: 5), "written on the disk's worker")

        let later = ItemFeedComposition(
            feedClient: { _, _ in self.server }, imageClient: { _, _ in self.server },
            cacheDirectory: library.composition.cacheDirectory, libraryDirectory: library.composition.libraryDirectory
        )
        var shown: Thumbnail?
        let load = later.articlePictures()
        let task = load(picture) { shown = $0 }

        XCTAssertTrue(MainContext.iterate(until: { shown != nil }, timeoutSeconds: 5), "read from the disk, the server gone")
        XCTAssertEqual(shown?.pixelWidth, 300)
        task.cancel()
    }


    /// file loading the feeds' parsing refuses: in the window, no code block
    /// was highlighted (found by looking at one).
    @MainActor func test_aCodeBlock_isHighlightedInTheWindow_afterFeedsWereParsed() async throws {
        _ = HTMLArticle.article(fromHTML: "<p>libxml2 set up as the feeds use it</p>", base: nil)

        let (_, _, article, window) = try openArticle(#"<pre><code class="language-python">def area(r):&#10;    return 3.14 * r * r</code></pre>"#)
        defer { gtk_window_destroy(itemfeed_window(window)) }

        XCTAssertTrue(MainContext.iterate(until: { (try? WidgetQuery(Widget(article.root)).one("the code") { $0.name == "Code in python" }) != nil }, timeoutSeconds: 5))
        let code = try WidgetQuery(Widget(article.root)).one("the code") { $0.name == "Code in python" }
        XCTAssertTrue(MainContext.iterate(until: { Self.hasColour(code, at: 0) }, timeoutSeconds: 5), "“def”, a keyword, in its colour")
    }

    /// Ctrl+plus and Ctrl+minus size the article's text, its code with it,
    /// Ctrl+0 sets it back; the size is kept with the library.
    @MainActor func test_ctrlPlusMinusAndZero_sizeTheArticlesText_andTheSizeIsKept() async throws {
        let (_, store, article, window) = try openArticle(#"<p>Some words.</p><pre class="language-python">x = 1</pre>"#)
        defer { gtk_window_destroy(itemfeed_window(window)) }
        let text = Widget(article.text.textView)
        XCTAssertTrue(MainContext.iterate(until: { ShownArticle(article).text.hasPrefix("Some words.") }, timeoutSeconds: 5))
        let code = try WidgetQuery(Widget(article.root)).one("the code") { $0.name == "Code in python" }
        let standard = Self.fontSize(text), standardCode = Self.fontSize(code)
        // The reader is in the article, as after a click in its text.
        XCTAssertNotEqual(gtk_widget_grab_focus(text.pointer), 0)

        try User.press("<Control>plus", in: text)
        try User.press("<Control>plus", in: text)

        XCTAssertTrue(MainContext.iterate(until: { Self.fontSize(text) > standard }, timeoutSeconds: 2))
        XCTAssertEqual(Self.fontSize(text) / standard, 1.3, accuracy: 0.02, "two steps up: 130 %")
        XCTAssertEqual(Self.fontSize(code) / standardCode, 1.3, accuracy: 0.02, "the code with it")
        XCTAssertTrue(MainContext.iterate(until: { (try? store.preference(ArticleTextSize.self)) == .larger }, timeoutSeconds: 5), "kept with the library")

        try User.press("<Control>minus", in: text)
        XCTAssertTrue(MainContext.iterate(until: { abs(Self.fontSize(text) / standard - 1.15) < 0.02 }, timeoutSeconds: 2), "one step down: 115 %")
        try User.press("<Control>0", in: text)
        XCTAssertTrue(MainContext.iterate(until: { Self.fontSize(text) == standard }, timeoutSeconds: 2), "back to the document font's size")
    }

    /// A library window with one item whose article is `html`, opened in the pane.
    @MainActor private func openArticle(_ html: String) throws -> (LibraryWindow, LibraryStore, ArticleView, UnsafeMutablePointer<GtkWidget>) {
        let (library, store, window) = try makeLibraryWindow(server: server, width: 1_400, height: 800)
        try store.apply([FeedRefresh(
            address: LibrarySpecData.news, outcome: .loaded(title: nil, siteLink: nil, items: [LibrarySpecData.item("n1", day: 60)], articles: ["n1": html]),
            date: LibrarySpecData.date(61)
        )])
        library.reopen()
        XCTAssertTrue(MainContext.iterate(until: { library.controller?.item(at: 0) != nil }, timeoutSeconds: 5))
        let article = try XCTUnwrap(library.articleView)
        library.controller?.rowActivated(at: 0)
        return (library, store, article, window)
    }

    /// The size a widget's text is set in, in points.
    @MainActor static func fontSize(_ widget: Widget) -> Double {
        guard let context = gtk_widget_get_pango_context(widget.pointer), let font = pango_context_get_font_description(context) else { return 0 }
        return Double(pango_font_description_get_size(font)) / Double(PANGO_SCALE)
    }

    /// Whether the character at `offset` is drawn in a colour of its own.
    @MainActor static func hasColour(_ view: Widget, at offset: Int32) -> Bool {
        let buffer = gtk_text_view_get_buffer(itemfeed_text_view(view.pointer))
        var iter = GtkTextIter()
        gtk_text_buffer_get_iter_at_offset(buffer, &iter, offset)
        guard let tags = gtk_text_iter_get_tags(&iter) else { return false }
        defer { g_slist_free(tags) }
        var node: UnsafeMutablePointer<GSList>? = tags
        while let current = node {
            if gtktestkit_object_get_boolean(current.pointee.data, "foreground-set") != 0 { return true }
            node = current.pointee.next
        }
        return false
    }

    @MainActor func test_anImageFarDown_isLoadedOnlyOnceScrolledNear_andOneFarBehindLetGo() async throws {
        // Not kept ahead while this test reads (the next test is about that).
        let (library, window, top, bottom) = try showLongArticle(keptAfter: 600)
        defer { gtk_window_destroy(itemfeed_window(window)) }
        let article = try XCTUnwrap(library.articleView)

        library.controller?.rowActivated(at: 0)

        XCTAssertTrue(MainContext.iterate(until: { ShownArticle(article).loadedPictureCount == 1 }, timeoutSeconds: 5), "the image in view")
        _ = MainContext.iterate(until: { false }, timeoutSeconds: 0.3)
        XCTAssertEqual(server.requests.filter { $0.url == bottom }.count, 0, "300 paragraphs down: not asked for yet")
        XCTAssertEqual(ShownArticle(article).pictures.count, 2, "the bottom one placed, its image not loaded")

        try User.scroll(Widget(article.text.textView), toFraction: 1)

        XCTAssertTrue(MainContext.iterate(until: { ShownArticle(article).pictures.last?.pictureSize != nil }, timeoutSeconds: 5), "scrolled near, loaded")
        XCTAssertEqual(server.requests.filter { $0.url == bottom }.count, 1)
        // A long article's pictures far behind give their memory back.
        XCTAssertTrue(MainContext.iterate(until: { ShownArticle(article).pictures.first?.pictureSize == nil }, timeoutSeconds: 5), "300 paragraphs up: let go")

        try User.scroll(Widget(article.text.textView), toFraction: 0)

        XCTAssertTrue(MainContext.iterate(until: { ShownArticle(article).pictures.first?.pictureSize != nil }, timeoutSeconds: 5), "near again: shown again")
        XCTAssertEqual(server.requests.filter { $0.url == top }.count, 1, "from the bytes kept, not the network")
    }

    /// SPEC 19, offline: an article read for a while keeps all its
    /// pictures, those never scrolled near too (they were kept only once
    /// seen), each asked once.
    @MainActor func test_anArticleReadAWhile_keepsItsPicturesNotScrolledNear_eachAskedOnce() async throws {
        let (library, window, top, bottom) = try showLongArticle(keptAfter: 0.3)
        defer { gtk_window_destroy(itemfeed_window(window)) }
        let article = try XCTUnwrap(library.articleView)
        let kept = ImageDataCache(directory: library.composition.cacheDirectory.appendingPathComponent("article-pictures"))

        library.controller?.rowActivated(at: 0)

        XCTAssertTrue(MainContext.iterate(until: { kept.data(for: bottom) != nil }, timeoutSeconds: 5), "300 paragraphs down, never scrolled near: kept")
        XCTAssertNil(ShownArticle(article).pictures.last?.pictureSize, "kept on the disk, not shown")
        // To the end as GTK lays the text out (in idle time, so a busy
        // machine's end moves on after a first scroll), until it shows.
        XCTAssertTrue(MainContext.iterate(until: {
            _ = try? User.scroll(Widget(article.text.textView), toFraction: 1)
            return ShownArticle(article).pictures.last?.pictureSize != nil
        }, timeoutSeconds: 5), "scrolled near, shown")
        XCTAssertEqual(server.requests.filter { $0.url == bottom }.count, 1, "shown from the bytes kept")
        XCTAssertEqual(server.requests.filter { $0.url == top }.count, 1, "the one in view not asked again")
    }

    /// A library window listing one item whose article is a picture, 300
    /// paragraphs, then another picture; pictures read `keptAfter` seconds are kept.
    @MainActor private func showLongArticle(
        keptAfter: Double
    ) throws -> (library: LibraryWindow, window: UnsafeMutablePointer<GtkWidget>, top: URL, bottom: URL) {
        let (library, store, window) = try makeLibraryWindow(server: server, width: 1_400, height: 800)
        library.reading.picturesKeptAfter = keptAfter
        let top = URL(string: "https://img.example/top.png")!, bottom = URL(string: "https://img.example/bottom.png")!
        server.serve(top, body: try demoPNG())
        server.serve(bottom, body: try demoPNG())
        let paragraphs = String(repeating: "<p>A paragraph long enough to take a line or two of the reading column, and then some more words.</p>", count: 300)
        try store.apply([FeedRefresh(
            address: LibrarySpecData.news, outcome: .loaded(title: nil, siteLink: nil, items: [LibrarySpecData.item("n1", day: 60)], articles: [
                "n1": #"<img src="https://img.example/top.png" alt="Top">"# + paragraphs + #"<img src="https://img.example/bottom.png" alt="Bottom">"#,
            ]), date: LibrarySpecData.date(61)
        )])
        library.reopen()
        XCTAssertTrue(MainContext.iterate(until: { library.controller?.item(at: 0) != nil }, timeoutSeconds: 5))
        return (library, window, top, bottom)
    }

    @MainActor func test_anEpisode_hasAPlayButton_sayingHowLongAndHowBig() async throws {
        let (library, store, window) = try makeLibraryWindow(server: server, width: 1_400, height: 800)
        defer { gtk_window_destroy(itemfeed_window(window)) }
        let episode = Enclosure(url: URL(string: "https://cdn.example/e1.mp3")!, type: "audio/mpeg", length: 38_000_000, duration: 2_525)
        try store.apply([FeedRefresh(
            address: LibrarySpecData.news, outcome: .loaded(title: nil, siteLink: nil, items: [LibrarySpecData.item("n1", day: 60)], enclosures: ["n1": episode]),
            date: LibrarySpecData.date(61)
        )])
        library.reopen()
        XCTAssertTrue(MainContext.iterate(until: { library.controller?.item(at: 0) != nil }, timeoutSeconds: 5))
        let article = try XCTUnwrap(library.articleView)

        library.controller?.rowActivated(at: 0)

        XCTAssertTrue(MainContext.iterate(until: { ShownArticle(article).isOpen }, timeoutSeconds: 5))
        let label = try XCTUnwrap(ShownArticle(article).playLabel)
        XCTAssertTrue(label.hasPrefix("Play · 42"), label)
        XCTAssertTrue(label.hasSuffix("38 MB"), label)
        let episodeTitle = ShownArticle(article).title
        library.controller?.rowActivated(at: 1)
        XCTAssertTrue(MainContext.iterate(until: { ShownArticle(article).isOpen && ShownArticle(article).title != episodeTitle }, timeoutSeconds: 5))
        XCTAssertNil(ShownArticle(article).playLabel, "an item without one has none")
    }

    @MainActor func test_aLongArticle_showsItsStartAtOnce_andTheRestFrameByFrame() async throws {
        let (library, window, article) = try makeLibraryWithALongArticle(paragraphs: 3_000)
        defer { gtk_window_destroy(itemfeed_window(window)) }

        library.controller?.rowActivated(at: 0)
        XCTAssertTrue(MainContext.iterate(until: { ShownArticle(article).isOpen }, timeoutSeconds: 5))
        XCTAssertTrue(ShownArticle(article).text.hasPrefix("Paragraph 0 of a long article."))
        XCTAssertFalse(ShownArticle(article).text.hasSuffix("Paragraph 2999 of a long article."), "not all of it before the first frame")

        XCTAssertTrue(MainContext.iterate(until: { ShownArticle(article).text.hasSuffix("Paragraph 2999 of a long article.") }, timeoutSeconds: 10))
        XCTAssertEqual(ShownArticle(article).text.components(separatedBy: "\n").count, 3_000, "every paragraph once")
    }

    /// A star or Mark as Unread, in the pane or from the row's menu, keeps
    /// the reader where they had scrolled to.
    @MainActor func test_aMark_keepsTheArticleWhereTheReaderScrolledTo() async throws {
        let (library, window, article) = try makeLibraryWithALongArticle(paragraphs: 200)
        defer { gtk_window_destroy(itemfeed_window(window)) }
        library.controller?.rowActivated(at: 0)
        XCTAssertTrue(MainContext.iterate(until: { ShownArticle(article).text.hasSuffix("Paragraph 199 of a long article.") && (ShownArticle(article).scroll?.length ?? 0) > 2_000 }, timeoutSeconds: 10))
        // GTK lays the text's lines out a few at a time, and keeps what is
        // shown in place as it does, moving the offset a little meanwhile.
        _ = MainContext.iterate(until: { false }, timeoutSeconds: 0.5)
        let length = try XCTUnwrap(ShownArticle(article).scroll)
        try User.scroll(Widget(article.text.textView), toFraction: 1_500 / (length.length - length.pageLength))
        _ = MainContext.iterate(until: { false }, timeoutSeconds: 0.2)
        let scrolled = ShownArticle(article).scroll?.offset ?? 0

        library.reader?.toggleStarred()
        library.reader?.markUnread()
        library.controller?.setStarred(false, ofRowAt: 0)
        _ = MainContext.iterate(until: { false }, timeoutSeconds: 0.2)

        XCTAssertGreaterThan(scrolled, 1_000)
        XCTAssertEqual(ShownArticle(article).scroll?.offset ?? 0, scrolled, accuracy: 100, "where the reader was, not the article's top")
        XCTAssertFalse(ShownArticle(article).isStarred)
    }

    /// The library's window with News's newest item an article of
    /// `paragraphs` paragraphs, its row in the list.
    @MainActor private func makeLibraryWithALongArticle(paragraphs: Int) throws -> (LibraryWindow, UnsafeMutablePointer<GtkWidget>, ArticleView) {
        let (library, store, window) = try makeLibraryWindow(server: server, width: 1_400, height: 800)
        let long = (0..<paragraphs).map { "<p>Paragraph \($0) of a long article.</p>" }.joined()
        try store.apply([FeedRefresh(
            address: LibrarySpecData.news, outcome: .loaded(title: nil, siteLink: nil, items: [LibrarySpecData.item("n1", day: 60)], articles: ["n1": long]),
            date: LibrarySpecData.date(61)
        )])
        library.reopen()
        XCTAssertTrue(MainContext.iterate(until: { library.controller?.item(at: 0) != nil }, timeoutSeconds: 5))
        return (library, window, try XCTUnwrap(library.articleView))
    }

    @MainActor func test_jAndK_moveThroughTheItems_andTheListFollows() async throws {
        let (library, store, window) = try makeLibraryWindow(server: server, width: 1_400, height: 800)
        defer { gtk_window_destroy(itemfeed_window(window)) }
        let older = (0..<100).map { Item(id: "o\($0)", name: "Older \($0)", imageURL: nil, date: LibrarySpecData.date(-$0)) }
        try store.apply([LibrarySpecData.loaded(LibrarySpecData.news, older)])
        library.reopen()
        let screen = try XCTUnwrap(library.screen)
        XCTAssertTrue(MainContext.iterate(until: { screen.list.boundRowCount > 0 && library.controller?.numberOfRows == 103 }, timeoutSeconds: 5))
        library.controller?.rowActivated(at: 0)

        let article = try XCTUnwrap(library.articleView)
        XCTAssertTrue(MainContext.iterate(until: { (try? store.items(.unread, in: 0..<200).contains { $0.item.id == "n1" }) == false }, timeoutSeconds: 5), "the first read")

        FlowFiles.begin("j")
        _ = gtk_widget_activate_action_variant(screen.root, "reading.next", nil)
        XCTAssertTrue(MainContext.iterate(until: { ShownArticle(article).title == "Item t1" }, timeoutSeconds: 5), ShownArticle(article).title)
        XCTAssertTrue(MainContext.iterate(until: { (try? store.items(.unread, in: 0..<200).contains { $0.item.id == "t1" }) == false }, timeoutSeconds: 5), "and marked read")
        FlowFiles.end("j")
        _ = gtk_widget_activate_action_variant(screen.root, "reading.next", nil)
        _ = gtk_widget_activate_action_variant(screen.root, "reading.previous", nil)

        XCTAssertEqual(ShownArticle(article).title, "Item t1")
        XCTAssertEqual(library.reader?.page?.position, 1)
        library.reader?.open(at: 80)
        XCTAssertTrue(MainContext.iterate(until: { screen.list.visibleRowRange.contains(80) }, timeoutSeconds: 2), "the list follows: \(screen.list.visibleRowRange)")
    }

    @MainActor func test_onANarrowWindow_theArticleIsAPageOfItsOwn_andEscapeGoesBack() async throws {
        let (library, _, window) = try makeLibraryWindow(server: server, width: 500, height: 700)
        defer { gtk_window_destroy(itemfeed_window(window)) }
        XCTAssertTrue(MainContext.iterate(until: { library.leaflet.isFolded && library.controller?.item(at: 0) != nil }, timeoutSeconds: 5))
        library.leaflet.showContent()
        let pane = Widget(try XCTUnwrap(library.articleView).root), list = Widget(try XCTUnwrap(library.screen).list.widget)
        XCTAssertTrue(MainContext.iterate(until: { list.isShown && !pane.isShown }, timeoutSeconds: 5), "the list's page alone")

        try User.click(ShownItemRow.listItem(showing: "Item n1", in: list))
        XCTAssertTrue(MainContext.iterate(until: { pane.isShown && !list.isShown }, timeoutSeconds: 5), "the article's page alone")
        XCTAssertTrue(pane.containsFocus, "the focus goes with the page")

        try User.press("Escape", in: pane)

        XCTAssertTrue(MainContext.iterate(until: { list.isShown && !pane.isShown }, timeoutSeconds: 5), "back to the list")
        XCTAssertEqual(library.reader?.page?.item.name, "Item n1", "the item stays open, beside the list once wide")
    }
}

/// What a screen reader and the keyboard reach in the pane: no nameless
/// widget while no item is open, and the article's links as named buttons.
final class ArticlePaneAccessibilityTests: AdwTestCase {
    @MainActor func test_withNoItemOpen_everyWidgetAScreenReaderReaches_isNamed() async throws {
        try GtkDisplay.require()
        let (view, _) = makeView()

        XCTAssertEqual(Self.namelessWidgets(under: view.root), [])
    }

    @MainActor func test_anArticlesLinks_areListedAfterIt_asNamedButtons_thatOpenThem() async throws {
        try GtkDisplay.require()
        var opened: [URL] = []
        let (view, _) = makeView { opened.append($0) }
        let more = URL(string: "https://news.example/more")!, other = URL(string: "https://other.example/")!
        let article = Article(blocks: [
            ArticleBlock(kind: .paragraph, runs: [ArticleRun("Read "), ArticleRun("the story", link: more), ArticleRun(" or "), ArticleRun("elsewhere", link: other)]),
            ArticleBlock(kind: .paragraph, runs: [ArticleRun("Again: "), ArticleRun("the story", link: more)]),
        ])

        view.show(ReadingController<Thumbnail>.Page(position: 0, item: Item(id: "a", name: "A", imageURL: nil), feed: nil, byline: "", article: article))

        XCTAssertEqual(ShownArticle(view).linkList?.name, "Links in This Article (2)")
        try User.click(XCTUnwrap(ShownArticle(view).linkList))
        XCTAssertEqual(ShownArticle(view).listedLinks.map(\.name), ["the story", "elsewhere"])
        try User.click(ShownArticle(view).listedLinks[1])
        XCTAssertEqual(opened, [other])
        XCTAssertEqual(Self.namelessWidgets(under: view.root), [])

        view.show(ReadingController<Thumbnail>.Page(position: 0, item: Item(id: "b", name: "B", imageURL: nil), feed: nil, byline: "", article: Article(blocks: [])))
        XCTAssertEqual(ShownArticle(view).listedLinks.map(\.name), [], "the next article's, not this one's")
    }

    /// A long article names hundreds of links: they wait behind a closed
    /// "Links in This Article (30)" that makes their buttons when opened,
    /// so they hold back neither the article's first paint nor its reader;
    /// the next article's list comes closed again.
    @MainActor func test_manyLinks_waitBehindAClosedList_madeWhenItIsOpened() async throws {
        try GtkDisplay.require()
        var opened: [URL] = []
        let (view, _) = makeView { opened.append($0) }
        let links = (0..<30).map { URL(string: "https://news.example/\($0)")! }
        let article = Article(blocks: links.enumerated().map { index, link in
            ArticleBlock(kind: .paragraph, runs: [ArticleRun("See "), ArticleRun("story \(index)", link: link)])
        })

        view.show(ReadingController<Thumbnail>.Page(position: 0, item: Item(id: "a", name: "A", imageURL: nil), feed: nil, byline: "", article: article))

        XCTAssertEqual(ShownArticle(view).listedLinks.map(\.name), [], "no button made yet")
        XCTAssertEqual(ShownArticle(view).linkList?.name, "Links in This Article (30)")
        XCTAssertFalse(ShownArticle(view).linkList?.isExpanded ?? false)
        try User.click(XCTUnwrap(ShownArticle(view).linkList))
        XCTAssertEqual(ShownArticle(view).listedLinks.map(\.name).count, 30)
        try User.click(ShownArticle(view).listedLinks[29])
        XCTAssertEqual(opened, [links[29]])
        XCTAssertEqual(Self.namelessWidgets(under: view.root), [])

        view.show(ReadingController<Thumbnail>.Page(position: 1, item: Item(id: "b", name: "B", imageURL: nil), feed: nil, byline: "", article: article))
        XCTAssertFalse(ShownArticle(view).linkList?.isExpanded ?? false)
        XCTAssertEqual(ShownArticle(view).listedLinks.map(\.name), [])
    }

    @MainActor private func makeView(openLink: @escaping (URL) -> Void = { _ in }) -> (ArticleView, ReadingController<Thumbnail>) {
        let spy = ItemLoaderSpy()
        let list = ItemListComposer.compose(itemLoader: spy, imageLoader: spy, imageDecoder: PixbufImageDecoder(maxPixelSize: 64))
        let reader = ReadingComposer.compose(list: list, marks: nil, articles: ImmediateArticleSource { _ in Article(blocks: []) })
        let view = ArticleView(reader: reader, openLink: openLink)
        let window = gtk_window_new()!
        gtk_window_set_child(itemfeed_window(window), view.root)
        gtk_window_present(itemfeed_window(window))
        addTeardownBlock { @MainActor in gtk_window_destroy(itemfeed_window(window)) }
        return (view, reader)
    }

    /// Labels with no text and buttons with no name, among the widgets a
    /// screen reader is given (every visible one, shown or on a stack's
    /// other page): AT-SPI reads each such as its class, "GtkLabel".
    @MainActor static func namelessWidgets(under widget: UnsafeMutablePointer<GtkWidget>) -> [String] {
        guard gtk_widget_get_visible(widget) != 0 else { return [] }
        var nameless: [String] = []
        let accessible = itemfeed_accessible(widget)
        switch gtk_accessible_get_accessible_role(accessible) {
        case GTK_ACCESSIBLE_ROLE_LABEL:
            let text = gtk_label_get_text(itemfeed_label(widget)).map { String(cString: $0) } ?? ""
            if text.isEmpty, gtk_test_accessible_has_property(accessible, GTK_ACCESSIBLE_PROPERTY_LABEL) == 0 { nameless.append("GtkLabel") }
        case GTK_ACCESSIBLE_ROLE_BUTTON:
            // A widget of another class in the button role (an expander's title) is a button of another class, named only by its properties.
            let isButton = g_type_check_instance_is_a(UnsafeMutablePointer<GTypeInstance>(OpaquePointer(widget)), gtk_button_get_type()) != 0
            let label = isButton ? gtk_button_get_label(itemfeed_button(widget)).map { String(cString: $0) } ?? "" : ""
            if label.isEmpty, gtk_test_accessible_has_property(accessible, GTK_ACCESSIBLE_PROPERTY_LABEL) == 0,
               gtk_test_accessible_has_relation(accessible, GTK_ACCESSIBLE_RELATION_LABELLED_BY) == 0 {
                nameless.append("GtkButton")
            }
        default:
            break
        }
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            nameless += namelessWidgets(under: current)
            child = gtk_widget_get_next_sibling(current)
        }
        return nameless
    }
}
